/**
 * The compliance gate over HTTP on the whole stack (real SQLite files, live projections, the warnings
 * process manager, the authored documents published as at start-up), with the server clock in the test's
 * hands: the rules the server owns, whatever the browser sends.
 */
import { type EventOf, routeList, streams } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import {
  type Client,
  DOCUMENT_MUST_BE_READ,
  documentInForce,
  documentsInForce,
  eventually,
  freshEmail,
  GOOD_PASSWORD,
  NOT_CURRENT_VERSION,
  nextVersionOf,
  oneYearAfter,
  publishDocuments,
  type Stack,
  startStack,
  testClock,
  versionAfter,
} from '../../../src/testing';

const clock = testClock();
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ storage: 'memory', clock, publishContent: true, processManagers: true });
});
afterAll(async () => {
  await stack?.close();
});

type Acknowledged = EventOf<'DocumentAcknowledged'>['data'];
type Warning = { id: string; warningType: string; message: string; createdAt: string; acknowledged: boolean };

// The documents in force after start-up (the latest authored version of each).
const DOCS = documentsInForce();
const doc = documentInForce;
const RISK = doc('risk_disclosure');
const SECOND = 1000;

const VIEW = '/api/compliance/document-views';
const ACK = '/api/compliance/acknowledgment';
const ASSESS = '/api/risk/assessment';
const WARNINGS = '/api/regulatory/warnings';
const ME = '/api/auth/me';

/** A signed-in learner: their own client address, token, and the highest position their writes reached. */
interface Learner {
  userId: string;
  ip: string;
  /** Requests with the learner's token (queries also carry X-Min-Position: read your own writes). */
  get(path: string): ReturnType<Client['get']>;
  post(path: string, body?: object): ReturnType<Client['post']>;
  put(path: string, body?: object): ReturnType<Client['put']>;
  position: string;
}

async function register(): Promise<Learner> {
  const api = stack.client();
  const res = await api.post('/api/auth/register', {
    email: freshEmail('compliance'),
    password: GOOD_PASSWORD,
  });
  expect(res.status).toBe(201);
  const token = String(res.body.token);
  const learner: Learner = {
    userId: String(res.body.user.id),
    ip: api.ip,
    position: String(res.headers['x-position']),
    get: (path) =>
      api.get(path).set('Authorization', `Bearer ${token}`).set('X-Min-Position', learner.position),
    post: (path, body) => api.post(path, body).set('Authorization', `Bearer ${token}`),
    put: (path, body) => api.put(path, body).set('Authorization', `Bearer ${token}`),
  };
  return learner;
}

/** Sends a write and remembers its commit position for the learner's later queries. */
async function write<T extends { status: number; headers: Record<string, string> }>(
  learner: Learner,
  request: PromiseLike<T>,
): Promise<T> {
  const res = await request;
  const position = res.headers['x-position'];
  if (position) learner.position = position;
  return res;
}

/** A view of `documentType`, by default of the version in force after start-up. */
const view = (learner: Learner, documentType: string, version = doc(documentType).version) =>
  write(learner, learner.post(VIEW, { documentType, version }));
const acknowledge = (
  learner: Learner,
  documentType: string,
  version = doc(documentType).version,
  extra: object = {},
) => write(learner, learner.post(ACK, { documentType, version, ...extra }));

const ANSWERS = {
  experienceLevel: 'intermediate',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'education',
  annualIncome: '60k',
  netWorth: '',
};
const assess = (learner: Learner, answers: object = ANSWERS) => write(learner, learner.post(ASSESS, answers));

/**
 * The events appended while `action` ran, leaving out those of the warnings process manager (it reacts on
 * its own time to earlier registrations and assessments).
 */
async function appendedBy(action: () => PromiseLike<unknown>): Promise<RecordedEvent[]> {
  const head = await stack.head();
  await action();
  const events = await stack.eventsAfter(head);
  return events.filter((e) => e.metadata.actor !== 'system:regulatory-warnings');
}

const complianceStream = (learner: Learner) =>
  stack.storage.log.readStream(streams.compliance(learner.userId));

