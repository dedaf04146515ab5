// The scale-out's secrets, as docker-compose.yml hands them out: rendered offline (`docker-compose config`)
// with a test .env whose secrets are made by the very commands .env.example prints. Every service that opens
// the storage must get the same MASTER_KEY, JWT_SECRET and CHECKPOINT_SIGNING_KEY: one generated per container
// would differ between them and be lost with the container.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCheckpointKeys } from '../src/checkpoints/signing-key';
import { loadJwtSecret } from '../src/http/secrets';
import { loadMasterKey } from '../src/privacy/data-keys';
import {
  type ComposeConfig,
  envExampleSecrets,
  environmentOf,
  generateEnvExampleSecrets,
  NODE_SERVICES,
  renderCompose,
  requiredComposeVariables,
} from './compose-support';

const SHARED_SECRETS = ['CERTIFICATE_SIGNING_KEY', 'CHECKPOINT_SIGNING_KEY', 'JWT_SECRET', 'MASTER_KEY'];
const dir = mkdtempSync(join(tmpdir(), 'tickwise-compose-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let secrets: Record<string, string>;
let config: ComposeConfig;

beforeAll(() => {
  secrets = generateEnvExampleSecrets();
  const rendered = renderCompose(dir, secrets);
  if (!rendered.config) throw new Error(`docker-compose config failed:\n${rendered.stderr}`);
  config = rendered.config;
});

describe('the secrets of docker-compose.yml', () => {
  test('.env.example asks for every secret compose requires, each with the command that makes one', () => {
    expect(requiredComposeVariables()).toEqual(SHARED_SECRETS);
    expect(
      envExampleSecrets()
        .map((s) => s.name)
        .sort(),
    ).toEqual(SHARED_SECRETS);
  });

  test("the values .env.example's commands make are what the services accept", () => {
    const dataDir = join(dir, 'never-written');
    expect(loadMasterKey({ dataDir, masterKey: secrets.MASTER_KEY })).toHaveLength(32);
    expect(loadJwtSecret({ dataDir, jwtSecret: secrets.JWT_SECRET }).symmetricKeySize).toBeGreaterThanOrEqual(
      32,
    );
    expect(
      loadCheckpointKeys({ dataDir, signingKey: secrets.CHECKPOINT_SIGNING_KEY }).privateKey,
    ).toBeDefined();
  });

  test('every service that opens the storage gets the same three secrets, the ones of .env', () => {
    const opensStorage = Object.keys(config.services).filter((name) => {
      const env = environmentOf(config, name);
      return env.EVENTSTORE_URL !== undefined || env.MONGO_URL !== undefined;
    });
    expect(opensStorage.sort()).toEqual([...NODE_SERVICES].sort());
    for (const name of opensStorage) {
      const env = environmentOf(config, name);
      for (const secret of SHARED_SECRETS)
        expect({ name, secret, value: env[secret] }).toEqual({ name, secret, value: secrets[secret] });
    }
  });

  test('the gateway and the databases get none of them', () => {
    for (const name of Object.keys(config.services).filter(
      (n) => !(NODE_SERVICES as readonly string[]).includes(n),
    )) {
      const env = environmentOf(config, name);
      for (const secret of SHARED_SECRETS)
        expect({ name, secret, given: secret in env }).toEqual({ name, secret, given: false });
    }
  });

  test.each(SHARED_SECRETS)(
    'compose refuses to start without %s, naming it and how to make one',
    (missing) => {
      const { [missing]: _left, ...rest } = secrets;
      const result = renderCompose(dir, rest);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`set ${missing}`);
      expect(result.stderr).toContain('.env.example');
    },
  );
});
