// The scale-out split without Docker: command-service, query-service and projections as three Node processes
// over one embedded storage folder, behind Debian's nginx running the very gateway template that the
// docker-compose gateway runs (platform/gateway/gateway.conf.template). Proves the routing (GET/HEAD → query,
// everything else → command), the SPA fallback, the header pass-through and read-your-writes across
// processes.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeStandaloneGateway } from '../src/config/gateway-config';

const root = resolve(__dirname, '..', '..');
const NGINX_MISSING =
  "nginx is not installed: the gateway test runs the real gateway config with Debian's nginx. Install it with `apt-get install -y --no-install-recommends nginx` (.ci/run does).";
const SECRET = 'gateway-test-secret-0123456789abcdef0123'; // 40 characters

interface Running {
  name: string;
  child: ChildProcess;
  output: string[];
  exit: Promise<number | null>;
  exited: boolean;
}

const running: Running[] = [];
let dir = '';
let dist = '';
let gateway = '';

function findNginx(): string {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const result = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (!result.error && result.status === 0) return candidate;
  }
  throw new Error(NGINX_MISSING);
}

/** Starts a process in its own process group (so stopping it also stops anything it forked). */
function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const proc: Running = {
    name,
    child,
    output,
    exited: false,
    exit: new Promise((done) => {
      child.once('exit', (code) => {
        proc.exited = true;
        done(code);
      });
      child.once('error', (error) => {
        output.push(String(error));
        proc.exited = true;
        done(null);
      });
    }),
  };
  running.push(proc);
  return proc;
}

function signalGroup(proc: Running, signal: NodeJS.Signals) {
  const pid = proc.child.pid;
  if (pid === undefined || proc.exited) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * SIGTERM to the process group, then SIGKILL after 5 s while its leader still runs (nginx's master exits
 * only after its worker, which shares its group, so a signalled group is never left half-alive).
 */
async function stop(proc: Running): Promise<void> {
  signalGroup(proc, 'SIGTERM');
  const timer = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 5_000).unref());
  if ((await Promise.race([proc.exit, timer])) === 'timeout') {
    signalGroup(proc, 'SIGKILL');
    await proc.exit;
  }
}

async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < count; i++) {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    servers.push(server);
    ports.push(address.port);
  }
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}

