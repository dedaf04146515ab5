/** What compliance auditors read: learners, replayed histories with evidence, documents and coverage. */
import * as t from 'io-ts';
import { CheckpointBasis, CheckpointKey, HeadInclusionProof, SignedCheckpoint } from './checkpoints';
import {
  email,
  entityId,
  isoDateTime,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  oneOf,
  sha256Hex,
  struct,
  text,
} from './codecs';
import type { EventType } from './events';
import { limits } from './limits';
import { ERASED, storedDataCodec } from './personal-data';
import { DocumentType } from './vocabulary';

const version = nonEmptyString(limits.version);

/** A learner's e-mail address as the auditor sees it: "(erased)" once the learner was erased. */
const learnerEmail = t.union([email, t.literal(ERASED)]);

/**
 * A learner as an auditor finds them (GET /api/audit/learners?query=). An erased learner keeps their id and
 * dates; e-mail and names read "(erased)" and `erasedAt` says when.
 */
export const LearnerSummary = struct(
  {
    id: entityId,
    email: learnerEmail,
    firstName: text(limits.name),
    lastName: text(limits.name),
    registeredAt: isoDateTime,
    isCompliant: t.boolean,
  },
  { erasedAt: isoDateTime },
  'LearnerSummary',
);
export type LearnerSummary = t.TypeOf<typeof LearnerSummary>;

/** Where a stored event sits and the hash chain that proves it unchanged. prevHash is null at revision 0. */
const envelope = {
  stream: nonEmptyString(limits.title),
  revision: nonNegativeInt,
  position: nonEmptyString(limits.title),
  eventId: entityId,
  occurredAt: isoDateTime,
  actor: nullable(t.string),
  prevHash: nullable(t.string),
  hash: nonEmptyString(limits.title),
};

/**
 * `data` is the event as stored (personal fields sealed: what the hashes cover); `personal` holds those
 * fields opened for the auditor, or "(erased)" once the learner was erased. Exports carry both; the offline
 * verifier checks `data` against the chain and leaves `personal` to the export hash.
 */
const evidence = <K extends EventType>(type: K) =>
  struct(
    { ...envelope, type: t.literal(type), data: storedDataCodec(type) },
    { personal: t.record(t.string, t.unknown) },
    `${type} evidence`,
  );

/** One event of a learner's compliance stream with its full evidence. */
export const ComplianceEvidence = t.union(
  [
    evidence('ComplianceDocumentViewed'),
    evidence('DocumentAcknowledged'),
    evidence('RiskAssessed'),
    evidence('RegulatoryWarningIssued'),
    evidence('RegulatoryWarningAcknowledged'),
  ],
  'a compliance event with its evidence',
);
export type ComplianceEvidence = t.TypeOf<typeof ComplianceEvidence>;

/**
 * The result of checking one stream: its hash chain (ok, or the first revision where it breaks) and its head
 * against the signed checkpoint. `signedEvents` of its `events` are covered by the checkpoint (revisions 0 to
 * signedEvents - 1); the rest are not yet covered by a signed checkpoint. `problem` says in words what is
 * wrong (a broken chain, a tail cut off, events re-hashed below the signed head), null when nothing is.
 */
export const StreamVerification = struct(
  {
    stream: nonEmptyString(limits.title),
    ok: t.boolean,
    events: nonNegativeInt,
    brokenAtRevision: nullable(nonNegativeInt),
    signedEvents: nonNegativeInt,
    problem: nullable(t.string),
  },
  'StreamVerification',
);
export type StreamVerification = t.TypeOf<typeof StreamVerification>;

export const RiskAssessmentStatus = oneOf(['none', 'current', 'expired']);
export type RiskAssessmentStatus = t.TypeOf<typeof RiskAssessmentStatus>;

/** A learner's compliance state as of a moment, replayed from the event log. */
export const ComplianceState = struct(
  {
    isCompliant: t.boolean,
    acknowledged: t.array(struct({ documentType: DocumentType, version, acknowledgedAt: isoDateTime })),
    missing: t.array(struct({ documentType: DocumentType, version })),
    riskAssessment: struct({
      status: RiskAssessmentStatus,
      assessmentId: nullable(entityId),
      expiresAt: nullable(isoDateTime),
    }),
  },
  'ComplianceState',
);
export type ComplianceState = t.TypeOf<typeof ComplianceState>;

/** GET /api/audit/learners/:id/history?asOf= */
export const AuditHistory = struct(
  {
    learner: LearnerSummary,
    asOf: isoDateTime,
    events: t.array(ComplianceEvidence),
    state: ComplianceState,
    verification: t.array(StreamVerification),
    /** The signed checkpoint the verification rests on. */
    checkpoint: CheckpointBasis,
  },
  'AuditHistory',
);
export type AuditHistory = t.TypeOf<typeof AuditHistory>;

/** Every published version of every document (GET /api/audit/documents). */
export const DocumentVersion = struct(
  {
    documentType: DocumentType,
    version,
    title: nonEmptyString(limits.title),
    content: t.string,
    contentHash: sha256Hex,
    publishedAt: isoDateTime,
    isActive: t.boolean,
  },
  'DocumentVersion',
);
export type DocumentVersion = t.TypeOf<typeof DocumentVersion>;

