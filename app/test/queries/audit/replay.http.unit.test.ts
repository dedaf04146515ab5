/**
 * Auditor replay: a learner's compliance history replayed
 * from the event log as of several moments of a scripted history on the test clock — before acknowledging,
 * after the risk assessment, after a new document version, after re-acknowledging, after the assessment
 * expired — with every event's evidence; learner search by e-mail and by name; every auditor read recorded
 * as AuditorViewedRecords on audit-{auditorId}.
 */

import {
  type AuditHistory,
  type ComplianceEvidence,
  DocumentType,
  type LearnerSummary,
  streams,
} from '@tickwise/contracts';
import {
  acknowledge,
  assessRisk,
  authoredVersionsOf,
  documentInForce,
  documentsInForce,
  nextVersionOf,
  oneYearAfter,
  type Person,
  publishDocuments,
  RISK_ANSWERS,
  register,
  registerWithRole,
  type Stack,
  startStack,
  streamLength,
  testClock,
  view,
} from '../../../src/testing';

/** A personal field as the log stores it. */
const sealed = expect.stringMatching(/^tw1\./);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const USER_AGENT = 'ReplayTest/1.0 (auditor evidence)';

/** The versions in force after start-up (the latest authored), which the learner acknowledges first. */
const authored = documentInForce;
/** A version of the risk disclosure after the authored ones, published during the scripted history. */
const AMENDED = nextVersionOf(
  'risk_disclosure',
  'Amended for the replay test: margin calls can come at any time.',
);

const clock = testClock('2025-03-03T09:00:00.000Z');
let stack: Stack;
let auditor: Person;
let learner: Person;
/** The scripted moments (ISO), filled in as the history is written. */
const at = {
  registered: '',
  viewed: '',
  acknowledged: '',
  assessed: '',
  published: '',
  reacknowledged: '',
  expired: '',
};
let assessmentId = '';

const iso = () => clock.now().toISOString();
const plus = (time: string, ms: number) => new Date(Date.parse(time) + ms).toISOString();

beforeAll(async () => {
  stack = await startStack({ storage: 'memory', clock, publishContent: true });
  auditor = await registerWithRole(stack, 'auditor', { firstName: 'Ann', lastName: 'Auditor' });

  clock.advance(MINUTE);
  at.registered = iso();
  learner = await register(stack, {
    label: 'replay',
    firstName: 'Grace',
    lastName: 'Hopper',
    userAgent: USER_AGENT,
  });

  clock.advance(MINUTE);
  at.viewed = iso();
  for (const type of DocumentType.values) await view(learner, type);
  clock.advance(15 * SECOND);
  at.acknowledged = iso();
  for (const type of DocumentType.values) await acknowledge(learner, type);
  clock.advance(MINUTE);
  at.assessed = iso();
  assessmentId = String((await assessRisk(learner)).body.id);

  clock.advance(DAY);
  at.published = iso();
  const published = await publishDocuments(stack.storage.log, [AMENDED], {
    actor: 'system:test',
    now: clock.now,
  });
  expect(published.published).toEqual([{ documentType: 'risk_disclosure', version: AMENDED.version }]);
  learner.saw(published.position);
  auditor.saw(published.position);

  clock.advance(DAY);
  await view(learner, 'risk_disclosure', AMENDED.version);
  clock.advance(20 * SECOND);
  at.reacknowledged = iso();
  await acknowledge(learner, 'risk_disclosure', AMENDED.version);
  auditor.saw(learner.position);

  clock.set(plus(oneYearAfter(at.assessed), DAY));
  at.expired = iso();
});
afterAll(async () => {
  await stack?.close();
});

async function historyAsOf(asOf?: string): Promise<AuditHistory> {
  const query = asOf ? `?asOf=${encodeURIComponent(asOf)}` : '';
  const res = await auditor.get(`/api/audit/learners/${learner.userId}/history${query}`);
  expect(res.status).toBe(200);
  return res.body as AuditHistory;
}

const types = (history: AuditHistory) => history.events.map((e) => e.type);
const ALL_IN_FORCE = documentsInForce().map(({ documentType, version }) => ({ documentType, version }));

