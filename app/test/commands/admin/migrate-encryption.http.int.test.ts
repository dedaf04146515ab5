/**
 * Upgrading a data folder of the release before personal-data encryption (README, "Upgrading a data
 * folder"), on real files: the folder is written by the whole stack with the encryption layer left out (as
 * that release wrote it: personal fields in the clear, no key store), then `npm run admin -- migrate-encryption`
 * runs as the operator would run it. Afterwards the chains verify, the record matches the old file, every
 * learner logs in and finds their progress and compliance state, an erasure works, and no new file holds a
 * personal value in the clear.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type EventLogMigrated, SignedCheckpoint, streams } from '@tickwise/contracts';
import {
  anyEvents,
  ClearPersonalDataError,
  checkpointHash,
  handleCommand,
  openStorage,
  SqliteEventLog,
  type TaggedEvent,
  verifiedHeads,
} from '@tickwise/platform';
import { allProjections, rebuild } from '@tickwise/projections';
import {
  type ApiCall,
  ASSESSMENT,
  freshEmail,
  GOOD_PASSWORD,
  loadCourse,
  MIXED_SHEET,
  type Stack,
  startStack,
  userAccount,
} from '../../../src/testing';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'tickwise-migration-'));
const storageConfig = { dataDir: dir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run admin -- <args>` over the data folder, as a child process. */
const admin = (...args: string[]) =>
  run(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'command-service', 'src', 'admin', 'cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
    },
  );

const AGENT = 'MigrationTestBrowser/3.2 (Ptolemy)';
/** Holds a comma and spaces, which base64url ciphertext never does, so a chance match in sealed bytes is impossible. */
const INCOME = '73,000 a year (Ptolemy)';
const MODULE_1 = loadCourse().modules[0];

interface Person {
  email: string;
  firstName: string;
  lastName: string;
  userId: string;
}

/** A signed-in client of one stack: requests carry the token, the user agent and the last write's position. */
function session(stack: Stack, token: string) {
  const api = stack.client();
  let position = '0';
  const signed = (test: ApiCall) =>
    test.set('Authorization', `Bearer ${token}`).set('User-Agent', AGENT).set('X-Min-Position', position);
  return {
    ip: api.ip,
    get: (path: string) => signed(api.get(path)),
    async post(path: string, body?: object) {
      const res = await signed(api.post(path, body));
      if (typeof res.headers['x-position'] === 'string') position = res.headers['x-position'];
      return res;
    },
  };
}

async function login(stack: Stack, email: string) {
  const res = await stack
    .client()
    .post('/api/auth/login', { email, password: GOOD_PASSWORD })
    .set('User-Agent', AGENT);
  return { res, as: res.status === 200 ? session(stack, String(res.body.token)) : undefined };
}

/** What a learner sees of their own state: compliance, progress, quiz results, latest psychology result. */
async function stateOf(stack: Stack, email: string) {
  const { res, as } = await login(stack, email);
  if (!as) throw new Error(`login answered ${res.status}: ${res.text}`);
  const me = await as.get('/api/auth/me');
  const pages = await Promise.all(
    ['/api/progress', '/api/quiz-results', '/api/trading-psychology/latest', '/api/compliance/documents'].map(
      async (path) => [path, (await as.get(path)).body] as const,
    ),
  );
  const { isCompliant, email: shownEmail, firstName, lastName, roles } = me.body;
  return { me: { isCompliant, email: shownEmail, firstName, lastName, roles }, ...Object.fromEntries(pages) };
}

const alice: Person = {
  email: freshEmail('alice'),
  firstName: 'Quintilla',
  lastName: 'Marchbanks',
  userId: '',
};
const bruno: Person = {
  email: freshEmail('bruno'),
  firstName: 'Evander',
  lastName: 'Thistlewood',
  userId: '',
};
const auditor: Person = { email: freshEmail('auditor'), firstName: 'Ada', lastName: 'Auditor', userId: '' };
const before = new Map<string, unknown>();

/** Every file of the data folder the migration writes (the renamed old files are the operator's to delete). */
const newFiles = () =>
  readdirSync(dir).filter((name) => !name.includes('pre-encryption') && !name.endsWith('.json'));
const bytesOf = (names: readonly string[]) =>
  names.map((name) => readFileSync(join(dir, name)).toString('latin1')).join('\n');