async function waitUntilHealthy(url: string, procs: Running[], deadline: number): Promise<void> {
  for (;;) {
    const dead = procs.find((p) => p.exited);
    if (dead) throw new Error(`${dead.name} exited while starting:\n${dead.output.join('')}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${url} did not answer 200 in time:\n${procs.map((p) => `--- ${p.name}\n${p.output.join('')}`).join('\n')}`,
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

beforeAll(async () => {
  const nginx = findNginx();
  dir = mkdtempSync(join(tmpdir(), 'tickwise-gateway-'));
  // nginx's worker drops root privileges: it must be able to reach its temp folders and the build under `dir`.
  chmodSync(dir, 0o755);
  // A private production build of the frontend (about a second): `npm start` (start.int.test.ts, running in
  // parallel) rebuilds frontend/dist when it is missing or stale, and a vite build first empties its folder,
  // so serving frontend/dist itself would make this test flaky.
  dist = join(dir, 'dist');
  execFileSync('npm', ['run', 'build', '-w', '@tickwise/frontend', '--', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'pipe',
  });
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`the frontend build wrote no ${dist}/index.html`);
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const [commandPort, queryPort, projectionsPort, gatewayPort] = await freePorts(4);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    COMMAND_PORT: String(commandPort),
    QUERY_PORT: String(queryPort),
    PROJECTIONS_PORT: String(projectionsPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
  };
  // Always the embedded storage, even when the developer's shell points at EventStoreDB or MongoDB.
  for (const name of ['EVENTSTORE_URL', 'MONGO_URL', 'MONGO_DB', 'PORT']) delete env[name];
  const services = (
    [
      ['command-service', commandPort],
      ['query-service', queryPort],
      ['projections', projectionsPort],
    ] as const
  ).map(([name, port]) => ({
    port,
    proc: start(name, process.execPath, ['--import', 'tsx', `${name}/src/main.ts`], env),
  }));

  const nginxArgs = writeStandaloneGateway(join(dir, 'nginx'), {
    COMMAND_UPSTREAM: `127.0.0.1:${commandPort}`,
    QUERY_UPSTREAM: `127.0.0.1:${queryPort}`,
    GATEWAY_PORT: String(gatewayPort),
    STATIC_ROOT: dist,
  });
  const proxy = start('nginx', nginx, nginxArgs, process.env);
  gateway = `http://127.0.0.1:${gatewayPort}`;

  const procs = [...services.map((s) => s.proc), proxy];
  const deadline = Date.now() + 30_000;
  await Promise.all([
    ...services.map((s) => waitUntilHealthy(`http://127.0.0.1:${s.port}/healthz`, procs, deadline)),
    waitUntilHealthy(`${gateway}/healthz`, procs, deadline),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map(stop));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

const json = { 'Content-Type': 'application/json' };

async function register(email: string) {
  const res = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'gateway-Pass-4817', firstName: 'Gate', lastName: 'Way' }),
  });
  const body = (await res.json()) as { token?: string; user?: { id: string; email: string } };
  return { res, body, position: res.headers.get('X-Position') };
}

describe('the gateway in front of the split services', () => {
  test('register, then read /api/auth/me 200 times in a row: always the new user (read-your-writes)', async () => {
    const { res, body, position } = await register('gateway.reader@example.com');
    expect(res.status).toBe(201);
    expect(position).toMatch(/\S/);
    const token = body.token ?? '';
    const failures: string[] = [];
    for (let i = 0; i < 200; i++) {
      const me = await fetch(`${gateway}/api/auth/me`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Min-Position': position ?? '' },
      });
      const user = (await me.json()) as { id?: string; email?: string };
      if (me.status !== 200 || user.id !== body.user?.id || user.email !== 'gateway.reader@example.com') {
        failures.push(`#${i}: ${me.status} ${JSON.stringify(user)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 30_000);

  test('a read right after each fresh registration is never stale', async () => {
    const failures: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `gateway.fresh${i}@example.com`;
      const { res, body, position } = await register(email);
      if (res.status !== 201) {
        failures.push(`register #${i}: ${res.status} ${JSON.stringify(body)}`);
        continue;
      }
      const me = await fetch(`${gateway}/api/auth/me`, {
        headers: { Authorization: `Bearer ${body.token ?? ''}`, 'X-Min-Position': position ?? '' },
      });
      const user = (await me.json()) as { email?: string };
      if (me.status !== 200 || user.email !== email)
        failures.push(`me #${i}: ${me.status} ${JSON.stringify(user)}`);
    }
    expect(failures).toEqual([]);
  }, 30_000);

  test('GET and HEAD go to the query service, every other method to the command service', async () => {
    // /api/auth/me is a query (the command service does not know it: 404; the query service: 405 for
    // other methods); /api/auth/login is a command (the query service does not know it: 404).
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${gateway}/api/auth/me`, { method });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
    }
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${gateway}/api/auth/login`, { method });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
    }
    const unknown = await fetch(`${gateway}/api/no-such-command`, {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await unknown.json()).toEqual({ error: expect.any(String) });
  });

  test('passes X-Request-Id, Idempotency-Key and Authorization through to the services', async () => {
    const traced = await fetch(`${gateway}/api/no-such-route`, { headers: { 'X-Request-Id': 'trace-4711' } });
    expect(traced.headers.get('X-Request-Id')).toBe('trace-4711');
    // Without one, the gateway's own request id reaches the service (and comes back).
    const untraced = await fetch(`${gateway}/api/no-such-route`);
    expect(untraced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{32}$/);
    // The command service validates the Idempotency-Key header: only it can produce this message.
    const keyed = await fetch(`${gateway}/api/auth/register`, {
      method: 'POST',
      headers: { ...json, 'Idempotency-Key': 'x' },
      body: JSON.stringify({
        email: 'gateway.key@example.com',
        password: 'gateway-Pass-4817',
        firstName: 'Gate',
        lastName: 'Way',
      }),
    });
    expect(keyed.status).toBe(400);
    expect(((await keyed.json()) as { error: string }).error).toMatch(/Idempotency-Key/);
    const badToken = await fetch(`${gateway}/api/auth/me`, {
      headers: { Authorization: 'Bearer not-a-jwt' },
    });
    expect(badToken.status).toBe(401);
    expect(await badToken.json()).toEqual({ error: 'Invalid or expired token' });
  });

  test('serves the SPA: /, client routes and hashed assets, with the services’ security headers', async () => {
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    const home = await fetch(`${gateway}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.headers.get('server')).toBe('nginx');
    expect(await home.text()).toBe(index);

    const clientRoute = await fetch(`${gateway}/course`);
    expect(clientRoute.status).toBe(200);
    expect(await clientRoute.text()).toBe(index);

    const api = await fetch(`${gateway}/api/no-such-route`);
    expect(home.headers.get('content-security-policy')).toBe(api.headers.get('content-security-policy'));
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The page's one inline script (the session hint) runs: the policy allows it by its hash.
    const csp = home.headers.get('content-security-policy') ?? '';
    const inline = [...index.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    for (const script of inline)
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);

    const asset = /(?:src|href)="(\/assets\/[^"]+)"/.exec(index)?.[1] ?? '';
    expect(asset).toMatch(/^\/assets\//);
    const res = await fetch(`${gateway}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(readFileSync(join(dist, asset), 'utf8'));
  });

  test('answers a path that is not a page with 404 and the app, its prerendered landing hidden; a page with a trailing slash is the page', async () => {
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(index).toContain('<div data-prerendered="landing"');
    const missing = await fetch(`${gateway}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await missing.text()).toBe(
      index.replace('<div data-prerendered="landing"', '<div data-prerendered="landing" hidden'),
    );
    for (const path of ['/course/', '/cftc-compliance', '/']) {
      const page = await fetch(`${gateway}${path}`);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(await page.text()).toBe(index);
    }
    expect((await fetch(`${gateway}/course/lessons`)).status).toBe(404);
    expect((await fetch(`${gateway}/.tickwise-not-found`)).status).toBe(404);
  });

  test('refuses a body over 64 KB at the gateway with the API error shape', async () => {
    const res = await fetch(`${gateway}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ padding: 'x'.repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: expect.stringContaining('too large') });
  });
});
