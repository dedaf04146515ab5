/**
 * When storage fails (a full disk, injected beneath the real SQLite log as SQLite reports it), every write
 * answers 503 with Retry-After and a plain message, reads go on, readiness reports the failure, and all
 * recovers by itself once the disk takes writes again — with every acknowledged write still there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@tickwise/contracts';
import {
  createLogger,
  type EventLog,
  handleCommand,
  openStorage,
  StorageOpenError,
} from '@tickwise/platform';
import Database from 'better-sqlite3';
import request from 'supertest';
import { freshEmail, GOOD_PASSWORD, type Stack, startStack, userAccount } from '../../../src/testing';

let diskFull = false;
const full = () => new Database.SqliteError('database or disk is full', 'SQLITE_FULL');

/** The real log, except that while `diskFull` every write fails the way SQLite reports a full disk. */
function fillableDisk(log: EventLog): EventLog {
  return {
    appendToStream: (stream, events, options) =>
      diskFull ? Promise.reject(full()) : log.appendToStream(stream, events, options),
    probeWrite: () => (diskFull ? Promise.reject(full()) : (log.probeWrite?.() ?? Promise.resolve())),
    readStream: (stream, options) => log.readStream(stream, options),
    readAll: (options) => log.readAll(options),
    subscribe: (options) => log.subscribe(options),
    headPosition: () => log.headPosition(),
    verifyStream: (stream) => log.verifyStream(stream),
    close: () => log.close(),
  };
}

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ logBeneath: fillableDisk });
});
afterAll(async () => {
  diskFull = false;
  await stack.close();
});

const register = (email = freshEmail('disk')) =>
  stack.client().post('/api/auth/register', { email, password: GOOD_PASSWORD });

test('a full disk: writes 503 + Retry-After, reads go on, readiness down; then recovery, nothing acknowledged lost', async () => {
  const acknowledged: string[] = [];
  const before = await register();
  expect(before.status).toBe(201);
  acknowledged.push(String(before.body.user.email));
  const token = String(before.body.token);
  expect((await request(stack.queryListener).get('/readyz')).status).toBe(200);

  diskFull = true;
  const head = await stack.head();
  for (let i = 0; i < 5; i++) {
    const refused = await register();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({
      error: 'Tickwise cannot save or read data right now; nothing was changed. Please try again in a moment',
    });
  }
  // Login appends too, so it is refused the same way (not a 500); a read is still served.
  const login = await stack
    .client()
    .post('/api/auth/login', { email: acknowledged[0], password: GOOD_PASSWORD });
  expect(login.status).toBe(503);
  const me = await stack.client().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  expect(me.status).toBe(200);
  for (const listener of [stack.queryListener, stack.commandListener]) {
    const ready = await request(listener).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body).toMatchObject({ status: 'not ready', storage: expect.stringMatching(/SQLITE_FULL/) });
  }
  expect(await stack.eventsAfter(head)).toEqual([]);
  expect(stack.errorResponses.filter((r) => r.status >= 500 && r.status !== 503)).toEqual([]);

  diskFull = false;
  // Readiness recovers by itself: its probe write succeeds, no request needed first.
  for (const listener of [stack.queryListener, stack.commandListener]) {
    expect((await request(listener).get('/readyz')).status).toBe(200);
  }
  const after = await register();
  expect(after.status).toBe(201);
  acknowledged.push(String(after.body.user.email));
  for (const email of acknowledged) {
    expect((await stack.client().post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(
      200,
    );
  }
});

describe('a start that cannot open its data says which file and why', () => {
  const root = mkdtempSync(join(tmpdir(), 'tickwise-cannot-open-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const config = (dataDir: string) => ({
    dataDir,
    eventstoreUrl: undefined,
    mongoUrl: undefined,
    mongoDb: 'x',
  });

  test('DATA_DIR under a file', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const opening = openStorage(config(join(file, 'data')));
    await expect(opening).rejects.toThrow(StorageOpenError);
    await expect(opening).rejects.toThrow(
      new RegExp(`^Cannot open ${join(file, 'data')}: .*ENOTDIR.*Check that DATA_DIR exists, is writable`),
    );
  });

  test('an events.db that is not a database', async () => {
    const dataDir = join(root, 'broken');
    await openStorage(config(dataDir)).then((storage) => storage.close());
    writeFileSync(join(dataDir, 'events.db'), 'this is not a database, just text that fills the header page');
    rmSync(join(dataDir, 'events.db-wal'), { force: true });
    const opening = openStorage(config(dataDir));
    await expect(opening).rejects.toThrow(
      new RegExp(`^Cannot open ${join(dataDir, 'events.db')}: file is not a database \\(SQLITE_NOTADB\\)`),
    );
  });
});

describe('an unreadable event', () => {
  const lines: string[] = [];
  let observed: Stack;
  beforeAll(async () => {
    observed = await startStack({
      commandDeps: (deps) => ({
        ...deps,
        logger: createLogger({
          name: 'command-service',
          level: 'info',
          destination: { write: (line: string) => lines.push(line) },
        }),
      }),
    });
  });
  afterAll(() => observed.close());

  test("answers 503 for that learner's stream and names stream and revision in the log; others carry on", async () => {
    // The victim registers through another process (a second storage on the folder): a service keeps the
    // streams it wrote itself and reads only what comes after, so it meets a damaged event where it reads a
    // stream afresh, as here.
    const userId = 'user-unreadable-1';
    const elsewhere = await openStorage({
      dataDir: observed.dir,
      eventstoreUrl: undefined,
      mongoUrl: undefined,
      mongoDb: 'x',
    });
    const email = freshEmail('corrupt');
    await handleCommand({ log: elsewhere.log }, userAccount, {
      stream: streams.user(userId),
      command: {
        kind: 'register',
        userId,
        email,
        firstName: 'Vic',
        lastName: 'Tim',
        at: new Date().toISOString(),
      },
      commandId: `${userId}:user`,
      actor: userId,
      correlationId: 'test',
    });
    await elsewhere.close();
    const victim = { body: { token: observed.commandDeps.tokens.sign(userId) } };
    const me = () =>
      observed.client().get('/api/auth/me').set('Authorization', `Bearer ${victim.body.token}`);
    for (let tries = 0; (await me()).status !== 200; tries++) {
      if (tries > 100) throw new Error('the victim never reached the users read model');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const other = await observed
      .client()
      .post('/api/auth/register', { email: freshEmail('corrupt'), password: GOOD_PASSWORD });
    const db = new Database(join(observed.dir, 'events.db'));
    db.prepare("UPDATE events SET data = '{\"broken' WHERE stream = ? AND revision = 0").run(
      `user-${userId}`,
    );
    db.close();

    const logout = await observed
      .client()
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${victim.body.token}`);
    expect(logout.status).toBe(503);
    expect(logout.headers['retry-after']).toBe('60');
    expect(logout.body.error).toMatch(/cannot be read right now/);
    expect(JSON.stringify(logout.body)).not.toContain(userId);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unreadable event');
    expect(logged).toMatchObject({ stream: `user-${userId}`, revision: 0, level: 50 });

    const fine = await observed
      .client()
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${other.body.token}`);
    expect(fine.status).toBe(200);
  });
});
