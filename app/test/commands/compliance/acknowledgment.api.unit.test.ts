/**
 * The acknowledgment rule as API specifications: given the learner's compliance history in the log, when
 * they acknowledge a document, then the answer and exactly the events appended (none for a refusal).
 */
import { type DomainEvent, streams } from '@tickwise/contracts';
import {
  apiSpecification,
  DOCUMENT_MUST_BE_READ,
  documentInForce,
  newEvents,
  noEvents,
  response,
  type Stack,
  startStack,
  type TestClock,
  testClock,
} from '../../../src/testing';

const RISK = documentInForce('risk_disclosure');
const VIEWED_AT = '2027-03-01T09:00:00.000Z';
const ACK = '/api/compliance/acknowledgment';

let clock: TestClock;
let stack: Stack;
beforeAll(async () => {
  clock = testClock(VIEWED_AT);
  stack = await startStack({ storage: 'memory', publishContent: true, clock });
});
afterAll(() => stack.close());

const spec = apiSpecification(() => stack);
let next = 0;
const learnerId = () => `0190f5d2-7c1e-7c3a-9b4e-${String(++next).padStart(12, '0')}`;

/** A registered learner (their user stream) who opened the risk disclosure at VIEWED_AT. */
function learnerWhoViewed(userId: string) {
  const registered: DomainEvent = {
    type: 'UserRegistered',
    data: {
      userId,
      email: `${userId}@example.com`,
      firstName: 'Ann',
      lastName: 'Lee',
      registeredAt: VIEWED_AT,
    },
  };
  const viewed: DomainEvent = {
    type: 'ComplianceDocumentViewed',
    data: {
      documentType: 'risk_disclosure',
      version: RISK.version,
      contentHash: RISK.contentHash,
      viewedAt: VIEWED_AT,
    },
  };
  return [
    { stream: streams.user(userId), events: [registered] },
    { stream: streams.compliance(userId), events: [viewed] },
  ];
}

const acknowledge =
  (userId: string) =>
  ({ api, tokenOf }: Parameters<Parameters<ReturnType<typeof spec.given>['when']>[0]>[0]) =>
    api
      .post(ACK, { documentType: 'risk_disclosure', version: RISK.version })
      .set(...tokenOf(userId))
      .set('User-Agent', 'SpecBrowser/1.0');

test('9.999 s after the view: 422 "Document Must Be Read", nothing appended', async () => {
  const userId = learnerId();
  clock.set(new Date(Date.parse(VIEWED_AT) + 9_999));
  await spec
    .given(...learnerWhoViewed(userId))
    .when(acknowledge(userId))
    .expect(response(422, { error: DOCUMENT_MUST_BE_READ }), noEvents);
});

test('10 s after the view: 201, and one DocumentAcknowledged with the evidence the server saw', async () => {
  const userId = learnerId();
  clock.set(new Date(Date.parse(VIEWED_AT) + 10_000));
  const acknowledgedAt = clock.now().toISOString();
  await spec
    .given(...learnerWhoViewed(userId))
    .when(acknowledge(userId))
    .expect(
      response(201, { documentType: 'risk_disclosure', version: RISK.version, acknowledgedAt }),
      newEvents(streams.compliance(userId), [
        {
          type: 'DocumentAcknowledged',
          data: {
            documentType: 'risk_disclosure',
            version: RISK.version,
            contentHash: RISK.contentHash,
            viewedAt: VIEWED_AT,
            acknowledgedAt,
            secondsRead: 10,
            userAgent: 'SpecBrowser/1.0',
            consentText: RISK.consentText,
          },
        },
      ]),
    );
});

test('already acknowledged: 200 with the same record, nothing appended', async () => {
  const userId = learnerId();
  clock.set(new Date(Date.parse(VIEWED_AT) + 30_000));
  const first = await spec
    .given(...learnerWhoViewed(userId))
    .when(acknowledge(userId))
    .expect(response(201));
  await spec
    .given()
    .when(acknowledge(userId))
    .expect(response(200, { id: first.response.body.id }), noEvents);
});

test('no token: 401, nothing appended', async () => {
  const userId = learnerId();
  await spec
    .given(...learnerWhoViewed(userId))
    .when(({ api }) => api.post(ACK, { documentType: 'risk_disclosure', version: RISK.version }))
    .expect(response(401), noEvents);
});

test('a version that is not in force: 4xx, nothing appended', async () => {
  const userId = learnerId();
  clock.set(new Date(Date.parse(VIEWED_AT) + 30_000));
  const outcome = await spec
    .given(...learnerWhoViewed(userId))
    .when(({ api, tokenOf }) =>
      api.post(ACK, { documentType: 'risk_disclosure', version: '0.1' }).set(...tokenOf(userId)),
    )
    .expect(noEvents);
  expect(outcome.response.status).toBeGreaterThanOrEqual(400);
  expect(outcome.response.status).toBeLessThan(500);
  expect(outcome.response.body).toEqual({ error: expect.any(String) });
});
