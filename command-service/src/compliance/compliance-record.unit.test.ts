/**
 * The compliance decider: views and acknowledgments with their evidence, the
 * 10-second reading rule on the server clock, risk assessments with a server-computed expiry, and warnings.
 */
import { deciderSpec, fold } from '@tickwise/platform';
import {
  type ActiveVersion,
  type ComplianceCommand,
  type ComplianceEvent,
  complianceRecord,
  DOCUMENT_MUST_BE_READ,
  type IssuedWarning,
  NOT_CURRENT_VERSION,
  oneYearAfter,
  UNKNOWN_DOCUMENT,
  WARNING_NOT_FOUND,
} from './compliance-record';

// given (the compliance stream's past events) / when (a command) / then (the events, or the refusal)
const { given } = deciderSpec(complianceRecord);

const HASH_1_0 = 'a'.repeat(64);
const HASH_1_1 = 'b'.repeat(64);
const CONSENT = 'I have read and understood the Futures Risk Disclosure and accept the risks it describes.';
const active: ActiveVersion = { version: '1.0', contentHash: HASH_1_0, consentText: CONSENT };
const T0 = '2026-01-17T09:30:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const noEvents = { ok: true, events: [] };
const refused = (kind: string, message: string) => ({ ok: false, error: { kind, message } });

const view = (seconds: number, version = '1.0', contentHash = HASH_1_0): ComplianceEvent => ({
  type: 'ComplianceDocumentViewed',
  data: { documentType: 'risk_disclosure', version, contentHash, viewedAt: at(seconds) },
});
const recordView = (overrides: Partial<Extract<ComplianceCommand, { kind: 'recordView' }>> = {}) =>
  ({
    kind: 'recordView',
    documentType: 'risk_disclosure',
    version: '1.0',
    active,
    at: at(0),
    ...overrides,
  }) satisfies ComplianceCommand;
const acknowledge = (
  seconds: number,
  overrides: Partial<Extract<ComplianceCommand, { kind: 'acknowledge' }>> = {},
) =>
  ({
    kind: 'acknowledge',
    documentType: 'risk_disclosure',
    version: '1.0',
    active,
    at: at(seconds),
    minimumReadSeconds: 10,
    ip: '203.0.113.7',
    userAgent: 'jest-agent/1.0',
    ...overrides,
  }) satisfies ComplianceCommand;
const acknowledged = (viewedAt: number, acknowledgedAt: number): ComplianceEvent => ({
  type: 'DocumentAcknowledged',
  data: {
    documentType: 'risk_disclosure',
    version: '1.0',
    contentHash: HASH_1_0,
    viewedAt: at(viewedAt),
    acknowledgedAt: at(acknowledgedAt),
    secondsRead: acknowledgedAt - viewedAt,
    ip: '203.0.113.7',
    userAgent: 'jest-agent/1.0',
    consentText: CONSENT,
  },
});

describe('recordView', () => {
  test('given nothing, when the active version is opened, then ComplianceDocumentViewed carries the server hash and time', () => {
    expect(given().when(recordView())).toEqual({ ok: true, events: [view(0)] });
  });

  test('a view is recorded each time the document is opened', () => {
    expect(given(view(0)).when(recordView({ at: at(30) }))).toEqual({ ok: true, events: [view(30)] });
  });

  test('when a version other than the active one is opened, then it is refused (rule)', () => {
    expect(given().when(recordView({ version: '0.9' }))).toEqual(refused('rule', NOT_CURRENT_VERSION));
  });

  test('when a document that was never published is opened, then it is not found', () => {
    expect(given().when(recordView({ active: undefined }))).toEqual(refused('not_found', UNKNOWN_DOCUMENT));
  });
});