/** Who had and had not acknowledged a document version as of a moment. */
export const DocumentCoverage = struct(
  {
    documentType: DocumentType,
    version,
    asOf: isoDateTime,
    acknowledged: t.array(struct({ learnerId: entityId, email: learnerEmail, acknowledgedAt: isoDateTime })),
    notAcknowledged: t.array(struct({ learnerId: entityId, email: learnerEmail })),
  },
  'DocumentCoverage',
);
export type DocumentCoverage = t.TypeOf<typeof DocumentCoverage>;

/** A stored event exactly as the log holds it: what an offline verifier recomputes the hash chain from. */
export const StoredEvent = struct(
  {
    eventId: entityId,
    stream: nonEmptyString(limits.title),
    revision: nonNegativeInt,
    type: nonEmptyString(limits.title),
    data: t.unknown,
    metadata: t.record(t.string, t.unknown),
    position: nonEmptyString(limits.title),
  },
  'StoredEvent',
);
export type StoredEvent = t.TypeOf<typeof StoredEvent>;

/**
 * Where a stream ended when it was exported: how many events it held and the hash of its last one (null for
 * an empty stream). Covered by the export hash, it lets the verifier tell a stream cut short at its tail
 * from a whole one, which the hash chain alone cannot.
 */
export const StreamHead = struct(
  { stream: nonEmptyString(limits.title), events: nonNegativeInt, lastHash: nullable(sha256Hex) },
  'StreamHead',
);
export type StreamHead = t.TypeOf<typeof StreamHead>;

/** An export's signed checkpoint and the inclusion proofs of its streams' signed heads. */
export const ExportedCheckpoint = struct(
  { signed: SignedCheckpoint, proofs: t.array(HeadInclusionProof) },
  {
    /**
     * The checkpoint as a C2SP signed note: origin, tree size, root and the checkpoint it is, the operator's
     * signature, and the cosignature of each witness that cosigned it (`npm run audit -- verify --witness`).
     */
    note: t.string,
  },
  'ExportedCheckpoint',
);
export type ExportedCheckpoint = t.TypeOf<typeof ExportedCheckpoint>;

export const ExportFormat = oneOf(['json', 'csv']);
export type ExportFormat = t.TypeOf<typeof ExportFormat>;

/**
 * A JSON export that can be re-verified offline (`npm run audit -- verify <file>`): the report, every event
 * of the streams it rests on from revision 0 (so each hash chain can be recomputed), each stream's head as it
 * was exported, the signed checkpoint with the proofs of the streams' signed heads, and `exportHash`, the sha256 of the canonical JSON (RFC 8785) of everything else in the file.
 */
export const AuditExport = struct(
  {
    kind: oneOf(['learner-history', 'document-coverage']),
    generatedAt: isoDateTime,
    generatedBy: entityId,
    report: t.union([AuditHistory, DocumentCoverage]),
    streams: t.array(struct({ stream: nonEmptyString(limits.title), events: t.array(StoredEvent) })),
    heads: t.array(StreamHead),
    /**
     * The newest signed checkpoint when exported and the inclusion proof of each exported stream's signed
     * head (a stream without one has no event covered yet); null when the log held no checkpoint.
     */
    checkpoint: nullable(ExportedCheckpoint),
    exportHash: sha256Hex,
  },
  'AuditExport',
);
export type AuditExport = t.TypeOf<typeof AuditExport>;

export const PROOF_BUNDLE_FORMAT = 'tickwise-proof/1';

/**
 * GET /api/audit/learners/:id/proof?revision=N: one compliance event proven to a third party, offline
 * (`npm run audit -- verify-proof <file>`): the event and the later events of its stream up to the signed
 * head (their hashes chain the event to it, personal fields sealed), the inclusion proof of that head in the
 * signed checkpoint, the checkpoint, its C2SP note with the witnesses' cosignatures, and the log's public key.
 */
export const ProofBundle = struct(
  {
    format: t.literal(PROOF_BUNDLE_FORMAT),
    generatedAt: isoDateTime,
    /** The event proven, first of `chain`. */
    event: StoredEvent,
    /** The events from the proven one to the stream's signed head, in order. */
    chain: t.array(StoredEvent),
    inclusion: HeadInclusionProof,
    checkpoint: SignedCheckpoint,
    /** The checkpoint as a signed note: the operator's signature and each accepted cosignature. */
    note: t.string,
    /** The key the checkpoint is signed with, as the log publishes it (compare it with an independent copy). */
    key: CheckpointKey,
  },
  'ProofBundle',
);
export type ProofBundle = t.TypeOf<typeof ProofBundle>;

/** ?revision=N of the learner's compliance stream (e.g. an acknowledgment). */
export const ProofQuery = struct(
  {
    revision: new t.Type<number, string, unknown>(
      'a revision number',
      (u): u is number => typeof u === 'number',
      (u, c) => (typeof u === 'string' && /^\d{1,9}$/.test(u) ? t.success(Number(u)) : t.failure(u, c)),
      String,
    ),
  },
  'ProofQuery',
);
