import { event, streams } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { riskAssessed } from '../../test/helpers';
import { inStream, projectionSpec, type Then } from '../../test/projection-spec';
import {
  type ActiveDocumentDoc,
  type ComplianceStatusDoc,
  type ComplianceViewPageDoc,
  complianceLogOf,
  complianceProjection,
  isCompliant,
  type LearnerComplianceDoc,
  VIEW_PAGE_SIZE,
  viewPageId,
} from './compliance';

type Learner = Pick<LearnerComplianceDoc, 'acknowledged' | 'riskExpiresAt'>;
type Active = Pick<ActiveDocumentDoc, 'id' | 'version'>;

const NOW = new Date('2026-11-26T12:00:00.000Z');
const NEXT_YEAR = '2027-11-26T12:00:00.000Z';

const active: Active[] = [
  { id: 'risk_disclosure', version: '1.0' },
  { id: 'cftc_warning', version: '1.0' },
  { id: 'educational_disclaimer', version: '1.0' },
  { id: 'privacy_policy', version: '1.0' },
];
const allAcknowledged: Learner['acknowledged'] = {
  risk_disclosure: ['1.0'],
  cftc_warning: ['1.0'],
  educational_disclaimer: ['1.0'],
  privacy_policy: ['1.0'],
};
const compliant: Learner = { acknowledged: allAcknowledged, riskExpiresAt: NEXT_YEAR };

describe('isCompliant: every active version acknowledged and a risk assessment that has not expired, judged when asked', () => {
  test('every active version acknowledged and an assessment that has not expired: compliant', () => {
    expect(isCompliant(compliant, active, NOW)).toBe(true);
  });

  test('a learner with no compliance record at all is not compliant', () => {
    expect(isCompliant(undefined, active, NOW)).toBe(false);
  });

  test('every document acknowledged but no risk assessment: not compliant', () => {
    expect(isCompliant({ ...compliant, riskExpiresAt: null }, active, NOW)).toBe(false);
  });

  test('an assessment that expires now or expired earlier does not count; one a millisecond ahead does', () => {
    expect(isCompliant({ ...compliant, riskExpiresAt: NOW.toISOString() }, active, NOW)).toBe(false);
    expect(isCompliant({ ...compliant, riskExpiresAt: '2026-11-25T12:00:00.000Z' }, active, NOW)).toBe(false);
    expect(isCompliant({ ...compliant, riskExpiresAt: '2026-11-26T12:00:00.001Z' }, active, NOW)).toBe(true);
  });

  test('the same record is judged at the time asked: compliant today, not after its expiry', () => {
    expect(isCompliant(compliant, active, NOW)).toBe(true);
    expect(isCompliant(compliant, active, new Date(NEXT_YEAR))).toBe(false);
  });

  test('one active document not acknowledged: not compliant', () => {
    const { privacy_policy: _missing, ...others } = allAcknowledged;
    expect(isCompliant({ ...compliant, acknowledged: others }, active, NOW)).toBe(false);
  });

  test('a new version in force makes a learner who acknowledged only the old one non-compliant until they acknowledge it', () => {
    const newVersion = active.map((d) => (d.id === 'risk_disclosure' ? { ...d, version: '1.1' } : d));
    expect(isCompliant(compliant, newVersion, NOW)).toBe(false);
    const acknowledged = { ...allAcknowledged, risk_disclosure: ['1.0', '1.1'] };
    expect(isCompliant({ ...compliant, acknowledged }, newVersion, NOW)).toBe(true);
  });

  test('acknowledgments of documents no longer active do not matter', () => {
    expect(isCompliant(compliant, active.slice(0, 2), NOW)).toBe(true);
  });
});

