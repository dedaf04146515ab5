/** A replayed history as the server answers it, for the audit screen's tests. */
import type { AuditHistory, ComplianceEvidence, DocumentVersion, LearnerSummary } from '@tickwise/contracts';

export const LEARNER: LearnerSummary = {
  id: 'e6626707-67e4-8a2b-b1de-2dd75e22ef36',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  registeredAt: '2026-11-25T23:23:07.936Z',
  isCompliant: true,
};

const STREAM = `compliance-${LEARNER.id}`;
const hash = (n: number) => n.toString(16).padStart(64, '0');
const envelope = (revision: number, occurredAt: string, actor = LEARNER.id) => ({
  stream: STREAM,
  revision,
  position: String(80 + revision),
  eventId: `00000000-0000-8000-8000-${String(revision).padStart(12, '0')}`,
  occurredAt,
  actor,
  prevHash: revision === 0 ? null : hash(revision),
  hash: hash(revision + 1),
});

export const EVENTS: ComplianceEvidence[] = [
  {
    ...envelope(0, '2026-11-25T23:23:08.032Z', 'system:regulatory-warnings'),
    type: 'RegulatoryWarningIssued',
    data: {
      warningId: 'w-1',
      warningType: 'general_risk',
      rule: 'general-futures-risk',
      message: 'Trading futures involves substantial risk of loss.',
      issuedAt: '2026-11-25T23:23:08.031Z',
    },
  },
  {
    ...envelope(1, '2026-11-25T23:23:10.892Z'),
    type: 'ComplianceDocumentViewed',
    data: {
      documentType: 'risk_disclosure',
      version: '1.0',
      contentHash: 'e760d4d9cb47721ecbae65613fc1f61043c3ba63d23dc62214062257ab43f2aa',
      viewedAt: '2026-11-25T23:23:10.891Z',
    },
  },
  {
    ...envelope(2, '2026-11-25T23:23:22.017Z'),
    type: 'DocumentAcknowledged',
    data: {
      documentType: 'risk_disclosure',
      version: '1.0',
      contentHash: 'e760d4d9cb47721ecbae65613fc1f61043c3ba63d23dc62214062257ab43f2aa',
      viewedAt: '2026-11-25T23:23:10.891Z',
      acknowledgedAt: '2026-11-25T23:23:22.016Z',
      secondsRead: 11,
      // As stored: sealed under the learner's key; `personal` holds them opened for the auditor.
      ip: 'tw1.k.aXY.Y3Q.dGFn',
      userAgent: 'tw1.k.aXY.Y3Q.dGFn',
      consentText: 'I have read and understood the Futures Risk Disclosure.',
    },
    personal: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' },
  },
  {
    ...envelope(3, '2026-11-25T23:24:14.144Z'),
    type: 'RiskAssessed',
    data: {
      assessmentId: 'a-1',
      experienceLevel: 'beginner',
      financialSituation: 'volatile',
      riskCapacity: 2,
      investmentObjective: 'education',
      annualIncome: 'tw1.k.aXY.Y3Q.dGFn',
      netWorth: 'tw1.k.aXY.Y3Q.dGFn',
      submittedAt: '2026-11-25T23:24:14.143Z',
      expiresAt: '2027-11-25T23:24:14.143Z',
    },
    personal: { annualIncome: null, netWorth: '100k' },
  },
  {
    ...envelope(4, '2026-11-25T23:25:00.000Z'),
    type: 'RegulatoryWarningAcknowledged',
    data: { warningId: 'w-1', acknowledgedAt: '2026-11-25T23:24:59.999Z' },
  },
];

export const HISTORY: AuditHistory = {
  learner: LEARNER,
  asOf: '2026-11-26T00:00:00.000Z',
  events: EVENTS,
  state: {
    isCompliant: true,
    acknowledged: [
      { documentType: 'risk_disclosure', version: '1.0', acknowledgedAt: '2026-11-25T23:23:22.016Z' },
    ],
    missing: [],
    riskAssessment: { status: 'current', assessmentId: 'a-1', expiresAt: '2027-11-25T23:24:14.143Z' },
  },
  verification: [
    {
      stream: `user-${LEARNER.id}`,
      ok: true,
      events: 2,
      brokenAtRevision: null,
      signedEvents: 2,
      problem: null,
    },
    { stream: STREAM, ok: true, events: 5, brokenAtRevision: null, signedEvents: 5, problem: null },
    {
      stream: 'catalog-document-risk_disclosure',
      ok: true,
      events: 1,
      brokenAtRevision: null,
      signedEvents: 1,
      problem: null,
    },
  ],
  checkpoint: { seq: 7, signedAt: '2026-11-26T10:41:00.000Z', keyId: 'b'.repeat(64), problem: null },
};

/** The same learner before the risk assessment: acknowledged, but not compliant. */
export const HISTORY_BEFORE_RISK: AuditHistory = {
  ...HISTORY,
  asOf: '2026-11-25T23:24:00.000Z',
  events: EVENTS.slice(0, 3),
  state: {
    ...HISTORY.state,
    isCompliant: false,
    riskAssessment: { status: 'none', assessmentId: null, expiresAt: null },
  },
};

export const DOCUMENTS: DocumentVersion[] = [
  {
    documentType: 'risk_disclosure',
    version: '1.0',
    title: 'Futures Risk Disclosure',
    content: 'Futures are leveraged.',
    contentHash: 'e760d4d9cb47721ecbae65613fc1f61043c3ba63d23dc62214062257ab43f2aa',
    publishedAt: '2026-11-25T23:22:22.779Z',
    isActive: true,
  },
  {
    documentType: 'cftc_warning',
    version: '1.0',
    title: 'Regulatory Status and Fraud Warning',
    content: 'Tickwise is not registered with the CFTC.',
    contentHash: '6e431fb85db29c9e11b2f30343f0d9e94d5a9e68f9d3bb828e15c864021982e4',
    publishedAt: '2026-11-25T23:22:22.752Z',
    isActive: true,
  },
];