describe('acknowledge: the 10-second reading rule on the server clock', () => {
  test('given no view, when the document is acknowledged, then "Document Must Be Read"', () => {
    expect(given().when(acknowledge(60))).toEqual(refused('rule', DOCUMENT_MUST_BE_READ));
  });

  test('given a view 5 s earlier, then it is refused', () => {
    expect(given(view(0)).when(acknowledge(5))).toEqual(refused('rule', DOCUMENT_MUST_BE_READ));
  });

  test('given a view 9.999 s earlier, then it is refused', () => {
    const command = acknowledge(0, { at: new Date(Date.parse(T0) + 9_999).toISOString() });
    expect(given(view(0)).when(command)).toEqual(refused('rule', DOCUMENT_MUST_BE_READ));
  });

  test('given only a view of another version, then it is refused', () => {
    expect(given(view(0, '0.9', HASH_1_1)).when(acknowledge(60))).toEqual(
      refused('rule', DOCUMENT_MUST_BE_READ),
    );
  });

  test('given a view of another document, then it is refused', () => {
    const otherDocument: ComplianceEvent = {
      type: 'ComplianceDocumentViewed',
      data: { documentType: 'cftc_warning', version: '1.0', contentHash: HASH_1_0, viewedAt: at(0) },
    };
    expect(given(otherDocument).when(acknowledge(60))).toEqual(refused('rule', DOCUMENT_MUST_BE_READ));
  });

  test('given a view exactly 10 s earlier, then DocumentAcknowledged carries the whole evidence', () => {
    expect(given(view(0)).when(acknowledge(10))).toEqual({ ok: true, events: [acknowledged(0, 10)] });
  });

  test('the hash and consent wording are the published ones (the command carries no client copy)', () => {
    const published: ActiveVersion = {
      version: '1.0',
      contentHash: HASH_1_1,
      consentText: 'Published wording',
    };
    const decision = given(view(0)).when(acknowledge(12, { active: published }));
    expect(decision).toMatchObject({
      ok: true,
      events: [
        {
          type: 'DocumentAcknowledged',
          data: { contentHash: HASH_1_1, consentText: 'Published wording', secondsRead: 12 },
        },
      ],
    });
  });

  test('the latest view that is at least 10 s old is the qualifying one; a more recent view does not count', () => {
    // Views at 0, 20 and 35; acknowledged at 40: the view at 35 is too recent, 20 qualifies (20 s read).
    expect(given(view(0), view(20), view(35)).when(acknowledge(40))).toEqual({
      ok: true,
      events: [acknowledged(20, 40)],
    });
  });

  test('secondsRead is whole seconds, rounded down', () => {
    const command = acknowledge(0, { at: new Date(Date.parse(T0) + 10_900).toISOString() });
    expect(given(view(0)).when(command)).toMatchObject({
      ok: true,
      events: [{ data: { secondsRead: 10, acknowledgedAt: '2026-01-17T09:30:10.900Z' } }],
    });
  });

  test('the minimum reading time is configurable (MIN_READ_SECONDS)', () => {
    expect(given(view(0)).when(acknowledge(10, { minimumReadSeconds: 30 }))).toEqual(
      refused('rule', DOCUMENT_MUST_BE_READ),
    );
    expect(given(view(0)).when(acknowledge(3, { minimumReadSeconds: 2 }))).toMatchObject({
      ok: true,
      events: [{ type: 'DocumentAcknowledged' }],
    });
  });

  test('when a version that is not the active one is acknowledged, then it is refused (rule), even after a view', () => {
    expect(given(view(0)).when(acknowledge(60, { version: '0.9' }))).toEqual(
      refused('rule', NOT_CURRENT_VERSION),
    );
  });

  test('given 1.0 acknowledged and 1.1 now active, acknowledging 1.0 again is refused as not current', () => {
    const v11: ActiveVersion = { version: '1.1', contentHash: HASH_1_1, consentText: CONSENT };
    expect(given(view(0), acknowledged(0, 10)).when(acknowledge(60, { active: v11 }))).toEqual(
      refused('rule', NOT_CURRENT_VERSION),
    );
  });

  test('given 1.0 acknowledged and 1.1 now active, 1.1 still needs its own view', () => {
    const v11: ActiveVersion = { version: '1.1', contentHash: HASH_1_1, consentText: CONSENT };
    const history = [view(0), acknowledged(0, 10)];
    expect(given(...history).when(acknowledge(60, { active: v11, version: '1.1' }))).toEqual(
      refused('rule', DOCUMENT_MUST_BE_READ),
    );
    expect(
      given(...history, view(100, '1.1', HASH_1_1)).when(acknowledge(110, { active: v11, version: '1.1' })),
    ).toMatchObject({
      ok: true,
      events: [{ data: { version: '1.1', contentHash: HASH_1_1, viewedAt: at(100) } }],
    });
  });

  test('when an unknown document is acknowledged, then it is not found', () => {
    expect(given().when(acknowledge(60, { active: undefined }))).toEqual(
      refused('not_found', UNKNOWN_DOCUMENT),
    );
  });

  test('given the version already acknowledged, when it is acknowledged again, then nothing is appended', () => {
    expect(given(view(0), acknowledged(0, 10)).when(acknowledge(500))).toEqual(noEvents);
  });

  test('views of an acknowledged version are not kept: reading it again and again does not grow the state', () => {
    const rereads = Array.from({ length: 50 }, (_, n) => view(20 + n));
    const state = fold(complianceRecord, [view(0), view(5), acknowledged(0, 10), ...rereads]);
    expect(state.views).toEqual({});
    expect(Object.keys(state.acknowledgments)).toEqual(['risk_disclosure@1.0']);
    // ...while a version not yet acknowledged keeps its views, so that its acknowledgment can be judged.
    expect(fold(complianceRecord, [view(0), acknowledged(0, 10), view(100, '1.1', HASH_1_1)]).views).toEqual({
      'risk_disclosure@1.1': [at(100)],
    });
  });
});