describe('compliance read model', () => {
  const { given } = projectionSpec(complianceProjection);
  const ada = inStream(streams.compliance('u1'));
  const hash = 'a'.repeat(64);
  const viewed = event('ComplianceDocumentViewed', {
    documentType: 'risk_disclosure',
    version: '1.0',
    contentHash: hash,
    viewedAt: '2026-01-01T10:00:00.000Z',
  });
  const acknowledged = (acknowledgedAt: string, secondsRead: number) =>
    event('DocumentAcknowledged', {
      documentType: 'risk_disclosure',
      version: '1.0',
      contentHash: hash,
      viewedAt: '2026-01-01T10:00:00.000Z',
      acknowledgedAt,
      secondsRead,
      ip: '203.0.113.7',
      userAgent: 'spec',
      consentText: 'I have read and understood this document.',
    });
  const warning = (warningId: string) =>
    event('RegulatoryWarningIssued', {
      warningId,
      warningType: 'general_risk',
      rule: 'at registration',
      message: 'Futures trading carries a substantial risk of loss.',
      issuedAt: '2026-01-01T09:00:00.000Z',
    });

  const assessed = riskAssessed;

  /** u1's Compliance Log, newest first, as GET /api/compliance/log reads it: the record and its pages of views. */
  const logOf = (then: Then) => {
    const learner = then.document<LearnerComplianceDoc>('learners', 'u1');
    const pages = Array.from({ length: learner?.viewPages ?? 0 }, (_, page) =>
      then.document<ComplianceViewPageDoc>('views', viewPageId('u1', page)),
    );
    return complianceLogOf(
      learner,
      pages.filter((page) => page !== undefined),
    );
  };

  test('an acknowledgment is recorded with its version and logged with the seconds the document was read', () => {
    const history = ada(viewed);
    const acknowledgment = ada(acknowledged('2026-01-01T10:00:12.000Z', 12));
    const then = given(...history).when(...acknowledgment);
    const learner = then.document<LearnerComplianceDoc>('learners', 'u1');
    expect(learner?.acknowledged).toEqual({ risk_disclosure: ['1.0'] });
    expect(learner?.acknowledgments).toEqual([
      {
        id: acknowledgment[0]?.eventId,
        documentType: 'risk_disclosure',
        version: '1.0',
        acknowledgedAt: '2026-01-01T10:00:12.000Z',
      },
    ]);
    expect(logOf(then)).toEqual([
      {
        id: acknowledgment[0]?.eventId,
        kind: 'document_acknowledged',
        at: '2026-01-01T10:00:12.000Z',
        summary: 'Acknowledged the Futures Risk Disclosure (version 1.0) after 12 s of reading',
        documentType: 'risk_disclosure',
        version: '1.0',
      },
      {
        id: history[0]?.eventId,
        kind: 'document_viewed',
        at: '2026-01-01T10:00:00.000Z',
        summary: 'Opened the Futures Risk Disclosure (version 1.0) for reading',
        documentType: 'risk_disclosure',
        version: '1.0',
      },
    ]);
  });

  test('acknowledging a version again changes nothing: the first acknowledgment is the one that counts', () => {
    const first = given(...ada(viewed, acknowledged('2026-01-01T10:00:12.000Z', 12)));
    const before = {
      learner: first.document<LearnerComplianceDoc>('learners', 'u1'),
      acknowledgments: first.documents('acknowledgments'),
    };
    const then = first.when(...ada(acknowledged('2026-01-02T08:00:00.000Z', 30)));
    expect(then.document<LearnerComplianceDoc>('learners', 'u1')).toEqual(before.learner);
    expect(then.documents('acknowledgments')).toEqual(before.acknowledgments);
    expect(before.acknowledgments).toEqual([
      {
        id: 'u1|risk_disclosure@1.0',
        key: 'risk_disclosure@1.0',
        learnerId: 'u1',
        acknowledgedAt: '2026-01-01T10:00:12.000Z',
      },
    ]);
  });

  test('the learner’s status holds exactly what isCompliant reads from the record, and no views', () => {
    const assessment = assessed('r1', '2026-01-01T11:00:00.000Z', '2027-01-01T11:00:00.000Z');
    const then = given(...ada(viewed, viewed, acknowledged('2026-01-01T10:00:12.000Z', 12))).when(
      ...ada(viewed, acknowledged('2026-01-02T08:00:00.000Z', 30), assessment, viewed),
    );
    const learner = then.document<LearnerComplianceDoc>('learners', 'u1');
    expect(then.document<ComplianceStatusDoc>('status', 'u1')).toEqual({
      id: 'u1',
      acknowledged: learner?.acknowledged,
      riskExpiresAt: learner?.riskExpiresAt,
    });
    expect(learner).toMatchObject({
      acknowledged: { risk_disclosure: ['1.0'] },
      riskExpiresAt: '2027-01-01T11:00:00.000Z',
    });
    // Views change the record, not the status.
    expect(given(...ada(viewed)).document('status', 'u1')).toBeUndefined();
  });

  test('views after the first page of revisions are logged in pages of their own, which a view rewrites instead of the record', () => {
    /** The event as the log records it at `revision` of u1's compliance stream. */
    const atRevision = (revision: number, e: Parameters<typeof ada>[0]) =>
      ({ ...ada(e)[0], revision }) as RecordedEvent;
    const view = (revision: number) =>
      atRevision(
        revision,
        event('ComplianceDocumentViewed', {
          ...viewed.data,
          viewedAt: `2026-01-01T10:${String(revision % 60).padStart(2, '0')}:00.000Z`,
        }),
      );
    const gate = [view(0), atRevision(1, acknowledged('2026-01-01T10:00:12.000Z', 12))];
    const rereads = Array.from({ length: 3 * VIEW_PAGE_SIZE + 2 }, (_, n) => view(n + 2));
    const then = given(...gate).when(...rereads);
    const record = then.document<LearnerComplianceDoc>('learners', 'u1');
    // Every view is logged, newest first; the record holds the first page's, pages 1 to 3 the rest.
    const log = logOf(then);
    expect(log.map((entry) => entry.id)).toEqual([...gate, ...rereads].map((e) => e.eventId).reverse());
    expect(record?.log).toHaveLength(VIEW_PAGE_SIZE);
    expect(record?.viewPages).toBe(4);
    expect(
      then.documents<ComplianceViewPageDoc>('views').map((page) => [page.id, page.views.length]),
    ).toEqual([
      [viewPageId('u1', 1), VIEW_PAGE_SIZE],
      [viewPageId('u1', 2), VIEW_PAGE_SIZE],
      [viewPageId('u1', 3), 4],
    ]);
    expect(record?.firstViews).toEqual([
      { documentType: 'risk_disclosure', version: '1.0', viewedAt: '2026-01-01T10:00:00.000Z' },
    ]);
    // Another view on the last page leaves the record as it was; one that begins a page counts the page.
    const last = 4 * VIEW_PAGE_SIZE - 1;
    const samePage = given(...gate, ...rereads).when(view(3 * VIEW_PAGE_SIZE + 4));
    expect(samePage.document('learners', 'u1')).toEqual(record);
    const nextPage = given(...gate, ...rereads).when(view(last + 1));
    expect(nextPage.document<LearnerComplianceDoc>('learners', 'u1')).toEqual({ ...record, viewPages: 5 });
  });

  test('a risk assessment sets the expiry isCompliant reads, newest assessment first', () => {
    const then = given(...ada(assessed('r1', '2026-01-01T10:00:00.000Z', '2027-01-01T10:00:00.000Z'))).when(
      ...ada(assessed('r2', '2026-06-01T10:00:00.000Z', '2027-06-01T10:00:00.000Z')),
    );
    const learner = then.document<LearnerComplianceDoc>('learners', 'u1');
    expect(learner?.riskExpiresAt).toBe('2027-06-01T10:00:00.000Z');
    expect(learner?.assessments.map((a) => a.id)).toEqual(['r2', 'r1']);
    expect(logOf(then)[0]?.summary).toBe('Risk assessment completed, valid until 2027-06-01');
  });

  test('a warning issued twice is listed once; acknowledging it marks it and logs it by name', () => {
    const then = given(...ada(warning('w1'))).when(
      ...ada(
        warning('w1'),
        event('RegulatoryWarningAcknowledged', {
          warningId: 'w1',
          acknowledgedAt: '2026-01-01T09:05:00.000Z',
        }),
      ),
    );
    const learner = then.document<LearnerComplianceDoc>('learners', 'u1');
    expect(learner?.warnings).toEqual([
      {
        id: 'w1',
        warningType: 'general_risk',
        message: 'Futures trading carries a substantial risk of loss.',
        createdAt: '2026-01-01T09:00:00.000Z',
        acknowledged: true,
      },
    ]);
    expect(logOf(then).map((entry) => entry.summary)).toEqual([
      'Warning acknowledged: General futures risk',
      'Warning issued: General futures risk',
    ]);
  });

  test('the latest published version of a document is the one in force', () => {
    const published = (version: string, publishedAt: string) =>
      event('ComplianceDocumentPublished', {
        documentType: 'risk_disclosure',
        version,
        title: 'Futures Risk Disclosure',
        content: `Text of ${version}`,
        contentHash: hash,
        consentText: 'I have read and understood this document.',
        publishedAt,
      });
    const catalog = inStream(streams.catalogDocument('risk_disclosure'));
    expect(
      given(...catalog(published('1.0', '2026-01-01T00:00:00.000Z')))
        .when(...catalog(published('1.1', '2026-02-01T00:00:00.000Z')))
        .documents('documents'),
    ).toEqual([
      {
        id: 'risk_disclosure',
        version: '1.1',
        title: 'Futures Risk Disclosure',
        content: 'Text of 1.1',
        contentHash: hash,
        consentText: 'I have read and understood this document.',
        publishedAt: '2026-02-01T00:00:00.000Z',
      },
    ]);
  });
});