/** The learner's warnings once the process manager has issued `count` of them (bounded poll). */
const warningsOnceIssued = (learner: Learner, count: number) =>
  eventually(
    async () => {
      const res = await learner.get(WARNINGS);
      const warnings = res.body as Warning[];
      return res.status === 200 && warnings.length >= count ? warnings : undefined;
    },
    { timeoutMs: 5000, what: `${count} warnings for ${learner.userId}` },
  );

const isCompliant = async (learner: Learner) => {
  const res = await learner.get(ME);
  expect(res.status).toBe(200);
  return res.body.isCompliant as boolean;
};

/** Views, waits 10 s of server time, and acknowledges every active document; then a risk assessment. */
async function completeCompliance(learner: Learner, answers: object = ANSWERS) {
  const documents = (await learner.get('/api/compliance/documents')).body as Array<{
    documentType: string;
    version: string;
  }>;
  for (const d of documents) expect((await view(learner, d.documentType, d.version)).status).toBe(201);
  clock.advance(10 * SECOND);
  for (const d of documents) expect((await acknowledge(learner, d.documentType, d.version)).status).toBe(201);
  expect((await assess(learner, answers)).status).toBe(201);
}

describe('POST /api/compliance/document-views', () => {
  test('records ComplianceDocumentViewed at server time with the published hash; 201 {documentType, version, viewedAt}', async () => {
    const learner = await register();
    let res: Awaited<ReturnType<typeof view>> | undefined;
    const events = await appendedBy(async () => {
      res = await view(learner, 'risk_disclosure');
    });
    expect(res?.status).toBe(201);
    expect(res?.body).toEqual({
      documentType: 'risk_disclosure',
      version: RISK.version,
      viewedAt: clock.now().toISOString(),
    });
    expect(res?.headers['x-position']).toBe(events[0]?.position);
    expect(events.map((e) => [e.stream, e.type, e.data])).toEqual([
      [
        streams.compliance(learner.userId),
        'ComplianceDocumentViewed',
        {
          documentType: 'risk_disclosure',
          version: RISK.version,
          contentHash: RISK.contentHash,
          viewedAt: clock.now().toISOString(),
        },
      ],
    ]);
  });

  test('a version that is not in force is 422 and appends nothing; an unknown type is 400 naming the field', async () => {
    const learner = await register();
    const events = await appendedBy(async () => {
      const stale = await view(learner, 'risk_disclosure', '0.9');
      expect(stale.status).toBe(422);
      expect(stale.body).toEqual({ error: NOT_CURRENT_VERSION });
      const unknown = await view(learner, 'terms_of_service', RISK.version);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ error: expect.stringMatching(/^documentType: must be one of /) });
      const noVersion = await write(learner, learner.post(VIEW, { documentType: 'risk_disclosure' }));
      expect(noVersion.status).toBe(400);
      expect(noVersion.body).toEqual({ error: 'version: required' });
    });
    expect(events).toEqual([]);
  });

  test('needs a signed-in user: 401 without a token', async () => {
    const res = await stack.client().post(VIEW, { documentType: 'risk_disclosure', version: RISK.version });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});

