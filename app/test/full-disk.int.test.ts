/**
 * The one-process app on a disk that fills up under several learners' writes: it stays up, every write answers
 * 2xx or 503 with Retry-After, reads are served, readiness is down; once space is freed, without a restart,
 * writes are accepted and read back through the projections, a new signed checkpoint covers them, readiness
 * comes back, and every acknowledged write is in the log. DATA_DIR is a small tmpfs the test mounts, which
 * needs root (as CI runs); elsewhere the test says why it does not run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentsInForce } from '@tickwise/command-service/testing';
import { httpHeaders } from '@tickwise/contracts';
import Database from 'better-sqlite3';
import { type RunningApp, startApp } from '../src/testing/running-app';

const isRoot = process.getuid?.() === 0;
if (!isRoot) {
  console.log('full-disk test not run: mounting a size-limited tmpfs for DATA_DIR needs root');
}
const rootOnly = isRoot ? test : test.skip;

const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-full-disk-'));
const ballast = join(dataDir, 'ballast');
let mounted = false;
let app: RunningApp | undefined;

beforeAll(() => {
  if (!isRoot) return;
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', dataDir]);
  mounted = true;
});
afterAll(async () => {
  await app?.stop();
  if (mounted) execFileSync('umount', [dataDir]);
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const PASSWORD = 'a long enough passphrase';
const documents = documentsInForce();

interface Answer {
  status: number;
  retryAfter: string | null;
  position: string | null;
  body: unknown;
}

async function call(method: string, path: string, body?: unknown, token?: string, minPosition?: string) {
  const response = await fetch(`${app?.base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(minPosition ? { [httpHeaders.minPosition]: minPosition } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    position: response.headers.get(httpHeaders.position),
    body: await response.json().catch(() => null),
  } satisfies Answer;
}

let emails = 0;
const register = () =>
  call('POST', '/api/auth/register', { email: `full-disk-${emails++}@example.com`, password: PASSWORD });

const viewDocument = (token: string, n: number) => {
  const document = documents[n % documents.length];
  return call(
    'POST',
    '/api/compliance/document-views',
    { documentType: document?.documentType, version: document?.version },
    token,
  );
};

/**
 * Fills the filesystem of DATA_DIR with one file, leaving about `leave` bytes free. The app keeps writing in the
 * background (checkpoints, projections), so the free space can shrink between measuring and allocating: then
 * the allocation fails and is tried again on a fresh measure.
 */
function fillDisk(leave: number) {
  for (let attempt = 1; ; attempt++) {
    const { bavail, bsize } = statfsSync(dataDir);
    const size = bavail * bsize - leave;
    if (size <= 0) return;
    try {
      execFileSync('fallocate', ['-l', String(size), ballast], { stdio: 'pipe' });
      return;
    } catch (error) {
      if (attempt === 20) throw error;
    }
  }
}

