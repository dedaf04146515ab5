/**
 * Certificates of completion (docs/product.md, "The certificate rule"): the event that issues one, the Open
 * Badges 3.0 credential it is served as (W3C Verifiable Credentials Data Model 2.0, with an `eddsa-jcs-2022`
 * Data Integrity proof), the issuer profile that publishes the signing key, and their routes.
 */
import * as t from 'io-ts';
import { entityId, isoDateTime, nonEmptyString, nullable, oneOf, sha256Hex, struct, text } from './codecs';
import { IdParams } from './requests';
import type { RouteDefinition } from './route-definition';

/** The lowest module quiz score that counts as passed for a certificate. */
export const CERTIFICATE_PASS_SCORE = 70;

/** A certificate's date as it reads on the PDF and the pages: "1 December 2026" (UTC). */
export const certificateDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The name a certificate shows: the learner's first and last name, as they registered them. */
export const certificateNameLimit = 201;

// ---- learning-{userId} ----

/**
 * A certificate of completion, issued with the completion that finished the course (every lesson completed and
 * every module quiz passed) in the course's `courseVersion`. `recipientName` and `identityHash` are personal
 * data: once the learner is erased they read "(erased)" and the certificate reads as revoked.
 */
export const CertificateIssued = struct(
  {
    certificateId: entityId,
    /** SHA-256 of the content hashes of every module, lesson and quiz in force. */
    courseVersion: sha256Hex,
    recipientName: text(certificateNameLimit),
    /** `sha256$` + SHA-256 hex of the lower-cased e-mail address followed by `identitySalt`. */
    identityHash: text(80),
    identitySalt: nonEmptyString(64),
    issuedAt: isoDateTime,
  },
  'CertificateIssued',
);

/**
 * The name a learner chooses to show on one of their certificates (their registered name until they choose
 * one). Personal data, erased with the learner.
 */
export const CertificateNameChosen = struct(
  { certificateId: entityId, recipientName: nonEmptyString(certificateNameLimit) },
  'CertificateNameChosen',
);

export const CertificateNameBody = struct(
  { recipientName: nonEmptyString(certificateNameLimit) },
  'CertificateNameBody',
);

export const CertificateNamed = struct(
  { certificateId: entityId, recipientName: t.string },
  'CertificateNamed',
);

// ---- the credential (Open Badges 3.0) ----

const stringOrList = t.union([t.string, t.array(t.string)]);

export const IdentityObject = struct(
  {
    type: t.literal('IdentityObject'),
    identityHash: t.string,
    identityType: t.string,
    hashed: t.boolean,
  },
  { salt: t.string },
  'IdentityObject',
);

export const Achievement = struct(
  {
    id: t.string,
    type: t.array(t.string),
    name: t.string,
    description: t.string,
    criteria: struct({ narrative: t.string }, 'Criteria'),
    achievementType: t.string,
  },
  { version: t.string },
  'Achievement',
);

export const IssuerSummary = struct(
  { id: t.string, type: t.array(t.string), name: t.string, url: t.string },
  'IssuerSummary',
);

export const DataIntegrityProofCodec = struct(
  {
    type: t.literal('DataIntegrityProof'),
    cryptosuite: t.string,
    created: t.string,
    verificationMethod: t.string,
    proofPurpose: t.string,
    proofValue: t.string,
  },
  { '@context': stringOrList },
  'DataIntegrityProof',
);

/** The certificate as `GET /api/certificates/:id` serves it: an OpenBadgeCredential with its proof. */
export const OpenBadgeCredential = struct(
  {
    '@context': t.array(t.string),
    id: t.string,
    type: t.array(t.string),
    name: t.string,
    description: t.string,
    issuer: IssuerSummary,
    validFrom: t.string,
    credentialSubject: struct(
      {
        type: t.array(t.string),
        identifier: t.array(IdentityObject),
        achievement: Achievement,
      },
      'AchievementSubject',
    ),
    proof: DataIntegrityProofCodec,
  },
  'OpenBadgeCredential',
);
export type OpenBadgeCredential = t.TypeOf<typeof OpenBadgeCredential>;

/** The Multikey the issuer signs with, as its profile publishes it. */
export const Multikey = struct(
  { id: t.string, type: t.literal('Multikey'), controller: t.string, publicKeyMultibase: t.string },
  'Multikey',
);