describe('GET /api/audit/learners/:id/history?asOf= replays the compliance stream as of that moment', () => {
  test('before registering: no events, not compliant, every document missing', async () => {
    const history = await historyAsOf(plus(at.registered, -SECOND));
    expect(history.events).toEqual([]);
    expect(history.state).toEqual({
      isCompliant: false,
      acknowledged: [],
      missing: ALL_IN_FORCE,
      riskAssessment: { status: 'none', assessmentId: null, expiresAt: null },
    });
  });

  test('after viewing, before acknowledging: the 4 views only, not compliant, 4 documents missing', async () => {
    const asOf = plus(at.viewed, 5 * SECOND);
    const history = await historyAsOf(asOf);
    expect(history.asOf).toBe(asOf);
    expect(types(history)).toEqual(DocumentType.values.map(() => 'ComplianceDocumentViewed'));
    expect(history.state.isCompliant).toBe(false);
    expect(history.state.acknowledged).toEqual([]);
    expect(history.state.missing).toEqual(ALL_IN_FORCE);
    expect(history.state.riskAssessment.status).toBe('none');
    expect(history.learner.isCompliant).toBe(false);
  });

  test('at the exact moment of the acknowledgments they are included; still not compliant without an assessment', async () => {
    const history = await historyAsOf(at.acknowledged);
    expect(types(history)).toEqual([
      ...DocumentType.values.map(() => 'ComplianceDocumentViewed'),
      ...DocumentType.values.map(() => 'DocumentAcknowledged'),
    ]);
    expect(history.state.missing).toEqual([]);
    expect(history.state.isCompliant).toBe(false);
  });

  test('after the risk assessment: compliant, every version in force acknowledged, assessment current until a year later', async () => {
    const history = await historyAsOf(plus(at.assessed, SECOND));
    expect(types(history)).toHaveLength(9);
    expect(history.state).toEqual({
      isCompliant: true,
      acknowledged: DocumentType.values.map((documentType) => ({
        documentType,
        version: authored(documentType).version,
        acknowledgedAt: at.acknowledged,
      })),
      missing: [],
      riskAssessment: { status: 'current', assessmentId, expiresAt: oneYearAfter(at.assessed) },
    });
    expect(history.learner).toEqual({
      id: learner.userId,
      email: learner.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      registeredAt: at.registered,
      isCompliant: true,
    });
  });

  test('after a new version of the risk disclosure is published: not compliant, missing exactly that version', async () => {
    const history = await historyAsOf(plus(at.published, SECOND));
    expect(history.state.isCompliant).toBe(false);
    expect(history.state.missing).toEqual([{ documentType: 'risk_disclosure', version: AMENDED.version }]);
    expect(history.state.acknowledged.map((a) => `${a.documentType}@${a.version}`)).toEqual(
      DocumentType.values.map((type) => `${type}@${authored(type).version}`),
    );
    expect(history.state.riskAssessment.status).toBe('current');
    // Nothing after asOf: the view and acknowledgment of the new version are not there yet.
    expect(history.events).toHaveLength(9);
    expect(history.events.every((e) => Date.parse(e.occurredAt) <= Date.parse(history.asOf))).toBe(true);
  });

  test('one second before the new version was published the learner was still compliant', async () => {
    const history = await historyAsOf(plus(at.published, -SECOND));
    expect(history.state.isCompliant).toBe(true);
    expect(history.state.missing).toEqual([]);
  });

  test('after acknowledging the new version: compliant again', async () => {
    const history = await historyAsOf(plus(at.reacknowledged, SECOND));
    expect(history.state.isCompliant).toBe(true);
    expect(history.state.missing).toEqual([]);
    expect(history.state.acknowledged).toContainEqual({
      documentType: 'risk_disclosure',
      version: AMENDED.version,
      acknowledgedAt: at.reacknowledged,
    });
    expect(history.events).toHaveLength(11);
  });

  test('after the assessment expired (asOf absent = now on the server clock): risk expired, not compliant', async () => {
    const history = await historyAsOf();
    expect(history.asOf).toBe(at.expired);
    expect(history.state.riskAssessment).toEqual({
      status: 'expired',
      assessmentId,
      expiresAt: oneYearAfter(at.assessed),
    });
    expect(history.state.missing).toEqual([]);
    expect(history.state.isCompliant).toBe(false);
    expect(history.learner.isCompliant).toBe(false);
    // The same moment named explicitly gives the same replay.
    expect(await historyAsOf(at.expired)).toEqual(history);
  });

  test('a day before the expiry the assessment is still current', async () => {
    const history = await historyAsOf(plus(oneYearAfter(at.assessed), -DAY));
    expect(history.state.riskAssessment.status).toBe('current');
    expect(history.state.isCompliant).toBe(true);
  });
});

