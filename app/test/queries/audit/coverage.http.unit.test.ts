/**
 * Documents and coverage for auditors: every version of every document
 * with its publish time, hash, text and whether it is the one in force; the coverage of a version as of a
 * moment — who had acknowledged it then and who had not, leaving out users who registered later — and its
 * JSON (verifiable) and CSV exports. Scripted on the test clock.
 */

import {
  type AuditExport,
  type DocumentCoverage,
  DocumentType,
  type DocumentVersion,
} from '@tickwise/contracts';
import { verifyExport } from '@tickwise/query-service';
import {
  AUTHORED_DOCUMENTS,
  acknowledge,
  authoredVersionsOf,
  documentInForce,
  nextVersionOf,
  type Person,
  parseCsv,
  publishDocuments,
  register,
  registerWithRole,
  type Stack,
  startStack,
  testClock,
  view,
} from '../../../src/testing';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = '2025-09-01T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

/** The risk disclosure in force after start-up, and a later version the test publishes on day 2. */
const RISK = documentInForce('risk_disclosure');
const AMENDED = nextVersionOf('risk_disclosure', "Amended: the coverage test's next version.");
/** Versions of the risk disclosure on its catalog stream once AMENDED is published. */
const RISK_VERSIONS = authoredVersionsOf('risk_disclosure').length + 1;

const clock = testClock(T0);
let stack: Stack;
let auditor: Person;
/** a: acknowledges early; b: acknowledges a day later; c: never; d: registers after the coverage moment. */
let a: Person;
let b: Person;
let c: Person;
let d: Person;
const times = { a: '', b: '', d: '', dRegistered: '', a11: '' };

/** Views the risk disclosure, lets 15 s pass, acknowledges it; returns the acknowledgment time. */
async function readAndAcknowledge(person: Person, version = RISK.version) {
  await view(person, 'risk_disclosure', version);
  clock.advance(15 * SECOND);
  await acknowledge(person, 'risk_disclosure', version);
  return clock.now().toISOString();
}

beforeAll(async () => {
  stack = await startStack({ storage: 'memory', clock, publishContent: true });
  auditor = await registerWithRole(stack, 'auditor');
  clock.set(at(MINUTE));
  a = await register(stack, { label: 'cov-a' });
  clock.set(at(2 * MINUTE));
  b = await register(stack, { email: `+b-coverage-${process.pid}@example.com` });
  clock.set(at(3 * MINUTE));
  c = await register(stack, { email: `=c-coverage-${process.pid}@example.com` });
  clock.set(at(5 * MINUTE));
  times.a = await readAndAcknowledge(a);
  clock.set(at(2 * HOUR));
  times.dRegistered = clock.now().toISOString();
  d = await register(stack, { label: 'cov-d' });
  times.d = await readAndAcknowledge(d);
  clock.set(at(DAY));
  times.b = await readAndAcknowledge(b);
  clock.set(at(2 * DAY));
  const published = await publishDocuments(stack.storage.log, [AMENDED], {
    actor: 'system:test',
    now: clock.now,
  });
  a.saw(published.position);
  clock.set(at(3 * DAY));
  times.a11 = await readAndAcknowledge(a, AMENDED.version);
  clock.set(at(4 * DAY));
  for (const person of [a, b, c, d]) auditor.saw(person.position);
});
afterAll(async () => {
  await stack?.close();
});

const coverage = async (version: string, asOf?: string) => {
  const query = asOf ? `?asOf=${encodeURIComponent(asOf)}` : '';
  const res = await auditor.get(`/api/audit/documents/risk_disclosure/${version}/coverage${query}`);
  expect(res.status).toBe(200);
  return res.body as DocumentCoverage;
};
const byId = <T extends { learnerId: string }>(list: readonly T[]) =>
  [...list].sort((x, y) => x.learnerId.localeCompare(y.learnerId));
const acknowledgedBy = (person: Person, acknowledgedAt: string) => ({
  learnerId: person.userId,
  email: person.email,
  acknowledgedAt,
});
const notBy = (person: Person) => ({ learnerId: person.userId, email: person.email });

describe('GET /api/audit/documents', () => {
  test('every version of every document with its publish time, content hash, text and isActive', async () => {
    const res = await auditor.get('/api/audit/documents');
    expect(res.status).toBe(200);
    const versions = res.body as DocumentVersion[];
    const key = (v: { documentType: string; version: string }) => `${v.documentType}@${v.version}`;
    expect(versions.map(key).sort()).toEqual([...AUTHORED_DOCUMENTS, AMENDED].map(key).sort());
    // In force: AMENDED for the risk disclosure, the latest authored version of every other document.
    const inForce = [
      AMENDED,
      ...DocumentType.values.filter((t) => t !== 'risk_disclosure').map(documentInForce),
    ];
    for (const authored of [...AUTHORED_DOCUMENTS, AMENDED]) {
      const listed = versions.find((v) => key(v) === key(authored));
      expect(listed).toEqual({
        documentType: authored.documentType,
        version: authored.version,
        title: authored.title,
        content: authored.content,
        contentHash: authored.contentHash,
        publishedAt: authored === AMENDED ? at(2 * DAY) : T0,
        isActive: inForce.includes(authored),
      });
    }
  });
});

