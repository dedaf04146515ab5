/**
 * The compliance read side over HTTP: the documents in force, and the caller's own
 * acknowledgments, risk assessments (newest first), warnings and Compliance Log (newest first) — never
 * another user's. Whole stack, documents published as at start-up, warnings process running, test clock.
 */

import { DocumentType, streams } from '@tickwise/contracts';
import {
  type Client,
  documentInForce,
  eventually,
  freshEmail,
  GOOD_PASSWORD,
  type Stack,
  startStack,
  testClock,
} from '../../../src/testing';

const clock = testClock();
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ clock, publishContent: true, processManagers: true });
});
afterAll(async () => {
  await stack?.close();
});

const SECOND = 1000;
/** The version of each document in force after start-up (the latest authored). */
const inForce = (type: string) => documentInForce(type).version;
const ANSWERS = {
  experienceLevel: 'beginner',
  financialSituation: 'stable',
  riskCapacity: 6,
  investmentObjective: 'education',
  annualIncome: '',
  netWorth: null,
};

interface Learner {
  userId: string;
  position: string;
  get(path: string): ReturnType<Client['get']>;
  /** A write; its commit position is kept for the learner's later queries (read your own writes). */
  post(path: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }>;
  put(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

async function register(): Promise<Learner> {
  const api = stack.client();
  const res = await api.post('/api/auth/register', { email: freshEmail('reader'), password: GOOD_PASSWORD });
  expect(res.status).toBe(201);
  const auth = `Bearer ${String(res.body.token)}`;
  const learner: Learner = {
    userId: String(res.body.user.id),
    position: String(res.headers['x-position']),
    get: (path) => api.get(path).set('Authorization', auth).set('X-Min-Position', learner.position),
    async post(path, body) {
      const reply = await api.post(path, body).set('Authorization', auth);
      if (reply.headers['x-position']) learner.position = reply.headers['x-position'];
      return reply;
    },
    async put(path) {
      const reply = await api.put(path).set('Authorization', auth);
      if (reply.headers['x-position']) learner.position = reply.headers['x-position'];
      return reply;
    },
  };
  return learner;
}

const list = async (learner: Learner, path: string) => {
  const res = await learner.get(path);
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body as Array<Record<string, unknown>>;
};

/** The learner's warnings once the (asynchronous) process manager has issued `count` of them. */
const warningsOnceIssued = (learner: Learner, count: number) =>
  eventually(
    async () => {
      const warnings = await list(learner, '/api/regulatory/warnings');
      return warnings.length >= count ? warnings : undefined;
    },
    { what: `${count} warnings` },
  );

describe('GET /api/compliance/documents', () => {
  test("the four documents in force, in the compliance rule's order, with their fields and the consent wording", async () => {
    const learner = await register();
    const documents = await list(learner, '/api/compliance/documents');
    expect(documents.map((d) => d.documentType)).toEqual([...DocumentType.values]);
    for (const document of documents) {
      const authored = documentInForce(String(document.documentType));
      expect(document).toEqual({
        id: `${authored.documentType}@${authored.version}`,
        documentType: authored.documentType,
        title: authored.title,
        version: authored.version,
        content: authored.content,
        consentText: authored.consentText,
        isActive: true,
      });
    }
  });

  test('sent gzipped to a client that accepts it, and plain to one that does not', async () => {
    const learner = await register();
    const get = (encoding: string) =>
      learner.get('/api/compliance/documents').set('Accept-Encoding', encoding);
    const packed = await get('gzip, deflate, br');
    const plain = await get('identity');
    const refused = await get('gzip;q=0');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, packed, refused]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toBe('Accept-Encoding');
      // Inflated by the client where it was gzipped: the same documents, to the byte.
      expect(res.text).toBe(plain.text);
    }
    expect(Number(packed.headers['content-length'])).toBeLessThan(
      Number(plain.headers['content-length']) / 2,
    );
  });

  test.each([
    '/api/compliance/documents',
    '/api/compliance/acknowledgments',
    '/api/risk/assessments',
    '/api/regulatory/warnings',
    '/api/compliance/log',
    '/api/compliance/document-views',
  ])('%s needs a signed-in user: 401 {error}', async (path) => {
    const res = await stack.client().get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});

describe("the learner's own records", () => {
  let first: Learner;
  let second: Learner;
  /** The records the first learner made, in the order they were made. */
  const made = { acknowledgments: [] as string[], assessments: [] as string[] };

  beforeAll(async () => {
    first = await register();
    second = await register();
    await warningsOnceIssued(first, 1);
    await warningsOnceIssued(second, 1);
    // The first learner reads and acknowledges two documents, then assesses twice (a risky one first).
    for (const type of ['risk_disclosure', 'cftc_warning'])
      expect(
        (await first.post('/api/compliance/document-views', { documentType: type, version: inForce(type) }))
          .status,
      ).toBe(201);
    clock.advance(11 * SECOND);
    for (const type of ['risk_disclosure', 'cftc_warning']) {
      const res = await first.post('/api/compliance/acknowledgment', {
        documentType: type,
        version: inForce(type),
      });
      expect(res.status).toBe(201);
      made.acknowledgments.push(String(res.body.id));
      clock.advance(SECOND);
    }
    const risky = await first.post('/api/risk/assessment', { ...ANSWERS, financialSituation: 'volatile' });
    expect(risky.status).toBe(201);
    made.assessments.push(String(risky.body.id));
    await warningsOnceIssued(first, 2);
    clock.advance(60 * SECOND);
    const calm = await first.post('/api/risk/assessment', { ...ANSWERS, riskCapacity: 7 });
    expect(calm.status).toBe(201);
    made.assessments.push(String(calm.body.id));
    const [general] = await warningsOnceIssued(first, 2);
    clock.advance(SECOND);
    expect((await first.put(`/api/regulatory/warning/${String(general?.id)}/acknowledge`)).status).toBe(200);
  });

  test('GET /api/compliance/acknowledgments: one per acknowledged version {id, documentType, version, acknowledgedAt}', async () => {
    const acknowledgments = await list(first, '/api/compliance/acknowledgments');
    expect(acknowledgments.map((a) => a.id)).toEqual(made.acknowledgments);
    expect(acknowledgments[0]).toEqual({
      id: made.acknowledgments[0],
      documentType: 'risk_disclosure',
      version: inForce('risk_disclosure'),
      acknowledgedAt: expect.any(String),
    });
    expect(acknowledgments[1]).toMatchObject({
      documentType: 'cftc_warning',
      version: inForce('cftc_warning'),
    });
  });

  test('GET /api/compliance/document-views: the recorded view of each version, oldest first; none of anyone else', async () => {
    const views = await list(first, '/api/compliance/document-views');
    expect(views).toEqual([
      { documentType: 'risk_disclosure', version: inForce('risk_disclosure'), viewedAt: expect.any(String) },
      { documentType: 'cftc_warning', version: inForce('cftc_warning'), viewedAt: expect.any(String) },
    ]);
    const log = await list(first, '/api/compliance/log');
    const firstViewOf = (type: string) =>
      log.filter((e) => e.kind === 'document_viewed' && e.documentType === type).at(-1)?.at;
    expect(views.map((v) => v.viewedAt)).toEqual([
      firstViewOf('risk_disclosure'),
      firstViewOf('cftc_warning'),
    ]);
    expect(await list(second, '/api/compliance/document-views')).toEqual([]);
  });

  test('GET /api/risk/assessments: newest first, each with its server-set expiry', async () => {
    const assessments = await list(first, '/api/risk/assessments');
    expect(assessments.map((a) => a.id)).toEqual([...made.assessments].reverse());
    expect(assessments[0]).toEqual({
      id: made.assessments[1],
      experienceLevel: 'beginner',
      financialSituation: 'stable',
      riskCapacity: 7,
      investmentObjective: 'education',
      annualIncome: null,
      netWorth: null,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    for (const assessment of assessments) {
      const created = new Date(String(assessment.createdAt));
      created.setUTCFullYear(created.getUTCFullYear() + 1);
      expect(assessment.expiresAt).toBe(created.toISOString());
    }
    expect(Date.parse(String(assessments[0]?.createdAt))).toBeGreaterThan(
      Date.parse(String(assessments[1]?.createdAt)),
    );
  });

  test('GET /api/regulatory/warnings: the general warning (acknowledged) and the volatile-situation one', async () => {
    const warnings = await list(first, '/api/regulatory/warnings');
    expect(warnings.map((w) => [w.warningType, w.acknowledged])).toEqual([
      ['general_risk', true],
      ['financial_situation', false],
    ]);
  });

  test('GET /api/compliance/log: views, acknowledgments, assessments and warnings, newest first', async () => {
    const log = await list(first, '/api/compliance/log');
    const stream = await stack.storage.log.readStream(streams.compliance(first.userId));
    // One entry per event of the learner's compliance stream, the newest first.
    expect(log.map((entry) => entry.id)).toEqual(stream.map((e) => e.eventId).reverse());
    expect(log.map((entry) => entry.kind)).toEqual(
      [
        'warning_issued',
        'document_viewed',
        'document_viewed',
        'document_acknowledged',
        'document_acknowledged',
        'risk_assessed',
        'warning_issued',
        'risk_assessed',
        'warning_acknowledged',
      ].reverse(),
    );
    const times = log.map((entry) => Date.parse(String(entry.at)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(log.find((e) => e.kind === 'document_acknowledged')).toMatchObject({
      documentType: 'cftc_warning',
      version: inForce('cftc_warning'),
      summary: expect.stringContaining('Regulatory Status and Fraud Warning'),
    });
    for (const entry of log) expect(entry.summary).toEqual(expect.any(String));
  });

  test('another learner sees none of these: only their own general warning and its log entry', async () => {
    expect(await list(second, '/api/compliance/acknowledgments')).toEqual([]);
    expect(await list(second, '/api/risk/assessments')).toEqual([]);
    const warnings = await list(second, '/api/regulatory/warnings');
    expect(warnings).toEqual([expect.objectContaining({ warningType: 'general_risk', acknowledged: false })]);
    const firstWarnings = await list(first, '/api/regulatory/warnings');
    expect(firstWarnings.map((w) => w.id)).not.toContain(warnings[0]?.id);
    const log = await list(second, '/api/compliance/log');
    expect(log.map((e) => e.kind)).toEqual(['warning_issued']);
    const firstLogIds = (await list(first, '/api/compliance/log')).map((e) => e.id);
    expect(firstLogIds).not.toContain(log[0]?.id);
  });

  test('a learner with no compliance records at all gets empty lists', async () => {
    // Registered with the process manager's warning not yet (or just) issued: every list is a list.
    const fresh = await register();
    expect(await list(fresh, '/api/compliance/acknowledgments')).toEqual([]);
    expect(await list(fresh, '/api/risk/assessments')).toEqual([]);
  });

  test("the learner's own answer is gzipped too, the first time it is read after a change", async () => {
    const viewed = await first.post('/api/compliance/document-views', {
      documentType: 'privacy_policy',
      version: inForce('privacy_policy'),
    });
    expect(viewed.status).toBe(201);
    const packed = await first.get('/api/compliance/log').set('Accept-Encoding', 'gzip');
    const plain = await first.get('/api/compliance/log').set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(Number(plain.headers['content-length'])).toBeGreaterThanOrEqual(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.text).toBe(plain.text);
  });
});

test('every error answered is exactly {error: string}', () => {
  expect(stack.errorResponses.length).toBeGreaterThan(0);
  for (const response of stack.errorResponses) {
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(JSON.parse(response.text)).toEqual(response.body);
  }
  expect(stack.projectionErrors).toEqual([]);
});
