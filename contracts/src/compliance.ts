/**
 * The compliance gate in one place: its routes, request bodies, entities and events. The route table,
 * the event codecs and the index re-export them; read this file to follow a compliance feature end to end.
 */
import * as t from 'io-ts';
import {
  entityId,
  intRange,
  isoDateTime,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  oneOf,
  optionalText,
  sha256Hex,
  struct,
  text,
} from './codecs';
import { limits } from './limits';
import { IdParams } from './requests';
import type { RouteDefinition } from './route-definition';
import { DocumentType, ExperienceLevel, FinancialSituation, InvestmentObjective } from './vocabulary';

const title = nonEmptyString(limits.title);
const version = nonEmptyString(limits.version);

// ---- entities ----

/**
 * A compliance document version; content is markdown-like text. consentText is the wording of the box a
 * learner ticks to acknowledge it, exactly as the server records it in the acknowledgment.
 */
export const ComplianceDocument = struct(
  {
    id: entityId,
    documentType: DocumentType,
    title,
    version,
    content: t.string,
    consentText: text(limits.consentText),
    isActive: t.boolean,
  },
  'ComplianceDocument',
);
export type ComplianceDocument = t.TypeOf<typeof ComplianceDocument>;

/** The user's acknowledgment of one document version. */
export const Acknowledgment = struct(
  {
    id: entityId,
    documentType: DocumentType,
    version,
    acknowledgedAt: isoDateTime,
  },
  'Acknowledgment',
);
export type Acknowledgment = t.TypeOf<typeof Acknowledgment>;

/** A recorded view of a document version (the start of the 10-second reading time). */
export const DocumentView = struct(
  {
    documentType: DocumentType,
    version,
    viewedAt: isoDateTime,
  },
  'DocumentView',
);
export type DocumentView = t.TypeOf<typeof DocumentView>;

/** A risk assessment; expiresAt is one year after createdAt, computed by the server. */
export const RiskAssessment = struct(
  {
    id: entityId,
    experienceLevel: ExperienceLevel,
    financialSituation: FinancialSituation,
    riskCapacity: intRange(limits.riskCapacity.min, limits.riskCapacity.max),
    investmentObjective: InvestmentObjective,
    annualIncome: nullable(t.string),
    netWorth: nullable(t.string),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
  },
  'RiskAssessment',
);
export type RiskAssessment = t.TypeOf<typeof RiskAssessment>;

/** A regulatory warning issued to the user. */
export const RegulatoryWarning = struct(
  {
    id: entityId,
    warningType: nonEmptyString(limits.title),
    message: t.string,
    createdAt: isoDateTime,
    acknowledged: t.boolean,
  },
  'RegulatoryWarning',
);
export type RegulatoryWarning = t.TypeOf<typeof RegulatoryWarning>;

/** What a Compliance Log entry records. */
export const ComplianceLogKind = oneOf([
  'document_viewed',
  'document_acknowledged',
  'risk_assessed',
  'warning_issued',
  'warning_acknowledged',
]);
export type ComplianceLogKind = t.TypeOf<typeof ComplianceLogKind>;

/** One entry of the user's Compliance Log tab, newest first. */
export const ComplianceLogEntry = struct(
  {
    id: entityId,
    kind: ComplianceLogKind,
    at: isoDateTime,
    summary: t.string,
  },
  {
    documentType: DocumentType,
    version,
  },
  'ComplianceLogEntry',
);
export type ComplianceLogEntry = t.TypeOf<typeof ComplianceLogEntry>;

// ---- request bodies ----

/** POST /api/compliance/document-views: the user opened a document version for reading. */
export const DocumentViewBody = struct({ documentType: DocumentType, version }, 'DocumentViewBody');
export type DocumentViewBody = t.TypeOf<typeof DocumentViewBody>;

/** POST /api/compliance/acknowledgment; consentText is the wording of the box the user ticked. */
export const AcknowledgmentBody = struct(
  { documentType: DocumentType, version },
  { consentText: text(limits.consentText) },
  'AcknowledgmentBody',
);
export type AcknowledgmentBody = t.TypeOf<typeof AcknowledgmentBody>;

/**
 * POST /api/risk/assessment. annualIncome and netWorth: absent, null or blank → null.
 * expiresAt is accepted but ignored: the server sets it one year after submission.
 */
export const RiskAssessmentBody = struct(
  {
    experienceLevel: ExperienceLevel,
    financialSituation: FinancialSituation,
    riskCapacity: intRange(limits.riskCapacity.min, limits.riskCapacity.max),
    investmentObjective: InvestmentObjective,
    annualIncome: optionalText(limits.income),
    netWorth: optionalText(limits.income),
  },
  { expiresAt: nullable(t.string) },
  'RiskAssessmentBody',
);
export type RiskAssessmentBody = t.TypeOf<typeof RiskAssessmentBody>;

