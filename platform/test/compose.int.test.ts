// The docker-compose topology, validated offline with Debian's docker-compose (1.29): the file parses and
// interpolates, every service has a health check, the gateway publishes a port, the build targets exist in
// the Dockerfile, and the gateway's environment fills every variable of the shared nginx template.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { templateVariables } from '../src/config/gateway-config';

const root = resolve(__dirname, '..', '..');
const COMPOSE_MISSING =
  "docker-compose is not installed: the compose validation runs Debian's docker-compose offline. Install it with `apt-get install -y --no-install-recommends docker-compose` (.ci/run does).";
const SECRET = 'compose-test-secret-0123456789abcdef0123456789';
const MASTER_KEY = 'ab'.repeat(32);
/** The one-line body of an Ed25519 PKCS#8 key, as .env.example says to make one. */
const SIGNING_KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('-----'))
  .join('');

const dir = mkdtempSync(join(tmpdir(), 'tickwise-compose-'));
// An empty env file, so a developer's own .env never changes what the test sees.
const emptyEnvFile = join(dir, 'empty.env');
writeFileSync(emptyEnvFile, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compose(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(
    'docker-compose',
    ['--env-file', emptyEnvFile, '-f', join(root, 'docker-compose.yml'), ...args],
    { cwd: root, env, encoding: 'utf8', timeout: 60_000 },
  );
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(COMPOSE_MISSING);
  if (result.error) throw result.error;
  return result;
}

function envWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of [
    'JWT_SECRET',
    'CHECKPOINT_SIGNING_KEY',
    'MASTER_KEY',
    'CERTIFICATE_SIGNING_KEY',
    'JWT_TTL_SECONDS',
    'LOG_LEVEL',
  ]) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

interface HealthCheck {
  test?: string[] | string;
  disable?: boolean;
}
interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  environment?: Record<string, string | null>;
  healthcheck?: HealthCheck;
  ports?: Array<string | { published?: number | string; target?: number | string }>;
  depends_on?: Record<string, { condition?: string }>;
}
interface ComposeConfig {
  services: Record<string, ComposeService>;
}

function serviceOf(config: ComposeConfig, name: string): ComposeService {
  const service = config.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return service;
}

let config: ComposeConfig;

beforeAll(() => {
  const result = compose(
    ['config'],
    envWith({
      JWT_SECRET: SECRET,
      CHECKPOINT_SIGNING_KEY: SIGNING_KEY,
      MASTER_KEY,
      CERTIFICATE_SIGNING_KEY: SIGNING_KEY,
    }),
  );
  if (result.status !== 0) throw new Error(`docker-compose config failed:\n${result.stderr}`);
  config = parse(result.stdout) as ComposeConfig;
});

describe('docker-compose.yml', () => {
  test('validates offline (docker-compose config -q) when JWT_SECRET is set', () => {
    const result = compose(
      ['config', '-q'],
      envWith({
        JWT_SECRET: SECRET,
        CHECKPOINT_SIGNING_KEY: SIGNING_KEY,
        MASTER_KEY,
        CERTIFICATE_SIGNING_KEY: SIGNING_KEY,
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('refuses to run without JWT_SECRET, naming the variable', () => {
    const result = compose(
      ['config', '-q'],
      envWith({ CHECKPOINT_SIGNING_KEY: SIGNING_KEY, MASTER_KEY, CERTIFICATE_SIGNING_KEY: SIGNING_KEY }),
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JWT_SECRET');
  });

  test('refuses to run without one shared CHECKPOINT_SIGNING_KEY, naming the variable', () => {
    const result = compose(
      ['config', '-q'],
      envWith({ JWT_SECRET: SECRET, MASTER_KEY, CERTIFICATE_SIGNING_KEY: SIGNING_KEY }),
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('CHECKPOINT_SIGNING_KEY');
  });

  test('refuses to run without one shared CERTIFICATE_SIGNING_KEY, naming the variable', () => {
    const result = compose(
      ['config', '-q'],
      envWith({ JWT_SECRET: SECRET, MASTER_KEY, CHECKPOINT_SIGNING_KEY: SIGNING_KEY }),
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('CERTIFICATE_SIGNING_KEY');
  });

  test('runs the whole topology, each service with a health check', () => {
    expect(Object.keys(config.services).sort()).toEqual([
      'command-service',
      'eventstore',
      'gateway',
      'mongo',
      'projections',
      'query-service',
    ]);
    for (const [name, service] of Object.entries(config.services)) {
      expect({ name, disabled: service.healthcheck?.disable ?? false }).toEqual({ name, disabled: false });
      expect({ name, test: (service.healthcheck?.test?.length ?? 0) > 0 }).toEqual({ name, test: true });
    }
  });

  test('the gateway publishes a port and waits for healthy services', () => {
    const gateway = serviceOf(config, 'gateway');
    const ports = (gateway.ports ?? []).map((p) =>
      typeof p === 'string' ? p : `${p.published ?? ''}:${p.target ?? ''}`,
    );
    expect(ports).toContain('8080:80');
    for (const name of ['command-service', 'query-service', 'projections']) {
      expect(gateway.depends_on?.[name]?.condition).toBe('service_healthy');
      expect(serviceOf(config, name).depends_on).toEqual({
        eventstore: { condition: 'service_healthy' },
        mongo: { condition: 'service_healthy' },
      });
    }
  });

  test('the services use EventStoreDB, the Mongo replica set and the shared secret', () => {
    for (const name of ['command-service', 'query-service', 'projections']) {
      const env = serviceOf(config, name).environment ?? {};
      expect(env).toMatchObject({
        EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
        MONGO_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
        JWT_SECRET: SECRET,
        CHECKPOINT_SIGNING_KEY: SIGNING_KEY,
        TRUST_PROXY: '1',
      });
    }
    expect(serviceOf(config, 'mongo').healthcheck?.test).toEqual(
      expect.arrayContaining([expect.stringContaining('rs.initiate')]),
    );
  });

  test('every build target exists in the Dockerfile', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((m) => m[1]);
    const targets = Object.values(config.services)
      .map((s) => s.build?.target)
      .filter((t): t is string => t !== undefined);
    expect(targets.sort()).toEqual(['command-service', 'gateway', 'projections', 'query-service']);
    for (const target of targets) expect(stages).toContain(target);
  });

  test("the gateway's environment fills every variable of the nginx template, pointing at the services", () => {
    const env = serviceOf(config, 'gateway').environment ?? {};
    expect(Object.keys(env).sort()).toEqual(expect.arrayContaining(templateVariables()));
    const port = (service: string, variable: string) => serviceOf(config, service).environment?.[variable];
    expect(env.COMMAND_UPSTREAM).toBe(`command-service:${port('command-service', 'COMMAND_PORT')}`);
    expect(env.QUERY_UPSTREAM).toBe(`query-service:${port('query-service', 'QUERY_PORT')}`);
  });
});
