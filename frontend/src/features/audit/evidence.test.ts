import {
  documentLabel,
  learnerName,
  riskAssessmentText,
  streamLabel,
  summariseVerification,
  timelineOf,
} from './evidence';
import { EVENTS, HISTORY } from './fixtures';

const fieldValue = (fields: readonly { label: string; value: string }[], label: string) =>
  fields.find((f) => f.label === label)?.value;

describe('the timeline of a replayed history', () => {
  const entries = timelineOf(EVENTS);

  it('has one entry per event, in log order, each with its kind and title', () => {
    expect(entries.map((e) => [e.kind, e.title])).toEqual([
      ['warning', 'Warning issued: General risk'],
      ['view', 'Opened Futures Risk Disclosure v1.0'],
      ['acknowledgment', 'Acknowledged Futures Risk Disclosure v1.0'],
      ['risk', 'Completed the risk assessment'],
      ['warning-acknowledgment', 'Acknowledged a warning'],
    ]);
  });

  it('shows the whole evidence of an acknowledgment', () => {
    const ack = entries[2];
    if (ack === undefined) throw new Error('no acknowledgment');
    expect(ack.evidence.map((f) => f.label)).toEqual([
      'Document type',
      'Version',
      'Content hash',
      'Viewed at',
      'Acknowledged at',
      'Seconds read',
      'IP address',
      'User agent',
      'Consent wording',
    ]);
    expect(fieldValue(ack.evidence, 'Content hash')).toBe(
      'e760d4d9cb47721ecbae65613fc1f61043c3ba63d23dc62214062257ab43f2aa',
    );
    expect(fieldValue(ack.evidence, 'Seconds read')).toBe('11');
    expect(fieldValue(ack.evidence, 'IP address')).toBe('203.0.113.7');
    expect(fieldValue(ack.evidence, 'Acknowledged at')).toBe('2026-11-25 23:23:22.016 UTC');
    expect(fieldValue(ack.evidence, 'Consent wording')).toBe(
      'I have read and understood the Futures Risk Disclosure.',
    );
  });

  it('shows the risk answers and expiry, with a dash for what was not given', () => {
    const risk = entries[3];
    if (risk === undefined) throw new Error('no risk assessment');
    expect(fieldValue(risk.evidence, 'Financial situation')).toBe('Volatile');
    expect(fieldValue(risk.evidence, 'Risk capacity')).toBe('2 of 10');
    expect(fieldValue(risk.evidence, 'Annual income')).toBe('—');
    expect(fieldValue(risk.evidence, 'Net worth')).toBe('100k');
    expect(fieldValue(risk.evidence, 'Expires at')).toBe('2027-11-25 23:24:14.143 UTC');
  });

  it('names the warning an acknowledgment refers to', () => {
    expect(fieldValue(entries[4]?.evidence ?? [], 'Warning')).toBe('General risk (general-futures-risk)');
    expect(fieldValue(timelineOf(EVENTS.slice(4))[0]?.evidence ?? [], 'Warning')).toBe('Not in this history');
  });

  it('places every entry in its hash chain', () => {
    const first = entries[0];
    const second = entries[1];
    expect(fieldValue(first?.record ?? [], 'Previous hash')).toBe('— (first event of the stream)');
    expect(fieldValue(second?.record ?? [], 'Previous hash')).toBe(EVENTS[0]?.hash);
    expect(fieldValue(second?.record ?? [], 'Stream')).toBe(`${EVENTS[1]?.stream} #1`);
    expect(fieldValue(first?.record ?? [], 'Actor')).toBe('system:regulatory-warnings');
  });
});

describe('verification in one line', () => {
  it('is Verified when every chain holds', () => {
    expect(summariseVerification(HISTORY.verification)).toEqual({
      ok: true,
      badge: 'Verified',
      text: 'All 3 hash chains intact (8 events).',
    });
  });

  it('is Broken and names the first broken stream and revision', () => {
    const broken = summariseVerification([
      { stream: 'user-u1', ok: true, events: 2, brokenAtRevision: null },
      { stream: 'compliance-u1', ok: false, events: 7, brokenAtRevision: 3 },
      { stream: 'catalog-document-cftc_warning', ok: false, events: 1, brokenAtRevision: 0 },
    ]);
    expect(broken.ok).toBe(false);
    expect(broken.badge).toBe('Broken');
    expect(broken.text).toBe(
      'Compliance record (compliance-u1) is broken at revision 3. 1 more stream(s) broken.',
    );
  });
});

describe('labels', () => {
  it('names streams, documents, risk states and learners', () => {
    expect(streamLabel('user-x')).toBe('Account');
    expect(streamLabel('catalog-document-privacy_policy')).toBe('Published: Privacy Policy');
    expect(streamLabel('catalog-document-new_kind')).toBe('Published: new_kind');
    expect(streamLabel('other')).toBe('other');
    expect(documentLabel('cftc_warning', '2.0')).toBe('Regulatory Status and Fraud Warning v2.0');
    expect(riskAssessmentText({ status: 'none', assessmentId: null, expiresAt: null })).toBe(
      'No risk assessment',
    );
    expect(
      riskAssessmentText({ status: 'expired', assessmentId: 'a', expiresAt: '2026-01-01T00:00:00.000Z' }),
    ).toBe('Expired 2026-01-01 00:00:00.000 UTC');
    expect(learnerName({ ...HISTORY.learner, firstName: '', lastName: '' })).toBe('ada@example.com');
  });
});
