import { readFileSync } from 'node:fs';
import { argon2Hasher, commonPasswordCount, passwordProblem, TEST_ARGON2 } from './passwords';

describe('password hashing', () => {
  const { hash: hashPassword, verify: verifyPassword, verifyUnknown } = argon2Hasher(TEST_ARGON2);

  test('production hashes with argon2id at OWASP settings (19 MiB, t=2, p=1), argon2 pinned at 0.44.0', async () => {
    const hash = await argon2Hasher().hash('Corr3ct-Horse-Battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await argon2Hasher().verify(hash, 'Corr3ct-Horse-Battery')).toBe(true);
    expect(await hashPassword('Corr3ct-Horse-Battery')).not.toBe(await hashPassword('Corr3ct-Horse-Battery'));
    const pkg = JSON.parse(readFileSync(require.resolve('argon2/package.json'), 'utf8')) as {
      version: string;
    };
    expect(pkg.version).toBe('0.44.0');
  });

  test('verify: the right password passes, any other fails, a broken hash fails without throwing', async () => {
    const hash = await hashPassword('Corr3ct-Horse-Battery');
    expect(await verifyPassword(hash, 'Corr3ct-Horse-Battery')).toBe(true);
    expect(await verifyPassword(hash, 'corr3ct-horse-battery')).toBe(false);
    expect(await verifyPassword(hash, 'Corr3ct-Horse-Battery ')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Corr3ct-Horse-Battery')).toBe(false);
  });

  test('the dummy verification (unknown e-mail) always fails, even for the dummy password', async () => {
    expect(await verifyUnknown('anything')).toBe(false);
    expect(await verifyUnknown('tickwise-dummy-password-for-timing')).toBe(false);
  });
});

describe('password rules', () => {
  test('a bundled list of tens of thousands of common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(10_000);
  });

  test.each(['password1', 'qwerty123', 'Password1', 'PASSWORD', '12345678', 'iloveyou', 'sunshine'])(
    '%s is refused as common, naming password',
    (password) => {
      expect(passwordProblem(password, 'ann@example.com')).toBe(
        'password: is one of the most common passwords; please choose another',
      );
    },
  );

  test('the e-mail address or its local part (any case) is refused', () => {
    expect(passwordProblem('Ann.Lee.1984@Example.com', 'ann.lee.1984@example.com')).toBe(
      'password: must not be your e-mail address',
    );
    expect(passwordProblem('ANN.LEE.1984', 'ann.lee.1984@example.com')).toBe(
      'password: must not be your e-mail address',
    );
  });

  test('an uncommon password is fine', () => {
    expect(passwordProblem('Corr3ct-Horse-Battery', 'ann@example.com')).toBeUndefined();
  });
});