describe('GET /api/audit/documents/:documentType/:version/coverage?asOf=', () => {
  test('as of one hour in: a had acknowledged; the auditor, b and c had not; d (registered later) is left out', async () => {
    const report = await coverage(RISK.version, at(HOUR));
    expect(report).toMatchObject({ documentType: 'risk_disclosure', version: RISK.version, asOf: at(HOUR) });
    expect(byId(report.acknowledged)).toEqual([acknowledgedBy(a, times.a)]);
    expect(byId(report.notAcknowledged)).toEqual(byId([notBy(auditor), notBy(b), notBy(c)]));
  });

  test('at the exact moment d registered, d is counted (not acknowledged yet)', async () => {
    const report = await coverage(RISK.version, times.dRegistered);
    expect(byId(report.notAcknowledged)).toEqual(byId([notBy(auditor), notBy(b), notBy(c), notBy(d)]));
  });

  test('an acknowledgment counts from its own moment on', async () => {
    const justBefore = await coverage(RISK.version, new Date(Date.parse(times.b) - SECOND).toISOString());
    expect(justBefore.acknowledged.map((x) => x.learnerId)).not.toContain(b.userId);
    const atIt = await coverage(RISK.version, times.b);
    expect(byId(atIt.acknowledged)).toEqual(
      byId([acknowledgedBy(a, times.a), acknowledgedBy(b, times.b), acknowledgedBy(d, times.d)]),
    );
    expect(byId(atIt.notAcknowledged)).toEqual(byId([notBy(auditor), notBy(c)]));
  });

  test('an older version keeps its acknowledgments after a newer one is acknowledged', async () => {
    const report = await coverage(RISK.version);
    expect(report.acknowledged.map((x) => x.learnerId).sort()).toEqual([a.userId, b.userId, d.userId].sort());
  });

  test('the newer version now: only a, who acknowledged it; everyone else not; asOf defaults to the server clock', async () => {
    const report = await coverage(AMENDED.version);
    expect(report.asOf).toBe(at(4 * DAY));
    expect(byId(report.acknowledged)).toEqual([acknowledgedBy(a, times.a11)]);
    expect(byId(report.notAcknowledged)).toEqual(byId([notBy(auditor), notBy(b), notBy(c), notBy(d)]));
  });

  test('a version that was never published is 404; a document type that does not exist is 400', async () => {
    const missing = await auditor.get('/api/audit/documents/risk_disclosure/9.9/coverage');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.any(String) });
    const unknown = await auditor.get('/api/audit/documents/horoscope/1.0/coverage');
    expect(unknown.status).toBe(400);
  });
});

describe('coverage exports', () => {
  test('JSON: the report with the document stream it rests on, verifiable offline', async () => {
    const res = await auditor.get(
      `/api/audit/documents/risk_disclosure/${RISK.version}/coverage/export?asOf=${at(HOUR)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tickwise-coverage-risk_disclosure-${RISK.version}-2025-09-01.json"`,
    );
    const file = JSON.parse(res.text) as AuditExport;
    expect(file.kind).toBe('document-coverage');
    expect(file.report).toEqual(await coverage(RISK.version, at(HOUR)));
    expect(file.streams.map((s) => [s.stream, s.events.length])).toEqual([
      ['catalog-document-risk_disclosure', RISK_VERSIONS],
    ]);
    expect(file.heads).toEqual([
      {
        stream: 'catalog-document-risk_disclosure',
        events: RISK_VERSIONS,
        lastHash: file.streams[0]?.events[RISK_VERSIONS - 1]?.metadata.hash,
      },
    ]);
    // Verified, and the verifier says what it could not re-derive: the learner lists come from read models.
    expect(verifyExport(file)).toEqual({
      ok: true,
      summary: `verified: 1 streams, ${RISK_VERSIONS} events, 0 report events, export hash ok (the coverage lists come from the read models: covered by the export hash, not re-derived); no signed checkpoint covers any event; not yet covered by a signed checkpoint: catalog-document-risk_disclosure revisions 0 to ${RISK_VERSIONS - 1}`,
    });
    const edited = { ...file, report: { ...file.report, acknowledged: [] } };
    expect(verifyExport(edited)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^exportHash does not match/),
    });
  });

  test('CSV: a header row, one row per learner, and e-mails that start with = or + escaped', async () => {
    const res = await auditor.get(
      `/api/audit/documents/risk_disclosure/${RISK.version}/coverage/export?format=csv&asOf=${at(HOUR)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      'documentType',
      'version',
      'asOf',
      'learnerId',
      'email',
      'acknowledged',
      'acknowledgedAt',
    ]);
    const expected = [
      [a.userId, a.email, 'yes', times.a],
      ...[auditor, b, c].map((p) => [
        p.userId,
        p.email.startsWith('=') || p.email.startsWith('+') ? `'${p.email}` : p.email,
        'no',
        '',
      ]),
    ];
    const sort = (list: string[][]) => [...list].sort((x, y) => (x[0] ?? '').localeCompare(y[0] ?? ''));
    expect(sort(rows.map((r) => [r[3] ?? '', r[4] ?? '', r[5] ?? '', r[6] ?? '']))).toEqual(sort(expected));
    expect(rows.every((r) => r[0] === 'risk_disclosure' && r[1] === RISK.version && r[2] === at(HOUR))).toBe(
      true,
    );
  });
});