describe('POST /api/compliance/acknowledgment: a view of that version at least 10 s earlier', () => {
  test('without a view: 422 {"error":"Document Must Be Read"} and nothing appended', async () => {
    const learner = await register();
    const events = await appendedBy(async () => {
      const res = await acknowledge(learner, 'risk_disclosure');
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: DOCUMENT_MUST_BE_READ });
    });
    expect(events).toEqual([]);
  });

  test('5 s after the view: 422 "Document Must Be Read" and nothing appended', async () => {
    const learner = await register();
    await view(learner, 'risk_disclosure');
    clock.advance(5 * SECOND);
    const events = await appendedBy(async () => {
      const res = await acknowledge(learner, 'risk_disclosure');
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: DOCUMENT_MUST_BE_READ });
    });
    expect(events).toEqual([]);
    // 9.999 s is still too early.
    clock.advance(4999);
    expect((await acknowledge(learner, 'risk_disclosure')).status).toBe(422);
  });

  test('10 s after the view: 201 {id, documentType, version, acknowledgedAt}; DocumentAcknowledged carries the evidence', async () => {
    const learner = await register();
    await view(learner, 'risk_disclosure');
    const viewedAt = clock.now().toISOString();
    clock.advance(10 * SECOND);
    let res: Awaited<ReturnType<typeof acknowledge>> | undefined;
    const events = await appendedBy(async () => {
      res = await acknowledge(learner, 'risk_disclosure', RISK.version, {
        // The client's copy of the wording is not evidence: the published wording is recorded.
        consentText: 'I agree to nothing at all.',
      });
    });
    expect(res?.status).toBe(201);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.stream).toBe(streams.compliance(learner.userId));
    expect(event?.type).toBe('DocumentAcknowledged');
    expect(res?.body).toEqual({
      id: event?.eventId,
      documentType: 'risk_disclosure',
      version: RISK.version,
      acknowledgedAt: clock.now().toISOString(),
    });
    expect(res?.headers['x-position']).toBe(event?.position);
    expect(event?.data).toEqual({
      documentType: 'risk_disclosure',
      version: RISK.version,
      contentHash: RISK.contentHash,
      viewedAt,
      acknowledgedAt: clock.now().toISOString(),
      secondsRead: 10,
      ip: learner.ip,
      userAgent: expect.any(String),
      consentText: RISK.consentText,
    } satisfies Acknowledged);
  });

  test('the evidence records the client address (X-Forwarded-For) and user agent, and the seconds actually read', async () => {
    const learner = await register();
    await view(learner, 'cftc_warning');
    clock.advance(47 * SECOND + 300);
    const events = await appendedBy(() =>
      learner
        .post(ACK, { documentType: 'cftc_warning', version: doc('cftc_warning').version })
        .set('User-Agent', 'Mozilla/5.0 (jest) Tickwise-Test/1.0'),
    );
    expect(events[0]?.data).toMatchObject({
      ip: learner.ip,
      userAgent: 'Mozilla/5.0 (jest) Tickwise-Test/1.0',
      secondsRead: 47,
      consentText: doc('cftc_warning').consentText,
      contentHash: doc('cftc_warning').contentHash,
    });
  });

  test('a view counts for its own document only', async () => {
    const learner = await register();
    await view(learner, 'risk_disclosure');
    clock.advance(30 * SECOND);
    const res = await acknowledge(learner, 'privacy_policy');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: DOCUMENT_MUST_BE_READ });
  });

  test('a version that is not the one in force: 422, nothing appended, even after a view of the current one', async () => {
    const learner = await register();
    await view(learner, 'risk_disclosure');
    clock.advance(10 * SECOND);
    const events = await appendedBy(async () => {
      for (const version of ['0.9', versionAfter(RISK.version)]) {
        const res = await acknowledge(learner, 'risk_disclosure', version);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ error: NOT_CURRENT_VERSION });
      }
    });
    expect(events).toEqual([]);
  });

  test('acknowledging again: 200 with the same record, and no event appended', async () => {
    const learner = await register();
    await view(learner, 'educational_disclaimer');
    clock.advance(12 * SECOND);
    const first = await acknowledge(learner, 'educational_disclaimer');
    expect(first.status).toBe(201);
    clock.advance(60 * SECOND);
    await view(learner, 'educational_disclaimer');
    clock.advance(15 * SECOND);
    const events = await appendedBy(async () => {
      const again = await acknowledge(learner, 'educational_disclaimer');
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    });
    expect(events).toEqual([]);
    const acknowledgments = (await complianceStream(learner)).filter(
      (e) => e.type === 'DocumentAcknowledged',
    );
    expect(acknowledgments).toHaveLength(1);
  });

  test('invalid bodies: 400 naming the field, nothing appended', async () => {
    const learner = await register();
    const events = await appendedBy(async () => {
      for (const [body, message] of [
        [{ version: '1.0' }, 'documentType: required'],
        [{ documentType: 'risk', version: '1.0' }, /^documentType: must be one of /],
        [{ documentType: 'risk_disclosure', version: '' }, /^version: must be a non-empty string/],
        [{ documentType: 'risk_disclosure', version: 1 }, /^version: must be/],
      ] as const) {
        const res = await learner.post(ACK, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: expect.stringMatching(message) });
      }
    });
    expect(events).toEqual([]);
  });
});