async function until<T>(what: string, attempt: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

rootOnly(
  'a full disk under write load: up, 2xx or 503 + Retry-After, reads served, not ready; recovers when freed, nothing acknowledged lost',
  async () => {
    app = await startApp(dataDir, { CHECKPOINT_INTERVAL_SECONDS: '1' });
    const learners: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < 5; i++) {
      const registered = await register();
      expect(registered.status).toBe(201);
      const { token, user } = registered.body as { token: string; user: { id: string } };
      learners.push({ id: user.id, token });
    }

    // Writes until SQLite has moved its write-ahead log into the database once: from then on appends reuse the
    // log file's space, so some still fit on a disk with nothing left, while the files beside them do not.
    const eventsFile = join(dataDir, 'events.db');
    const writes: Array<Answer & { learner: string }> = [];
    await Promise.all(
      learners.map(async (learner, index) => {
        const deadline = Date.now() + 20_000;
        for (let n = index; statSync(eventsFile).size < 512 * 1024 && Date.now() < deadline; n++) {
          const answer = await viewDocument(learner.token, n);
          expect(answer.status).toBe(201);
          writes.push({ ...answer, learner: learner.id });
        }
      }),
    );
    const warmUp = await call('GET', '/api/compliance/document-views', undefined, learners[0]?.token);
    expect(warmUp.status).toBe(200);
    fillDisk(64 * 1024);
    const reads: Answer[] = [];
    // Each learner writes (and now and then reads) on the full disk for a few seconds after its first refusal:
    // long enough for every background writer (checkpoints each second, projections, process managers) to meet it.
    await Promise.all(
      learners.map(async (learner, index) => {
        let refused = 0;
        let firstRefusal = Number.POSITIVE_INFINITY;
        const deadline = Date.now() + 25_000;
        const enough = () => refused >= 5 && Date.now() - firstRefusal > 4_000;
        for (let n = index; !enough() && Date.now() < deadline; n++) {
          const answer = await viewDocument(learner.token, n);
          writes.push({ ...answer, learner: learner.id });
          if (answer.status === 503 && refused++ === 0) firstRefusal = Date.now();
          if (n % 4 === 0)
            reads.push(await call('GET', '/api/compliance/document-views', undefined, learner.token));
        }
      }),
    );
    const statuses = new Set(writes.map((w) => w.status));
    expect([...statuses].every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses.has(503)).toBe(true);
    for (const refused of writes.filter((w) => w.status === 503)) {
      expect(refused.retryAfter).toMatch(/^\d+$/);
      expect(refused.body).toEqual({ error: expect.stringMatching(/cannot save/) });
    }
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);

    // Still full: the process answers, reads are served, readiness says why it is down.
    const [first] = learners;
    if (!first) throw new Error('no learner');
    expect((await call('GET', '/healthz')).status).toBe(200);
    expect(await call('GET', '/api/compliance/document-views', undefined, first.token)).toMatchObject({
      status: 200,
    });
    const notReady = await call('GET', '/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.retryAfter).toBe('5');
    expect(notReady.body).toMatchObject({
      status: 'not ready',
      storage: expect.stringMatching(/SQLITE_FULL|ENOSPC/),
    });

    // Space comes back; no restart. A new learner's writes are accepted and read back through the projections.
    rmSync(ballast, { force: true });
    const newcomer = await until('a registration to be accepted again', async () => {
      const registered = await register();
      return registered.status === 201 ? (registered.body as { token: string }) : undefined;
    });
    const viewed = await viewDocument(newcomer.token, 0);
    expect(viewed.status).toBe(201);
    const position = String(viewed.position);
    const readBack = await call('GET', '/api/compliance/document-views', undefined, newcomer.token, position);
    expect(readBack).toMatchObject({ status: 200 });
    expect(readBack.body).toEqual([expect.objectContaining({ documentType: documents[0]?.documentType })]);
    await until('readiness to come back', async () =>
      (await call('GET', '/readyz')).status === 200 ? true : undefined,
    );
    // A new signed checkpoint covers the write (the head file kept beside the log follows each one).
    const headFile = join(dataDir, 'checkpoint-head.json');
    await until('a checkpoint over the new write', async () => {
      if (!existsSync(headFile)) return undefined;
      const head = JSON.parse(readFileSync(headFile, 'utf8')) as { statement: { position: string } };
      return BigInt(head.statement.position) >= BigInt(position) ? true : undefined;
    });

    // Nothing acknowledged was lost, and nothing refused was written: the log holds exactly the 201s.
    const db = new Database(join(dataDir, 'events.db'), { readonly: true });
    try {
      const logged = db
        .prepare(
          "SELECT position, stream FROM events WHERE type = 'ComplianceDocumentViewed' AND stream IN (SELECT value FROM json_each(?))",
        )
        .all(JSON.stringify(learners.map((l) => `compliance-${l.id}`))) as Array<{
        position: number;
        stream: string;
      }>;
      const acknowledged = writes.filter((w) => w.status === 201);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(new Set(logged.map((row) => `${row.stream}@${row.position}`))).toEqual(
        new Set(acknowledged.map((w) => `compliance-${w.learner}@${w.position}`)),
      );
    } finally {
      db.close();
    }
    expect(app.exitCode()).toBeNull();
  },
  120_000,
);