/**
 * `GET /api/issuer`: the issuer's Open Badges profile, which is also its controller document (W3C Controlled
 * Identifiers): the key that verifies its certificates is listed under `assertionMethod`.
 */
export const IssuerProfile = struct(
  {
    '@context': t.array(t.string),
    id: t.string,
    type: t.array(t.string),
    name: t.string,
    url: t.string,
    description: t.string,
    verificationMethod: t.array(Multikey),
    assertionMethod: t.array(t.string),
  },
  'IssuerProfile',
);
export type IssuerProfile = t.TypeOf<typeof IssuerProfile>;

export const CertificateStatus = oneOf(['active', 'revoked']);

/** One of the learner's certificates, as `GET /api/certificates` lists them (newest first). */
export const CertificateSummary = struct(
  {
    id: entityId,
    name: t.string,
    recipientName: t.string,
    issuedAt: isoDateTime,
    courseVersion: sha256Hex,
    status: CertificateStatus,
    /** The public verify page (the QR code's address). */
    verifyUrl: t.string,
    /** The credential as JSON. */
    credentialUrl: t.string,
    /** Adds it to the learner's LinkedIn profile (Licenses & certifications). */
    linkedInUrl: t.string,
  },
  'CertificateSummary',
);
export type CertificateSummary = t.TypeOf<typeof CertificateSummary>;

export const VerificationCheckName = oneOf(['proof', 'issuerKey', 'validity', 'status']);

/** One thing the verify page checked, and what it found, in plain words. */
export const VerificationCheck = struct(
  { check: VerificationCheckName, ok: t.boolean, detail: t.string },
  'VerificationCheck',
);
export type VerificationCheck = t.TypeOf<typeof VerificationCheck>;

/** `GET /api/certificates/:id/verification`: who, what, when, by whom, and each check. */
export const CertificateVerification = struct(
  {
    id: entityId,
    /** Every check passed. */
    verified: t.boolean,
    status: CertificateStatus,
    /** Null once the learner is erased: a revoked certificate names no one. */
    recipientName: nullable(t.string),
    achievement: t.string,
    issuedAt: isoDateTime,
    issuer: struct({ id: t.string, name: t.string, url: t.string }, 'VerifiedIssuer'),
    checks: t.array(VerificationCheck),
    /** What this check cannot confirm, said plainly. */
    notConfirmed: t.array(t.string),
    /** The credential that was checked; null once revoked (it can no longer be rebuilt). */
    credential: nullable(OpenBadgeCredential),
  },
  'CertificateVerification',
);
export type CertificateVerification = t.TypeOf<typeof CertificateVerification>;

/** A PDF file's bytes (a download, never JSON). */
export const PdfBytes = new t.Type<Uint8Array, Uint8Array, unknown>(
  'PdfBytes',
  (u): u is Uint8Array => u instanceof Uint8Array,
  (u, c) => (u instanceof Uint8Array ? t.success(u) : t.failure(u, c)),
  t.identity,
);

const CertificateIdParams = struct({ id: entityId }, 'CertificateIdParams');

export const certificateRoutes = {
  /** The signed-in learner's certificates, newest first. */
  certificates: {
    method: 'GET',
    path: '/api/certificates',
    access: 'authenticated',
    response: t.array(CertificateSummary),
  },
  /** A certificate's credential, proof embedded: public, for anyone the learner shows it to. */
  certificate: {
    method: 'GET',
    path: '/api/certificates/:id',
    access: 'public',
    params: IdParams,
    response: OpenBadgeCredential,
  },
  /** The checks the verify page shows. */
  certificateVerification: {
    method: 'GET',
    path: '/api/certificates/:id/verification',
    access: 'public',
    params: IdParams,
    response: CertificateVerification,
  },
  /** The certificate as a PDF, with a QR code to its verify page. */
  certificatePdf: {
    method: 'GET',
    path: '/api/certificates/:id/pdf',
    access: 'public',
    params: IdParams,
    response: PdfBytes,
  },
  /** The name the learner chooses to show on one of their own certificates. */
  chooseCertificateName: {
    method: 'PUT',
    path: '/api/certificates/:id/name',
    access: 'authenticated',
    params: CertificateIdParams,
    body: CertificateNameBody,
    response: CertificateNamed,
  },
  /** The issuer profile with the key that verifies certificates. */
  issuerProfile: {
    method: 'GET',
    path: '/api/issuer',
    access: 'public',
    response: IssuerProfile,
  },
} as const satisfies Record<string, RouteDefinition>;