describe('POST /api/risk/assessment', () => {
  test('201 with the answers; expiresAt is one year after submission on the server clock, whatever the client sent', async () => {
    const learner = await register();
    let res: Awaited<ReturnType<typeof assess>> | undefined;
    const events = await appendedBy(async () => {
      res = await assess(learner, {
        ...ANSWERS,
        netWorth: '  250k  ',
        expiresAt: '2099-01-01T00:00:00.000Z',
      });
    });
    const now = clock.now().toISOString();
    expect(res?.status).toBe(201);
    expect(res?.body).toEqual({
      id: expect.any(String),
      experienceLevel: 'intermediate',
      financialSituation: 'stable',
      riskCapacity: 5,
      investmentObjective: 'education',
      annualIncome: '60k',
      netWorth: '250k',
      createdAt: now,
      expiresAt: oneYearAfter(now),
    });
    expect(events.map((e) => [e.stream, e.type])).toEqual([
      [streams.compliance(learner.userId), 'RiskAssessed'],
    ]);
    expect(events[0]?.data).toMatchObject({
      assessmentId: res?.body.id,
      submittedAt: now,
      expiresAt: oneYearAfter(now),
    });
    expect(res?.headers['x-position']).toBe(events[0]?.position);
  });

  test('an expiresAt in the past is ignored as well', async () => {
    const learner = await register();
    const res = await assess(learner, { ...ANSWERS, expiresAt: '2000-01-01T00:00:00.000Z' });
    expect(res.status).toBe(201);
    expect(res.body.expiresAt).toBe(oneYearAfter(clock.now().toISOString()));
  });

  test('annualIncome and netWorth: empty, blank, null or absent → null', async () => {
    const learner = await register();
    for (const [annualIncome, netWorth] of [
      ['', '   '],
      [null, null],
      [undefined, undefined],
    ]) {
      const res = await assess(learner, { ...ANSWERS, annualIncome, netWorth });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ annualIncome: null, netWorth: null });
    }
  });

  test.each<[string, Record<string, unknown>, RegExp | string]>([
    [
      'an unknown experienceLevel',
      { experienceLevel: 'expert' },
      'experienceLevel: must be one of beginner, intermediate, advanced',
    ],
    [
      'an unknown financialSituation',
      { financialSituation: 'rich' },
      'financialSituation: must be one of stable, growing, volatile',
    ],
    [
      'an unknown investmentObjective',
      { investmentObjective: 'gambling' },
      'investmentObjective: must be one of education, conservative, growth, speculative',
    ],
    ['an upper-case enum value', { experienceLevel: 'BEGINNER' }, /^experienceLevel: must be one of/],
    ['riskCapacity 0', { riskCapacity: 0 }, 'riskCapacity: must be an integer 1-10'],
    ['riskCapacity 11', { riskCapacity: 11 }, 'riskCapacity: must be an integer 1-10'],
    ['riskCapacity 5.5', { riskCapacity: 5.5 }, 'riskCapacity: must be an integer 1-10'],
    ['riskCapacity "5"', { riskCapacity: '5' }, 'riskCapacity: must be an integer 1-10'],
    ['riskCapacity missing', { riskCapacity: undefined }, 'riskCapacity: required'],
    ['experienceLevel missing', { experienceLevel: undefined }, 'experienceLevel: required'],
    [
      'an annualIncome over 100 characters',
      { annualIncome: 'x'.repeat(101) },
      /^annualIncome: must be a string of at most 100/,
    ],
    ['a netWorth that is a number', { netWorth: 100000 }, /^netWorth: must be a string/],
  ])('%s → 400 naming the field, nothing appended', async (_name, change, message) => {
    const learner = await register();
    const events = await appendedBy(async () => {
      const res = await assess(learner, { ...ANSWERS, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    });
    expect(events).toEqual([]);
  });
});

