/**
 * Signed checkpoints over a real SQLite event log: the key (generated 0600, reused; or from the
 * environment), the writer following the log and signing, the reader re-verifying the chain, and what a
 * database-level attacker's changes look like to both.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SignedCheckpoint, streams } from '@tickwise/contracts';
import Database from 'better-sqlite3';
import {
  CHECKPOINT_KEY_FILE,
  CHECKPOINT_STREAM,
  CheckpointWriter,
  checkpointHeadFile,
  checkpointSignedBy,
  type EventLog,
  headIncluded,
  loadCheckpointKeys,
  type NewEvent,
  SignedCheckpoints,
  SqliteEventLog,
  signCheckpoint,
} from '../src';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tickwise-checkpoints-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const event = (n: number): NewEvent => ({
  type: 'AuditorViewedRecords',
  data: {
    auditorId: 'a-1',
    learnerId: null,
    view: `view ${n}`,
    asOf: null,
    viewedAt: new Date(0).toISOString(),
  },
  metadata: {
    correlationId: 'c',
    causationId: 'c',
    actor: 'test',
    occurredAt: new Date(0).toISOString(),
    schemaVersion: 1,
  },
});

describe('the checkpoint signing key', () => {
  test('is generated into DATA_DIR with mode 0600 on first run and reused after', () => {
    const first = loadCheckpointKeys({ dataDir: dir, signingKey: undefined });
    const file = join(dir, CHECKPOINT_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const again = loadCheckpointKeys({ dataDir: dir, signingKey: undefined });
    expect(again.keyId).toBe(first.keyId);
    expect(first.keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(first.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  test('CHECKPOINT_SIGNING_KEY (PEM or its one-line body) wins, and no file is written', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = String(privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const body = pem.split('\n')[1] ?? '';
    const fromPem = loadCheckpointKeys({ dataDir: dir, signingKey: pem });
    const fromBody = loadCheckpointKeys({ dataDir: dir, signingKey: body });
    expect(fromBody.keyId).toBe(fromPem.keyId);
    expect(fromPem.publicKeyPem).toBe(publicKey.export({ type: 'spki', format: 'pem' }));
    expect(existsSync(join(dir, CHECKPOINT_KEY_FILE))).toBe(false);
  });

  test('a key that is not Ed25519 is refused with a plain message', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = String(privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(() => loadCheckpointKeys({ dataDir: dir, signingKey: pem })).toThrow(/Ed25519/);
    expect(() => loadCheckpointKeys({ dataDir: dir, signingKey: 'not a key' })).toThrow(
      /CHECKPOINT_SIGNING_KEY is not an Ed25519 private key/,
    );
  });
});

describe('writing and reading checkpoints', () => {
  const open = () => new SqliteEventLog({ file: join(dir, 'events.db') });
  const keys = () => loadCheckpointKeys({ dataDir: dir, signingKey: undefined });
  const writer = (log: SqliteEventLog, errors: Error[] = []) =>
    new CheckpointWriter(log, keys(), {
      headFile: checkpointHeadFile(dir),
      intervalMs: 0,
      onError: (error) => errors.push(error),
    });
  const reader = (log: SqliteEventLog) =>
    new SignedCheckpoints(log, keys(), { headFile: checkpointHeadFile(dir) });
  /** Waits until the writer has followed the log up to its head, then signs. */
  const signNow = async (log: SqliteEventLog, w: CheckpointWriter) => {
    const head = await log.headPosition();
    for (let i = 0; i < 200 && w.followed !== head; i++) await new Promise((r) => setTimeout(r, 10));
    await w.cut();
  };

  test('each checkpoint signs every stream head so far; proofs verify; the head file holds the newest', async () => {
    const log = open();
    const w = writer(log);
    await w.start();
    await log.appendToStream('a-1', [event(1), event(2)], { expectedRevision: 'no_stream' });
    await log.appendToStream('b-1', [event(3)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await log.appendToStream('a-1', [event(4)], { expectedRevision: 1 });
    await log.appendToStream('c-1', [event(5)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await w.stop();

    const stored = await log.readStream(CHECKPOINT_STREAM);
    expect(stored.map((e) => (e.data as { heads: unknown[] }).heads.length)).toEqual([2, 2]);
    const r = reader(log);
    const view = await r.view(['a-1', 'b-1', 'c-1', 'd-1']);
    expect(view.basis).toMatchObject({ seq: 2, problem: null });
    expect(view.checkpoint?.statement.treeSize).toBe(3);
    const a = await log.readStream('a-1');
    expect(view.proofs.get('a-1')?.head).toEqual({ stream: 'a-1', revision: 2, hash: a[2]?.metadata.hash });
    for (const proof of view.proofs.values())
      expect(headIncluded(proof, view.checkpoint?.statement ?? ({} as never))).toBe(true);
    expect(view.proofs.has('d-1')).toBe(false);
    const headFile = JSON.parse(readFileSync(checkpointHeadFile(dir), 'utf8'));
    expect(headFile).toEqual(view.checkpoint);
    expect(statSync(checkpointHeadFile(dir)).mode & 0o777).toBe(0o600);
    expect(checkpointSignedBy(headFile, keys())).toBe(true);
    await log.close();
  });

  test('stop signs what was followed; a restart goes on from the newest checkpoint and chains to it', async () => {
    let log = open();
    let w = writer(log);
    await w.start();
    await log.appendToStream('a-1', [event(1)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await log.appendToStream('a-1', [event(2)], { expectedRevision: 0 });
    const head = await log.headPosition();
    for (let i = 0; i < 200 && w.followed !== head; i++) await new Promise((r) => setTimeout(r, 10));
    await w.stop();
    await log.close();

    log = open();
    w = writer(log);
    await w.start();
    await log.appendToStream('b-1', [event(3)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await w.stop();
    const view = await reader(log).view(['a-1', 'b-1']);
    expect(view.basis).toMatchObject({ seq: 3, problem: null });
    expect(view.proofs.get('a-1')?.head.revision).toBe(1);
    expect(view.checkpoint?.statement.treeSize).toBe(2);
    await log.close();
  });

  test('an event that does not extend its signed head (edited and re-hashed below it) is never signed', async () => {
    const log = open();
    const errors: Error[] = [];
    const w = writer(log, errors);
    await w.start();
    await log.appendToStream('a-1', [event(1), event(2)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    // The attacker replaces revision 1 with a re-hashed copy, then the app appends on top of it.
    const db = new Database(join(dir, 'events.db'));
    const row = db.prepare("SELECT metadata FROM events WHERE stream = 'a-1' AND revision = 1").get() as {
      metadata: string;
    };
    const forged = { ...JSON.parse(row.metadata), hash: 'f'.repeat(64) };
    db.prepare("UPDATE events SET metadata = ? WHERE stream = 'a-1' AND revision = 1").run(
      JSON.stringify(forged),
    );
    db.close();
    await log.appendToStream('a-1', [event(3)], { expectedRevision: 1 });
    await log.appendToStream('b-1', [event(4)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await w.stop();
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^stream a-1: revision 2 does not extend/),
    ]);
    const view = await reader(log).view(['a-1', 'b-1']);
    expect(view.basis.seq).toBe(2);
    expect(view.proofs.get('a-1')?.head.revision).toBe(1);
    expect(view.proofs.get('b-1')?.head.revision).toBe(0);
    await log.close();
  });

  test('storage refusing writes is reported once and never stops the writer; once it works, a checkpoint covers the gap', async () => {
    const log = open();
    let full = true;
    const fillable: EventLog = {
      appendToStream: (stream, events, options) =>
        full && stream === CHECKPOINT_STREAM
          ? Promise.reject(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'))
          : log.appendToStream(stream, events, options),
      readStream: (stream, options) => log.readStream(stream, options),
      readAll: (options) => log.readAll(options),
      subscribe: (options) => log.subscribe(options),
      headPosition: () => log.headPosition(),
      verifyStream: (stream) => log.verifyStream(stream),
      close: () => log.close(),
    };
    const errors: Error[] = [];
    let recovered = 0;
    const w = new CheckpointWriter(fillable, keys(), {
      headFile: checkpointHeadFile(dir),
      intervalMs: 0,
      retryMs: 0,
      onError: (error) => errors.push(error),
      onRecovered: () => recovered++,
    });
    await w.start();
    await log.appendToStream('a-1', [event(1)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await log.appendToStream('b-1', [event(2)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['SQLITE_FULL']);
    expect(existsSync(checkpointHeadFile(dir))).toBe(false);

    const gap = await log.headPosition();
    full = false;
    await signNow(log, w);
    await w.stop();
    expect(recovered).toBe(1);
    const view = await reader(log).view(['a-1', 'b-1']);
    expect(view.basis).toMatchObject({ seq: 1, problem: null });
    expect(view.checkpoint?.statement.position).toBe(gap);
    expect([...view.proofs.keys()].sort()).toEqual(['a-1', 'b-1']);
    expect(errors).toHaveLength(1);
    await log.close();
  });

  test('an event that cannot be read is reported by stream and revision, its stream signed no further; the others go on', async () => {
    let log = open();
    await log.appendToStream('a-1', [event(1), event(2)], { expectedRevision: 'no_stream' });
    await log.appendToStream('b-1', [event(3)], { expectedRevision: 'no_stream' });
    await log.close();
    const db = new Database(join(dir, 'events.db'));
    db.prepare("UPDATE events SET data = '{\"broken' WHERE stream = 'a-1' AND revision = 1").run();
    db.close();

    log = open();
    const errors: Error[] = [];
    const w = writer(log, errors);
    await w.start();
    await log.appendToStream('c-1', [event(4)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await w.stop();
    expect(errors.map((e) => e.message)).toEqual([
      'Stream a-1: the event at revision 1 cannot be read: it is not valid JSON; stream a-1 is no longer signed',
    ]);
    const view = await reader(log).view(['a-1', 'b-1', 'c-1']);
    expect(view.basis).toMatchObject({ seq: 1, problem: null });
    expect([...view.proofs.keys()].sort()).toEqual(['b-1', 'c-1']);
    await log.close();
  });

  test('a checkpoint signed by another key is refused; the chain rests on the one before; the writer will not sign on', async () => {
    const log = open();
    const w = writer(log);
    await w.start();
    await log.appendToStream('a-1', [event(1)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await w.stop();
    // A second writer with a key of its own signs over the same log (as an attacker would).
    const foreignDir = mkdtempSync(join(tmpdir(), 'tickwise-foreign-'));
    const foreignErrors: Error[] = [];
    const f = new CheckpointWriter(log, loadCheckpointKeys({ dataDir: foreignDir, signingKey: undefined }), {
      headFile: join(foreignDir, 'head.json'),
      intervalMs: 0,
      onError: (e) => foreignErrors.push(e),
    });
    await f.start();
    // Its own chain does not accept ours: it refuses too (our #1 is foreign to it).
    expect(foreignErrors[0]?.message).toMatch(/not signed by this Tickwise's checkpoint key/);
    rmSync(foreignDir, { recursive: true, force: true });

    // Forge by hand: append a checkpoint event signed with another key.
    const other = generateKeyPairSync('ed25519');
    const [first] = await log.readStream(CHECKPOINT_STREAM);
    const { statement } = (first?.data ?? {}) as SignedCheckpoint;
    const forged = signCheckpoint({ ...statement, seq: 2 }, { privateKey: other.privateKey });
    await log.appendToStream(
      CHECKPOINT_STREAM,
      [{ type: 'LogCheckpointSigned', data: { ...forged, heads: [] }, metadata: event(0).metadata }],
      { expectedRevision: 0 },
    );
    const view = await reader(log).view(['a-1']);
    expect(view.basis.seq).toBe(1);
    expect(view.basis.problem).toMatch(
      /^checkpoint #2 \(log-checkpoints revision 1\) is not signed by this Tickwise's checkpoint key/,
    );
    const errors: Error[] = [];
    const again = writer(log, errors);
    await again.start();
    expect(errors[0]?.message).toMatch(/^checkpoints are not signed: checkpoint #2/);
    await again.stop();
    await log.close();
  });

  test('checkpoints deleted from the database: the head file outside it tells, and the writer will not sign on', async () => {
    const log = open();
    const w = writer(log);
    await w.start();
    for (const n of [1, 2, 3]) {
      await log.appendToStream(`s-${n}`, [event(n)], { expectedRevision: 'no_stream' });
      await signNow(log, w);
    }
    await w.stop();
    const db = new Database(join(dir, 'events.db'));
    db.prepare('DELETE FROM events WHERE stream = ? AND revision >= 1').run(streams.checkpoints());
    db.close();
    const view = await reader(log).view(['s-1']);
    expect(view.basis.seq).toBe(1);
    expect(view.basis.problem).toBe(
      "the database's newest signed checkpoint is #1, but the head file kept outside it records #3: signed checkpoints were deleted from the database (or it was restored from an older copy)",
    );
    const errors: Error[] = [];
    const again = writer(log, errors);
    await again.start();
    expect(errors[0]?.message).toMatch(/^checkpoints are not signed: the database's newest/);
    await again.stop();
    expect((await log.readStream(CHECKPOINT_STREAM)).length).toBe(1);
    await log.close();
  });

  test('a checkpoint whose heads were edited in the database no longer gives its signed root', async () => {
    const log = open();
    const w = writer(log);
    await w.start();
    await log.appendToStream('a-1', [event(1), event(2)], { expectedRevision: 'no_stream' });
    await signNow(log, w);
    await w.stop();
    const db = new Database(join(dir, 'events.db'));
    const row = db.prepare('SELECT data FROM events WHERE stream = ?').get(CHECKPOINT_STREAM) as {
      data: string;
    };
    const data = JSON.parse(row.data);
    data.heads[0].revision = 0;
    db.prepare('UPDATE events SET data = ? WHERE stream = ?').run(JSON.stringify(data), CHECKPOINT_STREAM);
    db.close();
    const view = await reader(log).view(['a-1']);
    expect(view.basis.seq).toBeNull();
    expect(view.basis.problem).toBe(
      'checkpoint #1 (log-checkpoints revision 0): its stream heads do not give its signed tree root',
    );
    expect(view.proofs.size).toBe(0);
    await log.close();
  });
});