describe('assessRisk', () => {
  const answers = {
    experienceLevel: 'beginner',
    financialSituation: 'stable',
    riskCapacity: 5,
    investmentObjective: 'education',
    annualIncome: null,
    netWorth: '50k',
  } as const;
  const assess = (when: string): ComplianceCommand => ({
    kind: 'assessRisk',
    assessmentId: 'assessment-1',
    answers,
    at: when,
  });

  test('RiskAssessed records the answers, the submission time and an expiry exactly one year later', () => {
    expect(given().when(assess('2026-03-05T12:00:00.000Z'))).toEqual({
      ok: true,
      events: [
        {
          type: 'RiskAssessed',
          data: {
            assessmentId: 'assessment-1',
            ...answers,
            submittedAt: '2026-03-05T12:00:00.000Z',
            expiresAt: '2027-03-05T12:00:00.000Z',
          },
        },
      ],
    });
  });

  test('a 29 February submission expires on 1 March of the next year', () => {
    expect(given().when(assess('2028-02-29T08:15:30.250Z'))).toMatchObject({
      ok: true,
      events: [{ data: { expiresAt: '2029-03-01T08:15:30.250Z' } }],
    });
  });

  test.each([
    ['2026-12-31T23:59:59.999Z', '2027-12-31T23:59:59.999Z'],
    ['2027-02-28T00:00:00.000Z', '2028-02-28T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', '2025-03-01T00:00:00.000Z'],
  ])('oneYearAfter(%s) = %s', (from, to) => {
    expect(oneYearAfter(from)).toBe(to);
  });

  test('every assessment is recorded, also a second one', () => {
    const first = given().when(assess('2026-03-05T12:00:00.000Z'));
    if (!first.ok) throw new Error('the first assessment was refused');
    expect(given(...first.events).when(assess('2026-04-05T12:00:00.000Z'))).toMatchObject({
      ok: true,
      events: [{ type: 'RiskAssessed', data: { submittedAt: '2026-04-05T12:00:00.000Z' } }],
    });
  });
});

describe('warnings', () => {
  const warning = (warningId: string): IssuedWarning => ({
    warningId,
    warningType: 'general_risk',
    rule: 'general-futures-risk',
    message: 'Futures are risky.',
  });
  const issued = (warningId: string, when = at(0)): ComplianceEvent => ({
    type: 'RegulatoryWarningIssued',
    data: { ...warning(warningId), issuedAt: when },
  });
  const warningAcknowledged = (warningId: string): ComplianceEvent => ({
    type: 'RegulatoryWarningAcknowledged',
    data: { warningId, acknowledgedAt: at(5) },
  });

  test('issueWarnings issues every warning not yet issued, and skips those already issued', () => {
    expect(
      given(issued('w-1')).when({
        kind: 'issueWarnings',
        warnings: [warning('w-1'), warning('w-2'), warning('w-3')],
        at: at(9),
      }),
    ).toEqual({ ok: true, events: [issued('w-2', at(9)), issued('w-3', at(9))] });
  });

  test('issueWarnings with every warning already issued appends nothing', () => {
    expect(
      given(issued('w-1'), issued('w-2')).when({
        kind: 'issueWarnings',
        warnings: [warning('w-1'), warning('w-2')],
        at: at(9),
      }),
    ).toEqual(noEvents);
  });

  test('acknowledgeWarning of an issued warning appends RegulatoryWarningAcknowledged', () => {
    expect(given(issued('w-1')).when({ kind: 'acknowledgeWarning', warningId: 'w-1', at: at(5) })).toEqual({
      ok: true,
      events: [warningAcknowledged('w-1')],
    });
  });

  test("acknowledgeWarning of an unknown warning (e.g. another user's) is not found", () => {
    expect(given(issued('w-1')).when({ kind: 'acknowledgeWarning', warningId: 'w-9', at: at(5) })).toEqual(
      refused('not_found', WARNING_NOT_FOUND),
    );
  });

  test('acknowledging a warning twice appends nothing the second time', () => {
    expect(
      given(issued('w-1'), warningAcknowledged('w-1')).when({
        kind: 'acknowledgeWarning',
        warningId: 'w-1',
        at: at(50),
      }),
    ).toEqual(noEvents);
  });
});
