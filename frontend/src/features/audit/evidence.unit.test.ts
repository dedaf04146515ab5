import {
  checkpointSummary,
  documentLabel,
  learnerName,
  riskAssessmentText,
  streamLabel,
  streamResult,
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
      { stream: 'user-u1', ok: true, events: 2, brokenAtRevision: null, signedEvents: 2, problem: null },
      { stream: 'compliance-u1', ok: false, events: 7, brokenAtRevision: 3, signedEvents: 0, problem: 'x' },
      {
        stream: 'catalog-document-cftc_warning',
        ok: false,
        events: 1,
        brokenAtRevision: 0,
        signedEvents: 0,
        problem: 'x',
      },
    ]);
    expect(broken.ok).toBe(false);
    expect(broken.badge).toBe('Broken');
    expect(broken.text).toBe(
      'Compliance record (compliance-u1) is broken at revision 3. 1 more stream(s) broken.',
    );
  });
});

describe('up to which signed checkpoint', () => {
  const compliance = HISTORY.verification[1];
  if (!compliance) throw new Error('fixture');

  it('names the checkpoint and its time when every event is covered', () => {
    expect(checkpointSummary(HISTORY.checkpoint, HISTORY.verification)).toEqual({
      ok: true,
      text: 'Verified against signed checkpoint #7 of 2026-11-26 10:41:00.000 UTC.',
    });
  });

  it('names the witnesses that cosigned the checkpoint, or says none has', () => {
    const cosigned = { ...HISTORY.checkpoint, cosignedBy: ['witness-a.example', 'witness-b.example'] };
    expect(checkpointSummary(cosigned, HISTORY.verification).text).toBe(
      'Verified against signed checkpoint #7 of 2026-11-26 10:41:00.000 UTC. Cosigned by witnesses witness-a.example, witness-b.example.',
    );
    expect(checkpointSummary({ ...HISTORY.checkpoint, cosignedBy: [] }, HISTORY.verification).text).toBe(
      'Verified against signed checkpoint #7 of 2026-11-26 10:41:00.000 UTC. No witness has cosigned it yet.',
    );
  });

  it('counts the events newer than the checkpoint as not yet covered, not as verified', () => {
    const newer = [{ ...compliance, events: 7 }];
    expect(checkpointSummary(HISTORY.checkpoint, newer).text).toBe(
      'Verified against signed checkpoint #7 of 2026-11-26 10:41:00.000 UTC. 2 newer events are not yet covered by a signed checkpoint.',
    );
    expect(streamResult({ ...compliance, events: 7 })).toBe('Chain intact; 2 not yet signed');
  });

  it('warns plainly when there is no checkpoint, or the checkpoints show tampering', () => {
    expect(
      checkpointSummary({ ...HISTORY.checkpoint, seq: null, signedAt: null }, HISTORY.verification),
    ).toEqual({
      ok: false,
      text: 'Not verified against a signed checkpoint: the log holds none yet.',
    });
    const deleted = checkpointSummary(
      { ...HISTORY.checkpoint, problem: 'the head file records #9' },
      HISTORY.verification,
    );
    expect(deleted).toEqual({
      ok: false,
      text: 'Warning: the head file records #9. Verified only against signed checkpoint #7 of 2026-11-26 10:41:00.000 UTC.',
    });
  });

  it('a stream re-hashed below its signed head is named with what is wrong', () => {
    const summary = summariseVerification([
      {
        ...compliance,
        ok: false,
        signedEvents: 0,
        problem: 'revision 4 is not the event the signed checkpoint holds',
      },
    ]);
    expect(summary.text).toMatch(/is broken: revision 4 is not the event the signed checkpoint holds\.$/);
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