describe('regulatory warnings', () => {
  test('the general futures-risk warning appears after registration', async () => {
    const learner = await register();
    const warnings = await warningsOnceIssued(learner, 1);
    expect(warnings).toEqual([
      {
        id: expect.any(String),
        warningType: 'general_risk',
        message: expect.stringMatching(/substantial risk of loss/),
        createdAt: expect.any(String),
        acknowledged: false,
      },
    ]);
    const issued = (await complianceStream(learner)).filter((e) => e.type === 'RegulatoryWarningIssued');
    expect(issued.map((e) => (e.data as { warningId: string }).warningId)).toEqual([warnings[0]?.id]);
  });

  test('a speculative, beginner, capacity 2, volatile assessment adds the three rule-based warnings', async () => {
    const learner = await register();
    await warningsOnceIssued(learner, 1);
    const res = await assess(learner, {
      ...ANSWERS,
      experienceLevel: 'beginner',
      investmentObjective: 'speculative',
      riskCapacity: 2,
      financialSituation: 'volatile',
    });
    expect(res.status).toBe(201);
    const warnings = await warningsOnceIssued(learner, 4);
    expect(warnings.map((w) => w.warningType).sort()).toEqual(
      ['experience_mismatch', 'financial_situation', 'general_risk', 'risk_capacity_mismatch'].sort(),
    );
    expect(warnings.every((w) => !w.acknowledged)).toBe(true);
  });

  test('a calm assessment adds no warning', async () => {
    const learner = await register();
    await warningsOnceIssued(learner, 1);
    await assess(learner);
    // A second learner's registration goes through the same process manager after this assessment: once
    // its warning is out, the assessment above has been handled too.
    await warningsOnceIssued(await register(), 1);
    expect((await learner.get(WARNINGS)).body).toHaveLength(1);
  });

  test('PUT …/acknowledge of an own warning: 200 acknowledged; again: 200, the same, and no event', async () => {
    const learner = await register();
    const [warning] = await warningsOnceIssued(learner, 1);
    if (!warning) throw new Error('no warning');
    const path = `/api/regulatory/warning/${warning.id}/acknowledge`;
    clock.advance(3 * SECOND);
    let first: Awaited<ReturnType<Learner['put']>> | undefined;
    const events = await appendedBy(async () => {
      first = await write(learner, learner.put(path));
    });
    expect(first?.status).toBe(200);
    expect(first?.body).toEqual({ ...warning, acknowledged: true });
    expect(events.map((e) => [e.stream, e.type, e.data])).toEqual([
      [
        streams.compliance(learner.userId),
        'RegulatoryWarningAcknowledged',
        { warningId: warning.id, acknowledgedAt: clock.now().toISOString() },
      ],
    ]);
    expect((await learner.get(WARNINGS)).body).toEqual([{ ...warning, acknowledged: true }]);

    const again = await appendedBy(async () => {
      const res = await write(learner, learner.put(path));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first?.body);
    });
    expect(again).toEqual([]);
  });

  test("another user's warning id, or an unknown one, is 404 {error} and appends nothing", async () => {
    const owner = await register();
    const other = await register();
    const [warning] = await warningsOnceIssued(owner, 1);
    if (!warning) throw new Error('no warning');
    await warningsOnceIssued(other, 1);
    const events = await appendedBy(async () => {
      for (const id of [warning.id, 'no-such-warning']) {
        const res = await other.put(`/api/regulatory/warning/${id}/acknowledge`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: expect.any(String) });
      }
    });
    expect(events).toEqual([]);
    expect((await owner.get(WARNINGS)).body).toEqual([warning]);
  });
});

