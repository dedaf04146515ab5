// A service started for a scale-out (EVENTSTORE_URL or MONGO_URL) without one of the secrets every service must
// share stops at once, non-zero, naming the variable and how to make one: before it opens or connects to
// anything, and before it generates a secret of its own into DATA_DIR. The real entry points, as child
// processes; the servers' addresses lead nowhere (port 1), so a process that tried to connect would still be
// waiting when these tests give up on it (the MongoDB driver waits 30 s for a server). The embedded default
// still generates its secrets on first run.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePorts,
  type ServiceName,
  type ServiceProcess,
  serviceEnvironment,
  startService,
  stopService,
  waitUntilHealthy,
} from './service-processes';

/** An Ed25519 private key as the one-line body of its PEM, the form .env.example makes. */
function ed25519Body(): string {
  return generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('-----'))
    .join('');
}

const SECRETS: Record<string, string> = {
  MASTER_KEY: 'ab'.repeat(32),
  JWT_SECRET: 'start-up-test-secret-0123456789abcdef',
  CHECKPOINT_SIGNING_KEY: ed25519Body(),
  CERTIFICATE_SIGNING_KEY: ed25519Body(),
};
const UNREACHABLE_MONGO = { MONGO_URL: 'mongodb://127.0.0.1:1/x' };
const UNREACHABLE_EVENTSTORE = { EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false' };
/** Far less than the MongoDB driver's 30 s of server selection, and ample for tsx to start a process. */
const EXIT_WITHIN_MS = 25_000;

const dir = mkdtempSync(join(tmpdir(), 'tickwise-start-up-'));
const running: ServiceProcess[] = [];
let runs = 0;
afterAll(async () => {
  await Promise.all(running.map(stopService));
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** Starts the entry point without the `missing` secrets; resolves once it exits, or after EXIT_WITHIN_MS. */
async function startWithout(name: ServiceName, missing: readonly string[], servers: Record<string, string>) {
  const dataDir = join(dir, `data-${++runs}`);
  const given = Object.fromEntries(
    Object.entries(SECRETS).filter(([variable]) => !missing.includes(variable)),
  );
  const proc = startService(
    name,
    serviceEnvironment({
      ...given,
      ...servers,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      COMMAND_PORT: '0',
      QUERY_PORT: '0',
      PROJECTIONS_PORT: '0',
      LOG_LEVEL: 'warn',
    }),
  );
  running.push(proc);
  const timeout = new Promise<'still running'>((done) =>
    setTimeout(() => done('still running'), EXIT_WITHIN_MS).unref(),
  );
  const code = await Promise.race([proc.exit, timeout]);
  if (code === 'still running') await stopService(proc);
  return { code, output: proc.output.join(''), dataDirCreated: existsSync(dataDir) };
}

describe('a scale-out service without its shared secrets', () => {
  test.each<ServiceName>(['command-service', 'query-service', 'projections', 'app'])(
    '%s with MONGO_URL and no MASTER_KEY exits at once, naming MASTER_KEY and how to make one',
    async (name) => {
      const run = await startWithout(name, ['MASTER_KEY'], UNREACHABLE_MONGO);
      expect(run.code).toBe(1);
      expect(run.output).toContain('MASTER_KEY is not set');
      expect(run.output).toContain('openssl rand -hex 32');
      expect(run.output).not.toMatch(
        /(JWT_SECRET|CHECKPOINT_SIGNING_KEY|CERTIFICATE_SIGNING_KEY) is not set/,
      );
      // Nothing opened, nothing generated: the data folder was never even created.
      expect(run.dataDirCreated).toBe(false);
    },
  );

  test.each([
    ['JWT_SECRET', 'openssl rand -hex 32'],
    ['CHECKPOINT_SIGNING_KEY', 'openssl genpkey -algorithm ed25519'],
    ['CERTIFICATE_SIGNING_KEY', 'openssl genpkey -algorithm ed25519'],
  ])('the command service with MONGO_URL and no %s exits at once, naming it', async (variable, make) => {
    const run = await startWithout('command-service', [variable], UNREACHABLE_MONGO);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`${variable} is not set`);
    expect(run.output).toContain(make);
    expect(run.output).not.toContain('MASTER_KEY is not set');
    expect(run.dataDirCreated).toBe(false);
  });

  test('with EVENTSTORE_URL and none of them, it names all four', async () => {
    const run = await startWithout('query-service', Object.keys(SECRETS), UNREACHABLE_EVENTSTORE);
    expect(run.code).toBe(1);
    for (const variable of Object.keys(SECRETS)) expect(run.output).toContain(`${variable} is not set`);
    expect(run.dataDirCreated).toBe(false);
  });
});

describe('the embedded default', () => {
  test('starts without any secret and generates them into DATA_DIR on first run', async () => {
    const dataDir = join(dir, 'embedded');
    const [port] = await freePorts(1);
    const proc = startService(
      'command-service',
      serviceEnvironment({
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        COMMAND_PORT: String(port),
        LOG_LEVEL: 'warn',
      }),
    );
    running.push(proc);
    await waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, [proc], Date.now() + 60_000);
    expect(readdirSync(dataDir)).toEqual(
      expect.arrayContaining([
        'master-key',
        'jwt-secret',
        'checkpoint-signing-key.pem',
        'keys.db',
        'events.db',
      ]),
    );
    await stopService(proc);
  }, 90_000);
});