// ---- events ----

// ---- compliance-{userId} ----

export const ComplianceDocumentViewed = struct(
  { documentType: DocumentType, version, contentHash: sha256Hex, viewedAt: isoDateTime },
  'ComplianceDocumentViewed',
);
/** The evidence of an acknowledgment: which text, when it was opened and ticked, from where, and the wording. */
export const DocumentAcknowledged = struct(
  {
    documentType: DocumentType,
    version,
    contentHash: sha256Hex,
    viewedAt: isoDateTime,
    acknowledgedAt: isoDateTime,
    secondsRead: nonNegativeInt,
    ip: t.string,
    userAgent: t.string,
    consentText: text(limits.consentText),
  },
  'DocumentAcknowledged',
);
/** expiresAt is set by the server, one year after submittedAt. */
export const RiskAssessed = struct(
  {
    assessmentId: entityId,
    experienceLevel: ExperienceLevel,
    financialSituation: FinancialSituation,
    riskCapacity: intRange(limits.riskCapacity.min, limits.riskCapacity.max),
    investmentObjective: InvestmentObjective,
    annualIncome: optionalText(limits.income),
    netWorth: optionalText(limits.income),
    submittedAt: isoDateTime,
    expiresAt: isoDateTime,
  },
  'RiskAssessed',
);
/** `rule` names the documented rule that issued the warning. */
export const RegulatoryWarningIssued = struct(
  { warningId: entityId, warningType: title, rule: title, message: t.string, issuedAt: isoDateTime },
  'RegulatoryWarningIssued',
);
export const RegulatoryWarningAcknowledged = struct(
  { warningId: entityId, acknowledgedAt: isoDateTime },
  'RegulatoryWarningAcknowledged',
);

// ---- catalog-document-{documentType} ----

export const ComplianceDocumentPublished = struct(
  {
    documentType: DocumentType,
    version,
    title,
    content: t.string,
    contentHash: sha256Hex,
    /** The wording of the box a learner ticks to acknowledge this version. */
    consentText: text(limits.consentText),
    publishedAt: isoDateTime,
  },
  'ComplianceDocumentPublished',
);

// ---- routes ----

export const complianceRoutes = {
  /** Active documents only. */
  complianceDocuments: {
    method: 'GET',
    path: '/api/compliance/documents',
    access: 'authenticated',
    response: t.array(ComplianceDocument),
  },
  acknowledgments: {
    method: 'GET',
    path: '/api/compliance/acknowledgments',
    access: 'authenticated',
    response: t.array(Acknowledgment),
  },
  /** Needs a view of that version at least 10 s earlier (422 'Document Must Be Read'); idempotent. */
  acknowledgeDocument: {
    method: 'POST',
    path: '/api/compliance/acknowledgment',
    access: 'authenticated',
    body: AcknowledgmentBody,
    response: Acknowledgment,
    status: 201,
  },
  /**
   * The learner's recorded views, the earliest per document version: the server's evidence of reading
   * time, so a reload restores what was already read (never the client's own clock).
   */
  documentViews: {
    method: 'GET',
    path: '/api/compliance/document-views',
    access: 'authenticated',
    response: t.array(DocumentView),
  },
  /** Called when a document is opened for reading; starts the reading time (server clock). */
  recordDocumentView: {
    method: 'POST',
    path: '/api/compliance/document-views',
    access: 'authenticated',
    body: DocumentViewBody,
    response: DocumentView,
    status: 201,
  },
  /** The Compliance Log tab, newest first. */
  complianceLog: {
    method: 'GET',
    path: '/api/compliance/log',
    access: 'authenticated',
    response: t.array(ComplianceLogEntry),
  },
  /** Newest first: the first item is the latest. */
  riskAssessments: {
    method: 'GET',
    path: '/api/risk/assessments',
    access: 'authenticated',
    response: t.array(RiskAssessment),
  },
  /** expiresAt is computed by the server (one year), whatever the client sends. */
  submitRiskAssessment: {
    method: 'POST',
    path: '/api/risk/assessment',
    access: 'authenticated',
    body: RiskAssessmentBody,
    response: RiskAssessment,
    status: 201,
  },
  regulatoryWarnings: {
    method: 'GET',
    path: '/api/regulatory/warnings',
    access: 'authenticated',
    response: t.array(RegulatoryWarning),
  },
  /** Idempotent; another user's warning id is 404. Takes no body. */
  acknowledgeWarning: {
    method: 'PUT',
    path: '/api/regulatory/warning/:id/acknowledge',
    access: 'authenticated',
    params: IdParams,
    response: RegulatoryWarning,
  },
} as const satisfies Record<string, RouteDefinition>;
