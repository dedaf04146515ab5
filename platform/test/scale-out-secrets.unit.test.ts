// Which secrets stop a scale-out process from starting (missingScaleOutSecrets), as a pure function of the
// configuration; platform/test/scale-out-start-up.int.test.ts runs the real entry points.
import {
  loadServerConfig,
  MissingSecretsError,
  missingScaleOutSecrets,
  requireScaleOutSecrets,
} from '../src/config/server-config';

const ALL = {
  MASTER_KEY: 'ab'.repeat(32),
  JWT_SECRET: 'unit-test-secret-0123456789abcdef0123',
  CHECKPOINT_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEI',
  CERTIFICATE_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEJ',
};
const nothingGenerated = () => false;
const missing = (env: NodeJS.ProcessEnv, exists: (file: string) => boolean = nothingGenerated) =>
  missingScaleOutSecrets(loadServerConfig({ DATA_DIR: '/srv/tickwise', ...env }), exists);

describe('missingScaleOutSecrets', () => {
  test('the embedded default needs none: it generates them', () => {
    expect(missing({})).toEqual([]);
  });

  test('with MONGO_URL or EVENTSTORE_URL every one of the four must be given', () => {
    for (const server of [{ MONGO_URL: 'mongodb://mongo/x' }, { EVENTSTORE_URL: 'esdb://es:2113' }]) {
      expect(missing({ ...server, ...ALL })).toEqual([]);
      const lines = missing(server);
      expect(lines).toHaveLength(4);
      expect(lines.map((line) => line.split(' ')[0])).toEqual([
        'MASTER_KEY',
        'JWT_SECRET',
        'CHECKPOINT_SIGNING_KEY',
        'CERTIFICATE_SIGNING_KEY',
      ]);
    }
  });

  test('names the variable, why every service needs the same one, and the command that makes one', () => {
    const [line] = missing({ MONGO_URL: 'mongodb://mongo/x', ...ALL, MASTER_KEY: '  ' });
    expect(line).toContain('MASTER_KEY is not set');
    expect(line).toContain('every service must be given the same MASTER_KEY');
    expect(line).toContain('Make one with: openssl rand -hex 32');
    const [signing] = missing({ MONGO_URL: 'mongodb://mongo/x', ...ALL, CHECKPOINT_SIGNING_KEY: '' });
    expect(signing).toContain("openssl genpkey -algorithm ed25519 | sed '1d;$d' | tr -d '\\n'");
  });

  test('points at a key an earlier run generated, so that it is given rather than replaced', () => {
    const generated = (file: string) => file === '/srv/tickwise/master-key';
    const [line] = missing(
      {
        MONGO_URL: 'mongodb://mongo/x',
        JWT_SECRET: ALL.JWT_SECRET,
        CHECKPOINT_SIGNING_KEY: 'k',
        CERTIFICATE_SIGNING_KEY: 'k',
      },
      generated,
    );
    expect(line).toContain('An earlier run generated one into /srv/tickwise/master-key: give that value');
    // A generated JWT secret is no value for JWT_SECRET (the file holds hex that the process decodes).
    const [jwt] = missing({ MONGO_URL: 'mongodb://mongo/x', ...ALL, JWT_SECRET: '' }, () => true);
    expect(jwt).not.toContain('earlier run');
  });

  test('requireScaleOutSecrets throws one error with every line', () => {
    const config = loadServerConfig({ MONGO_URL: 'mongodb://mongo/x', JWT_SECRET: ALL.JWT_SECRET });
    expect(() => requireScaleOutSecrets(config, nothingGenerated)).toThrow(MissingSecretsError);
    expect(() => requireScaleOutSecrets(config, nothingGenerated)).toThrow(
      /MASTER_KEY is not set[^\n]*\nCHECKPOINT_SIGNING_KEY is not set/,
    );
    expect(() => requireScaleOutSecrets(loadServerConfig({}), nothingGenerated)).not.toThrow();
  });
});