describe('course routes need a compliant user', () => {
  // Every route the route table marks `compliant`: course, quiz, progress, dashboard and psychology.
  const compliantRoutes = routeList
    .filter((route) => route.access === 'compliant')
    .map((route) => [route.method, route.path.replace(':id', '1')] as const);
  let outsider: Learner;
  beforeAll(async () => {
    outsider = await register();
  });

  test('they include POST /api/progress and the dashboard', () => {
    expect(compliantRoutes).toEqual(
      expect.arrayContaining([
        ['POST', '/api/progress'],
        ['GET', '/api/progress'],
        ['GET', '/api/modules'],
        ['GET', '/api/dashboard'],
      ]),
    );
  });

  test.each(compliantRoutes)(
    'a user who is not compliant gets 403 {error} on %s %s',
    async (method, path) => {
      const events = await appendedBy(async () => {
        const body = { moduleId: 1, lessonId: 1, completed: true, questionId: 1, selectedAnswer: 0 };
        const res =
          method === 'GET'
            ? await outsider.get(path)
            : method === 'POST'
              ? await outsider.post(path, body)
              : await outsider.put(path, body);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: expect.stringMatching(/compliance/i) });
      });
      expect(events).toEqual([]);
    },
  );

  test('documents acknowledged but no risk assessment: still 403', async () => {
    const learner = await register();
    for (const d of DOCS) await view(learner, d.documentType);
    clock.advance(10 * SECOND);
    for (const d of DOCS) expect((await acknowledge(learner, d.documentType)).status).toBe(201);
    expect(await isCompliant(learner)).toBe(false);
    expect((await learner.get('/api/progress')).status).toBe(403);
  });

  test('a risk assessment but a document missing: still 403', async () => {
    const learner = await register();
    for (const d of DOCS.slice(1)) await view(learner, d.documentType);
    clock.advance(10 * SECOND);
    for (const d of DOCS.slice(1)) expect((await acknowledge(learner, d.documentType)).status).toBe(201);
    expect((await assess(learner)).status).toBe(201);
    expect(await isCompliant(learner)).toBe(false);
    expect((await learner.get('/api/progress')).status).toBe(403);
  });
});

describe('the whole journey, then a new document version', () => {
  test('view 4 → +10 s → acknowledge 4 → risk assessment: compliant; a new version makes the user non-compliant until acknowledged', async () => {
    const learner = await register();
    expect(await isCompliant(learner)).toBe(false);
    await completeCompliance(learner);
    expect(await isCompliant(learner)).toBe(true);
    expect(
      (await learner.post('/api/progress', { moduleId: 1, lessonId: 1, completed: true })).status,
    ).not.toBe(403);

    // A version after the authored ones is published (as `npm run admin -- publish-document` does).
    const next = nextVersionOf('risk_disclosure', 'The next version adds this sentence.');
    const published = await publishDocuments(stack.storage.log, [next], {
      actor: 'system:test',
      now: clock.now,
    });
    expect(published.published).toEqual([{ documentType: 'risk_disclosure', version: next.version }]);
    learner.position = String(published.position);

    expect(await isCompliant(learner)).toBe(false);
    expect((await learner.get('/api/progress')).status).toBe(403);
    const documents = (await learner.get('/api/compliance/documents')).body as Array<{
      documentType: string;
      version: string;
      content: string;
    }>;
    expect(documents.map((d) => [d.documentType, d.version])).toEqual([
      ['risk_disclosure', next.version],
      ...DOCS.slice(1).map((d) => [d.documentType, d.version]),
    ]);
    expect(documents[0]?.content).toContain('The next version adds this sentence.');

    // The version the learner acknowledged is no longer the one in force.
    const stale = await acknowledge(learner, 'risk_disclosure', RISK.version);
    expect(stale.status).toBe(422);
    expect(stale.body).toEqual({ error: NOT_CURRENT_VERSION });
    // The new version needs its own reading time.
    await view(learner, 'risk_disclosure', next.version);
    clock.advance(4 * SECOND);
    expect((await acknowledge(learner, 'risk_disclosure', next.version)).status).toBe(422);
    clock.advance(6 * SECOND);
    const events = await appendedBy(async () => {
      expect((await acknowledge(learner, 'risk_disclosure', next.version)).status).toBe(201);
    });
    expect(events[0]?.data).toMatchObject({ version: next.version, contentHash: next.contentHash });
    expect(await isCompliant(learner)).toBe(true);
    expect((await learner.get('/api/progress')).status).not.toBe(403);
  });

  test('a new learner completes the journey with the new version in force', async () => {
    const learner = await register();
    await completeCompliance(learner);
    expect(await isCompliant(learner)).toBe(true);
    const acknowledged = (await learner.get('/api/compliance/acknowledgments')).body as Array<{
      documentType: string;
      version: string;
    }>;
    expect(acknowledged.find((a) => a.documentType === 'risk_disclosure')?.version).toBe(
      versionAfter(RISK.version),
    );
  });

  test('isCompliant is judged at read time: one year after the assessment the learner is no longer compliant', async () => {
    const learner = await register();
    await completeCompliance(learner);
    expect(await isCompliant(learner)).toBe(true);
    clock.advance(366 * 24 * 3600 * SECOND);
    expect(await isCompliant(learner)).toBe(false);
    expect((await learner.get('/api/progress')).status).toBe(403);
    // A new assessment makes the learner compliant again.
    expect((await assess(learner)).status).toBe(201);
    expect(await isCompliant(learner)).toBe(true);
  });
});

