/**
 * One damaged event in a stopped app's events.db (data that is no longer JSON; or one changed character,
 * which only the hash chain shows): the app still starts and serves every other learner, answers 503 for the
 * damaged learner's reads and writes, and the log, `npm run projections -- status` and the auditor's
 * verification each name the stream and the revision.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { documentsInForce } from '@tickwise/command-service/testing';
import Database from 'better-sqlite3';
import { type RunningApp, startApp } from '../src/testing/running-app';

const root = join(__dirname, '..', '..');
const run = promisify(execFile);
const folders: string[] = [];
const apps: RunningApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-damaged-'));
  folders.push(dir);
  return dir;
};

const PASSWORD = 'a long enough passphrase';
const documents = documentsInForce();

async function call(app: RunningApp, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${app.base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
  };
}

const view = (app: RunningApp, token: string, n: number) =>
  call(app, 'POST', '/api/compliance/document-views', token, {
    documentType: documents[n % documents.length]?.documentType,
    version: documents[n % documents.length]?.version,
  });

const login = async (app: RunningApp, email: string) => {
  const answer = await call(app, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  expect(answer.status).toBe(200);
  return String(answer.body?.token);
};

const emails = { damaged: 'damaged@example.com', other: 'other@example.com', auditor: 'auditor@example.com' };

/** A data folder with three users; the auditor is one; the learner to damage has viewed three documents. */
async function seed(): Promise<{ dir: string; damagedId: string }> {
  const dir = folder();
  const app = await startApp(dir);
  apps.push(app);
  const ids: Record<string, string> = {};
  for (const [who, email] of Object.entries(emails)) {
    const registered = await call(app, 'POST', '/api/auth/register', undefined, {
      email,
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    ids[who] = String((registered.body?.user as { id: string } | undefined)?.id);
    const token = String(registered.body?.token);
    for (let n = 0; n < (who === 'damaged' ? 3 : 1); n++)
      expect((await view(app, token, n)).status).toBe(201);
  }
  await app.stop();
  await run('npm', ['run', 'admin', '--', 'grant-role', emails.auditor, 'auditor'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' },
  });
  return { dir, damagedId: String(ids.damaged) };
}

/** Changes the stored data of one event behind the app's back, as someone with the file could. */
function damage(dir: string, stream: string, revision: number, change: (data: string) => string) {
  const db = new Database(join(dir, 'events.db'));
  const row = db
    .prepare('SELECT data FROM events WHERE stream = ? AND revision = ?')
    .get(stream, revision) as {
    data: string;
  };
  const changed = change(row.data);
  expect(changed).not.toBe(row.data);
  db.prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?').run(changed, stream, revision);
  db.close();
}

async function until<T>(what: string, attempt: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts the app on the damaged folder and checks what everyone sees. */
async function startDamaged(dir: string, damagedId: string, reason: RegExp) {
  const stream = `compliance-${damagedId}`;
  const app = await startApp(dir);
  apps.push(app);
  // Signing in reads the users read model only: the damaged learner still gets a token.
  const damagedToken = await login(app, emails.damaged);
  const otherToken = await login(app, emails.other);

  // The damaged learner: 503 with Retry-After for reads and writes, once the start-up scan has found it.
  const read = await until('the damaged records to be fenced', async () => {
    const answer = await call(app, 'GET', '/api/compliance/document-views', damagedToken);
    return answer.status === 503 ? answer : undefined;
  });
  expect(read.retryAfter).toMatch(/^\d+$/);
  expect(read.body).toEqual({ error: expect.stringMatching(/cannot be read right now/) });
  for (const answer of [
    await view(app, damagedToken, 3),
    await call(app, 'GET', '/api/auth/me', damagedToken),
  ]) {
    expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
  }

  // Everyone else: served, writes included, and read back through the projections.
  const written = await view(app, otherToken, 2);
  expect(written.status).toBe(201);
  const views = await until('the other learner to read the write back', async () => {
    const answer = await call(app, 'GET', '/api/compliance/document-views', otherToken);
    expect(answer.status).toBe(200);
    return Array.isArray(answer.body) && answer.body.length === 2 ? answer.body : undefined;
  });
  expect(views).toHaveLength(2);

  // The log names the stream and the revision.
  const logged = app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.stream === stream);
  expect(logged).toContainEqual(
    expect.objectContaining({
      revision: 1,
      msg: expect.stringMatching(/^damaged event/),
      reason: expect.stringMatching(reason),
    }),
  );

  // The projections' status lists it.
  const status = await run('npm', ['run', 'projections', '--', 'status'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' },
  });
  expect(status.stdout).toContain('damaged events: 1');
  expect(status.stdout).toMatch(new RegExp(`${stream} revision 1 \\(position \\d+\\): .*`));

  // The auditor's verification of the learner's records names it.
  const auditorToken = await login(app, emails.auditor);
  const history = await call(app, 'GET', `/api/audit/learners/${damagedId}/history`, auditorToken);
  expect(history.status).toBe(200);
  expect(history.body?.verification).toContainEqual(
    expect.objectContaining({ stream, ok: false, brokenAtRevision: 1 }),
  );
  expect(app.exitCode()).toBeNull();
  await app.stop();
}

test('a damaged event (data no longer JSON, or one changed character) is fenced: the app starts and serves everyone else', async () => {
  const { dir, damagedId } = await seed();
  const copy = folder();
  cpSync(dir, copy, { recursive: true });
  const stream = `compliance-${damagedId}`;

  damage(dir, stream, 1, (data) => data.slice(0, -1));
  await startDamaged(dir, damagedId, /not valid JSON/);

  // One character of a value changed: still JSON, so only its hash shows it.
  damage(copy, stream, 1, (data) =>
    data.replace(/"viewedAt":"(\d)/, (_, d) => `"viewedAt":"${(Number(d) + 1) % 10}`),
  );
  await startDamaged(copy, damagedId, /does not match its hash/);
}, 180_000);