describe('the evidence of each event', () => {
  let events: ComplianceEvidence[] = [];
  beforeAll(async () => {
    events = (await historyAsOf(at.expired)).events;
  });

  test('envelope: stream, consecutive revisions from 0, position, event id, time, actor and the hash chain', () => {
    const stream = streams.compliance(learner.userId);
    expect(events.map((e) => e.revision)).toEqual(events.map((_, index) => index));
    events.forEach((event, index) => {
      expect(event.stream).toBe(stream);
      expect(event.actor).toBe(learner.userId);
      expect(event.eventId).toEqual(expect.any(String));
      expect(event.position).toMatch(/^\d+$/);
      expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(event.prevHash).toBe(index === 0 ? null : events[index - 1]?.hash);
    });
  });

  test('a view: document type, version, content hash of the exact text, viewedAt', () => {
    const viewed = events.find((e) => e.type === 'ComplianceDocumentViewed');
    expect(viewed?.data).toEqual({
      documentType: 'risk_disclosure',
      version: authored('risk_disclosure').version,
      contentHash: authored('risk_disclosure').contentHash,
      viewedAt: at.viewed,
    });
    expect(viewed?.occurredAt).toBe(at.viewed);
  });

  test('an acknowledgment: type, version, content hash, viewedAt, acknowledgedAt, seconds read, IP, user agent, consent wording', () => {
    const acknowledgments = events.filter((e) => e.type === 'DocumentAcknowledged');
    // The IP and user agent are sealed in the evidence's data (what the hashes cover) and opened beside it.
    for (const e of acknowledgments) expect([e.data.ip, e.data.userAgent]).toEqual([sealed, sealed]);
    expect(acknowledgments.map((e) => ({ ...e.data, ...e.personal }))).toEqual([
      ...DocumentType.values.map((documentType) => ({
        documentType,
        version: authored(documentType).version,
        contentHash: authored(documentType).contentHash,
        viewedAt: at.viewed,
        acknowledgedAt: at.acknowledged,
        secondsRead: 15,
        ip: learner.ip,
        userAgent: USER_AGENT,
        consentText: authored(documentType).consentText,
      })),
      {
        documentType: 'risk_disclosure',
        version: AMENDED.version,
        contentHash: AMENDED.contentHash,
        viewedAt: plus(at.reacknowledged, -20 * SECOND),
        acknowledgedAt: at.reacknowledged,
        secondsRead: 20,
        ip: learner.ip,
        userAgent: USER_AGENT,
        consentText: AMENDED.consentText,
      },
    ]);
  });

  test('the risk assessment: every answer, submission time and the server-computed expiry', () => {
    const assessed = events.find((e) => e.type === 'RiskAssessed');
    expect(assessed?.data.annualIncome).toEqual(sealed);
    expect({ ...assessed?.data, ...assessed?.personal }).toEqual({
      assessmentId,
      experienceLevel: RISK_ANSWERS.experienceLevel,
      financialSituation: RISK_ANSWERS.financialSituation,
      riskCapacity: RISK_ANSWERS.riskCapacity,
      investmentObjective: RISK_ANSWERS.investmentObjective,
      annualIncome: RISK_ANSWERS.annualIncome,
      netWorth: null,
      submittedAt: at.assessed,
      expiresAt: oneYearAfter(at.assessed),
    });
  });

  test('every stream the replay rests on is verified: user, compliance and the four document streams', async () => {
    const history = await historyAsOf(at.expired);
    // No checkpoint writer runs here: every chain holds, and no event is covered by a signed checkpoint yet.
    const verified = (stream: string, events: number) => ({
      stream,
      ok: true,
      events,
      brokenAtRevision: null,
      signedEvents: 0,
      problem: null,
    });
    expect(history.verification).toEqual(
      expect.arrayContaining([
        verified(streams.user(learner.userId), 1),
        verified(streams.compliance(learner.userId), 11),
        // Every authored version of each document, and the amended risk disclosure.
        ...DocumentType.values.map((type) =>
          verified(
            streams.catalogDocument(type),
            authoredVersionsOf(type).length + (type === 'risk_disclosure' ? 1 : 0),
          ),
        ),
      ]),
    );
    expect(history.checkpoint).toMatchObject({ seq: null, problem: null });
    expect(history.verification).toHaveLength(6);
  });

  test('an unknown learner is 404 with the error format', async () => {
    const res = await auditor.get('/api/audit/learners/no-such-learner/history');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});

describe('GET /api/audit/learners?query= finds learners by e-mail or name', () => {
  const search = async (query: string) => {
    const res = await auditor.get(`/api/audit/learners?query=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    return res.body as LearnerSummary[];
  };
  const ids = (found: LearnerSummary[]) => found.map((l) => l.id);

  test('by the whole e-mail in any case, or a part of it', async () => {
    expect(ids(await search(learner.email.toUpperCase()))).toEqual([learner.userId]);
    expect(ids(await search(learner.email.split('@')[0] ?? ''))).toEqual([learner.userId]);
  });

  test('by first name, last name or full name, in any case', async () => {
    expect(ids(await search('grace'))).toEqual([learner.userId]);
    expect(ids(await search('HOPPER'))).toEqual([learner.userId]);
    expect(ids(await search('Grace Hopper'))).toEqual([learner.userId]);
  });

  test('the summary carries identity, registration time and compliance; no match is an empty list', async () => {
    expect(await search('Hopper')).toEqual([
      {
        id: learner.userId,
        email: learner.email,
        firstName: 'Grace',
        lastName: 'Hopper',
        registeredAt: at.registered,
        isCompliant: false,
      },
    ]);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  test('an empty query is refused with 400', async () => {
    const res = await auditor.get('/api/audit/learners?query=');
    expect(res.status).toBe(400);
  });
});

describe('every auditor read is itself recorded as AuditorViewedRecords on audit-{auditorId}', () => {
  const auditStream = () => streams.audit(auditor.userId);
  const lastRecord = async () => {
    const [last] = await stack.storage.log.readStream(auditStream(), { direction: 'backwards', maxCount: 1 });
    return last;
  };

  const reads: Array<[string, () => string, 'learner' | null]> = [
    ['a search', () => '/api/audit/learners?query=grace', null],
    ['a history', () => `/api/audit/learners/${learner.userId}/history?asOf=${at.assessed}`, 'learner'],
    ['a history export', () => `/api/audit/learners/${learner.userId}/export?format=csv`, 'learner'],
    ['the documents', () => '/api/audit/documents', null],
    [
      'a coverage',
      () => `/api/audit/documents/risk_disclosure/${authored('risk_disclosure').version}/coverage`,
      null,
    ],
    [
      'a coverage export',
      () => `/api/audit/documents/risk_disclosure/${authored('risk_disclosure').version}/coverage/export`,
      null,
    ],
  ];
  test.each(reads)(
    '%s appends exactly one record of who looked, at whom and when',
    async (_what, path, whose) => {
      const before = await streamLength(stack, auditStream());
      const res = await auditor.get(path());
      expect(res.status).toBe(200);
      expect(await streamLength(stack, auditStream())).toBe(before + 1);
      const record = await lastRecord();
      expect(record?.type).toBe('AuditorViewedRecords');
      expect(record?.data).toMatchObject({
        auditorId: auditor.userId,
        learnerId: whose === 'learner' ? learner.userId : null,
        viewedAt: at.expired,
      });
      expect(record?.metadata.actor).toBe(auditor.userId);
    },
  );

  test('the record of a history names the asOf that was asked for', async () => {
    await historyAsOf(at.published);
    expect((await lastRecord())?.data).toMatchObject({ learnerId: learner.userId, asOf: at.published });
  });

  test('a learner cannot read audit data, and their refused attempt records nothing', async () => {
    const before = await streamLength(stack, streams.audit(learner.userId));
    const res = await learner.get(`/api/audit/learners/${learner.userId}/history`);
    expect(res.status).toBe(403);
    expect(await streamLength(stack, streams.audit(learner.userId))).toBe(before);
  });
});