beforeAll(async () => {
  // ---- the previous release at work ----
  const old = await startStack({
    dataDir: dir,
    previousRelease: true,
    publishContent: true,
    checkpoints: true,
    env: { MIN_READ_SECONDS: '0' },
  });
  for (const person of [alice, bruno, auditor]) {
    const res = await old
      .client()
      .post('/api/auth/register', { ...person, password: GOOD_PASSWORD })
      .set('User-Agent', AGENT);
    expect(res.status).toBe(201);
    person.userId = String(res.body.user.id);
  }
  await handleCommand({ log: old.storage.log }, userAccount, {
    stream: streams.user(auditor.userId),
    command: { kind: 'grantRole', userId: auditor.userId, role: 'auditor', by: 'test' },
    commandId: 'test:grant-auditor',
    actor: 'system:test',
    correlationId: 'test',
  });
  const as = (await login(old, alice.email)).as;
  if (!as || !MODULE_1) throw new Error('alice could not log in');
  const documents = (await as.get('/api/compliance/documents')).body as Array<{
    documentType: string;
    version: string;
  }>;
  for (const doc of documents)
    expect((await as.post('/api/compliance/document-views', doc)).status).toBe(201);
  for (const doc of documents)
    expect((await as.post('/api/compliance/acknowledgment', doc)).status).toBe(201);
  const risk = await as.post('/api/risk/assessment', {
    experienceLevel: 'intermediate',
    financialSituation: 'stable',
    riskCapacity: 5,
    investmentObjective: 'education',
    annualIncome: INCOME,
    netWorth: '',
  });
  expect(risk.status).toBe(201);
  expect((await as.post('/api/progress', { moduleId: 1, lessonId: 1, completed: true })).status).toBe(201);
  const question = MODULE_1.quiz[0];
  if (!question) throw new Error('module 1 has no quiz');
  const answered = await as.post('/api/quiz/attempt', {
    questionId: question.id,
    selectedAnswer: question.correctAnswer - 1,
    isCorrect: true,
  });
  expect(answered.status).toBe(201);
  expect((await as.post(ASSESSMENT, { responses: MIXED_SHEET })).status).toBe(201);
  // Bruno mistypes his password once (LoginFailed on his address), then signs in.
  const wrong = await old
    .client()
    .post('/api/auth/login', { email: bruno.email, password: 'Wrong-password-9' });
  expect(wrong.status).toBe(401);
  for (const person of [alice, bruno]) before.set(person.email, await stateOf(old, person.email));
  await old.checkpoint();
  await old.close();
}, 120_000);

test('the folder is as the previous release left it: personal data in the clear, no key store', () => {
  expect(existsSync(join(dir, 'keys.db'))).toBe(false);
  expect(existsSync(join(dir, 'master-key'))).toBe(false);
  expect(existsSync(join(dir, 'checkpoint-head.json'))).toBe(true);
  expect(bytesOf(['events.db'])).toContain(alice.email);
});