describe('concurrency', () => {
  test('five simultaneous acknowledgments of one version: one 201, four 200 with the same record, one event', async () => {
    const learner = await register();
    await view(learner, 'privacy_policy');
    clock.advance(10 * SECOND);
    let responses: Array<Awaited<ReturnType<typeof acknowledge>>> = [];
    const events = await appendedBy(async () => {
      responses = await Promise.all(Array.from({ length: 5 }, () => acknowledge(learner, 'privacy_policy')));
    });
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const res of responses) expect(res.body).toEqual(responses[0]?.body);
    expect(events.map((e) => e.type)).toEqual(['DocumentAcknowledged']);
  });
});

describe('MIN_READ_SECONDS', () => {
  test('defaults to 10', () => {
    expect(stack.config.minimumReadSeconds).toBe(10);
    expect(stack.commandDeps.minimumReadSeconds).toBe(10);
  });

  test('configured to 30: 10 s of reading is refused, 30 s is enough', async () => {
    const slowClock = testClock();
    const slow = await startStack({
      storage: 'memory',
      clock: slowClock,
      publishContent: true,
      env: { MIN_READ_SECONDS: '30' },
    });
    try {
      const api = slow.client();
      const registered = await api.post('/api/auth/register', {
        email: freshEmail('slow'),
        password: GOOD_PASSWORD,
      });
      const auth = `Bearer ${String(registered.body.token)}`;
      const body = { documentType: 'risk_disclosure', version: RISK.version };
      expect((await api.post(VIEW, body).set('Authorization', auth)).status).toBe(201);
      slowClock.advance(29 * SECOND);
      const early = await api.post(ACK, body).set('Authorization', auth);
      expect(early.status).toBe(422);
      expect(early.body).toEqual({ error: DOCUMENT_MUST_BE_READ });
      slowClock.advance(SECOND);
      expect((await api.post(ACK, body).set('Authorization', auth)).status).toBe(201);
    } finally {
      await slow.close();
    }
  });
});

describe('error bodies and projections', () => {
  test('every error answered above is exactly {error: string}, with no stack trace or internals', () => {
    const statuses = new Set(stack.errorResponses.map((r) => r.status));
    for (const status of [400, 401, 403, 404, 422]) expect(statuses).toContain(status);
    for (const response of stack.errorResponses) {
      expect(response.body).toEqual({ error: expect.any(String) });
      expect(JSON.parse(response.text)).toEqual(response.body);
      expect((response.body as { error: string }).error).not.toMatch(
        /\n|\bat .+:\d+|\/work\/|node_modules|\.ts\b|Error:|SQLITE|expected revision/i,
      );
    }
  });

  test('the projections followed the log without an error', () => {
    expect(stack.projectionErrors).toEqual([]);
  });
});
