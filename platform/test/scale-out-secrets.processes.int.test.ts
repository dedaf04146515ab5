// The scale-out's containers as three processes: command-service, query-service and projections, each with
// the environment docker-compose.yml gives it (rendered offline with a test .env) and each with its OWN data
// folder, as each container has its own /app/data. In place of EventStoreDB and MongoDB they share one
// embedded storage (DATABASE_DIR: events.db, read-models.db and keys.db), so the data keys one process wraps
// are unwrapped by the others. A learner's name and e-mail are written through the command service and read
// back through the query service: from the read model the projections built (the projections unwrapped the
// key) and from the log itself ("Download my data": the query service unwrapped it). That works only when
// every process is given the same MASTER_KEY; a master key generated into each data folder breaks it.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environmentOf, generateEnvExampleSecrets, NODE_SERVICES, renderCompose } from './compose-support';
import {
  freePorts,
  outputOf,
  type ServiceProcess,
  serviceEnvironment,
  startService,
  stopService,
  waitUntilHealthy,
} from './service-processes';

const running: ServiceProcess[] = [];
let dir = '';
let command = '';
let query = '';
const dataDirs: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tickwise-scale-out-'));
  const rendered = renderCompose(dir, generateEnvExampleSecrets());
  if (!rendered.config) throw new Error(`docker-compose config failed:\n${rendered.stderr}`);
  const shared = join(dir, 'shared-storage');
  mkdirSync(shared);
  const ports = await freePorts(3);
  const [commandPort, queryPort, projectionsPort] = ports.map(String);
  const procs = NODE_SERVICES.map((name) => {
    // Each container's /app/data exists in its image, empty.
    const dataDir = join(dir, `${name}-data`);
    mkdirSync(dataDir, { mode: 0o700 });
    dataDirs[name] = dataDir;
    const fromCompose = environmentOf(rendered.config as NonNullable<typeof rendered.config>, name);
    // The servers' places taken by the shared embedded storage; everything else as compose says.
    const { EVENTSTORE_URL: _log, MONGO_URL: _readModels, MONGO_DB: _db, ...rest } = fromCompose;
    return startService(
      name,
      serviceEnvironment({
        ...rest,
        DATA_DIR: dataDir,
        DATABASE_DIR: shared,
        HOST: '127.0.0.1',
        COMMAND_PORT: commandPort ?? '',
        QUERY_PORT: queryPort ?? '',
        PROJECTIONS_PORT: projectionsPort ?? '',
        LOG_LEVEL: 'warn',
      }),
    );
  });
  running.push(...procs);
  command = `http://127.0.0.1:${commandPort}`;
  query = `http://127.0.0.1:${queryPort}`;
  const deadline = Date.now() + 60_000;
  await Promise.all(
    ports.map((port) => waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, procs, deadline)),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map(stopService));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** Runs `check`; when it fails, the processes' output is added to the failure. */
async function withOutput(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message += `\n\nThe three processes' output:\n${outputOf(running)}`;
    throw error;
  }
}

describe('three services with their own data folders over one storage, configured as compose does', () => {
  test('a learner registered through the command service is read back, name and e-mail, through the query service', async () => {
    const learner = {
      email: 'ada.scale-out@example.com',
      password: 'scale-Out-Pass-4817',
      firstName: 'Ada',
      lastName: 'Lovelace',
    };
    const registered = await fetch(`${command}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(learner),
    });
    const body = (await registered.json()) as { token?: string; user?: { id: string } };
    expect(registered.status).toBe(201);
    const headers = {
      Authorization: `Bearer ${body.token ?? ''}`,
      'X-Min-Position': registered.headers.get('X-Position') ?? '',
    };

    await withOutput(async () => {
      // Through the projections: they unwrapped the learner's data key to fold the registration.
      const me = await fetch(`${query}/api/auth/me`, { headers });
      expect({ status: me.status, body: await me.json() }).toMatchObject({
        status: 200,
        body: { id: body.user?.id, email: learner.email, firstName: 'Ada', lastName: 'Lovelace' },
      });
      // Straight from the log: the query service unwrapped the key itself.
      const data = await fetch(`${query}/api/account/data`, { headers });
      expect({ status: data.status, body: await data.json() }).toMatchObject({
        status: 200,
        body: { profile: { email: learner.email, firstName: 'Ada', lastName: 'Lovelace' } },
      });
    });
  }, 60_000);

  test('no process generated a secret into its data folder: they all use the ones compose gave them', () => {
    for (const name of NODE_SERVICES) {
      const files = readdirSync(dataDirs[name] ?? '');
      for (const generated of ['master-key', 'jwt-secret', 'checkpoint-signing-key.pem'])
        expect({ name, generated, present: files.includes(generated) }).toEqual({
          name,
          generated,
          present: false,
        });
    }
  });
});