test('this release refuses the folder with a message that says to run the migration, and changes nothing', async () => {
  const opening = openStorage(storageConfig);
  await expect(opening).rejects.toBeInstanceOf(ClearPersonalDataError);
  await expect(opening).rejects.toThrow(/npm run admin -- migrate-encryption/);
  // The same message from a command-line tool, as `npm start` prints it: no stack trace.
  const refused = await admin('grant-role', alice.email, 'analyst').catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused).toMatchObject({
    code: 1,
    stderr: expect.stringContaining('holds personal data in the clear'),
  });
  expect((refused as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  expect(existsSync(join(dir, 'keys.db'))).toBe(false);
}, 60_000);

describe('npm run admin -- migrate-encryption', () => {
  let stdout: string;
  let record: EventLogMigrated;
  beforeAll(async () => {
    ({ stdout } = await admin('migrate-encryption'));
    const log = new SqliteEventLog<TaggedEvent>({ file: join(dir, 'events.db'), events: anyEvents });
    record = (await log.readStream(streams.migrations()))[0]?.data as EventLogMigrated;
    await log.close();
  }, 120_000);

  test('prints its progress, the verification, and read models rebuilt the same as before', () => {
    expect(stdout).toMatch(/migrate-encryption: [\d,]+ events copied \(position \d+ of \d+\)/);
    expect(stdout).toMatch(/Encrypted [\d,]+ events of [\d,]+ streams; every chain of the new log verified/);
    for (const projection of allProjections)
      expect(stdout).toMatch(new RegExp(`  ${projection.name}: [\\d,]+ documents, the same as before`));
    expect(stdout).toContain('They hold personal data in the clear');
  });

  test('the old files are kept, renamed; the new log records the old file’s heads, which it still matches', async () => {
    for (const name of [
      'events.pre-encryption.db',
      'read-models.pre-encryption.db',
      'checkpoint-head.pre-encryption.json',
    ])
      expect(existsSync(join(dir, name))).toBe(true);
    expect(record).toMatchObject({
      migration: 'personal-data-encryption',
      previousFile: 'events.pre-encryption.db',
    });
    const previous = new SqliteEventLog<TaggedEvent>({
      file: join(dir, 'events.pre-encryption.db'),
      events: anyEvents,
    });
    const heads = await verifiedHeads(previous, { skip: new Set([streams.checkpoints()]) });
    await previous.close();
    expect({ root: heads.root(), events: heads.events, streams: heads.streams }).toEqual({
      root: record.headsRoot,
      events: record.events,
      streams: record.streams,
    });
    // The old log's newest signed checkpoint, as its head file outside the database kept it.
    const head = SignedCheckpoint.encode(
      JSON.parse(readFileSync(join(dir, 'checkpoint-head.pre-encryption.json'), 'utf8')),
    );
    expect(record.previousCheckpoint).toEqual({ seq: head.statement.seq, hash: checkpointHash(head) });
  });

  test('every chain of the new log verifies, and a signed checkpoint covers it', async () => {
    const log = new SqliteEventLog<TaggedEvent>({ file: join(dir, 'events.db'), events: anyEvents });
    const heads = await verifiedHeads(log);
    const checkpoints = await log.readStream(streams.checkpoints());
    await log.close();
    expect(heads.events).toBeGreaterThan(record.events);
    expect(checkpoints.map((e) => e.type)).toEqual(['LogCheckpointSigned']);
    expect(existsSync(join(dir, 'checkpoint-head.json'))).toBe(true);
  });

  test('a second run changes nothing and says the folder was migrated and the old file still matches', async () => {
    const eventsBefore = readFileSync(join(dir, 'events.db'));
    const again = await admin('migrate-encryption');
    expect(again.stdout).toContain(`Already migrated on ${record.migratedAt}`);
    expect(again.stdout).toContain('still matches the record: every chain intact');
    expect(readFileSync(join(dir, 'events.db')).equals(eventsBefore)).toBe(true);
  }, 60_000);

  test('the new log and key store hold no personal value in the clear; the old file did', () => {
    const bytes = bytesOf(
      newFiles().filter((name) => name.startsWith('events.db') || name.startsWith('keys.db')),
    );
    const before = bytesOf(['events.pre-encryption.db']);
    for (const value of [
      alice.email,
      alice.lastName,
      bruno.email,
      bruno.lastName,
      AGENT,
      '$argon2id$',
      INCOME,
    ]) {
      expect({ value, before: before.includes(value) }).toEqual({ value, before: true });
      expect({ value, found: bytes.includes(value) }).toEqual({ value, found: false });
    }
  });
});

describe('Tickwise on the migrated folder', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ dataDir: dir, publishContent: true, env: { MIN_READ_SECONDS: '0' } });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  test('every learner logs in and finds their progress, quiz results, psychology result and compliance as before', async () => {
    for (const person of [alice, bruno])
      expect(await stateOf(stack, person.email)).toEqual(before.get(person.email));
    expect((before.get(alice.email) as { me: { isCompliant: boolean } }).me.isCompliant).toBe(true);
  });

  test('the auditor sees the learner’s evidence with every stream verified', async () => {
    const { as } = await login(stack, auditor.email);
    const history = await as?.get(`/api/audit/learners/${alice.userId}/history`);
    expect(history?.status).toBe(200);
    expect(history?.body.learner).toMatchObject({ email: alice.email, lastName: alice.lastName });
    expect(
      history?.body.events.filter((e: { type: string }) => e.type === 'DocumentAcknowledged'),
    ).toHaveLength(4);
    expect(history?.body.verification.every((v: { ok: boolean }) => v.ok)).toBe(true);
  });

  test('a migrated learner can be erased: afterwards none of their data is readable in any new file', async () => {
    const { as } = await login(stack, alice.email);
    expect((await as?.post('/api/account/erasure', { password: GOOD_PASSWORD }))?.status).toBe(200);
    expect((await login(stack, alice.email)).res.status).toBe(401);
    for (const projection of allProjections) await rebuild(stack.storage, projection);
    const registered = (await stack.storage.log.readStream(streams.user(alice.userId)))[0];
    expect(registered?.data).toMatchObject({
      email: '(erased)',
      firstName: '(erased)',
      lastName: '(erased)',
    });
    // Stopped, as an operator scans a folder: SQLite has written its write-ahead logs back into the files.
    await stack.close();
    const bytes = bytesOf(newFiles());
    for (const value of [alice.email, alice.firstName, alice.lastName, AGENT])
      expect({ value, found: bytes.includes(value) }).toEqual({ value, found: false });
  });
});
