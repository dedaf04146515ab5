import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../src/http/tokens';

const secret = createSecretKey(Buffer.from('s'.repeat(64), 'utf8'));
const userId = '0190c0de-0000-7000-8000-000000000001';

describe('the token service', () => {
  let clock: number;
  const tokens = () => createTokenService({ secret, expiresInSeconds: 60, now: () => clock });
  beforeEach(() => {
    clock = Date.parse('2026-11-27T10:00:00Z');
  });

  test('a token it signed verifies, again and again, to the same claims', () => {
    const service = tokens();
    const token = service.sign(userId);
    const first = service.verify(token);
    expect(first).toMatchObject({ userId, issuedAtMs: clock });
    expect(service.verify(token)).toEqual(first);
  });

  test('a verified token is refused once it expires, even though it was verified before', () => {
    const service = tokens();
    const token = service.sign(userId);
    expect(service.verify(token)).not.toBeNull();
    clock += 59_000;
    expect(service.verify(token)).not.toBeNull();
    clock += 1_000;
    expect(service.verify(token)).toBeNull();
  });

  test('a verified token with one character changed is checked in full and refused', () => {
    const service = tokens();
    const token = service.sign(userId);
    expect(service.verify(token)).not.toBeNull();
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const changed = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(service.verify(changed)).toBeNull();
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect(service.verify(token.replace(payload ?? '', otherUser))).toBeNull();
  });

  test('tokens from another secret, issuer or audience, or without an expiry, are refused', () => {
    const service = tokens();
    const other = createSecretKey(Buffer.from('o'.repeat(64), 'utf8'));
    const base = { subject: userId, jwtid: 'j', algorithm: 'HS256' as const };
    expect(
      service.verify(
        jwt.sign({}, other, { ...base, issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, expiresIn: 60 }),
      ),
    ).toBeNull();
    expect(
      service.verify(
        jwt.sign({}, secret, { ...base, issuer: 'elsewhere', audience: TOKEN_AUDIENCE, expiresIn: 60 }),
      ),
    ).toBeNull();
    expect(
      service.verify(
        jwt.sign({}, secret, { ...base, issuer: TOKEN_ISSUER, audience: 'other', expiresIn: 60 }),
      ),
    ).toBeNull();
    expect(
      service.verify(jwt.sign({}, secret, { ...base, issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE })),
    ).toBeNull();
  });
});
