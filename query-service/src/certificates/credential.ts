/**
 * A certificate as an Open Badges 3.0 credential (W3C Verifiable Credentials Data Model 2.0), signed with an
 * `eddsa-jcs-2022` Data Integrity proof by the issuer's key, and the issuer profile that publishes that key.
 * The credential is built from the issuance event's facts and signed when it is served: Ed25519 is
 * deterministic and `created` is the issuance time, so every request gives the same bytes.
 */
import type { KeyObject } from 'node:crypto';
import type { IssuerProfile, OpenBadgeCredential, VerificationCheck } from '@tickwise/contracts';
import { addProof, publicKeyFromMultibase, publicKeyMultibase, verifyProof } from '@tickwise/platform';
import type { CertificateEntry } from '@tickwise/projections';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
const CID_CONTEXT = 'https://www.w3.org/ns/cid/v1';

export const ISSUER_NAME = 'Tickwise';
export const ACHIEVEMENT_NAME = 'Futures Trading Course: Certificate of Completion';
const ACHIEVEMENT_DESCRIPTION =
  'Completed the Tickwise futures-trading course: 12 modules from the basics of futures contracts to ' +
  'advanced risk management.';
const CRITERIA =
  'Complete every lesson of every module of the course, and pass every module quiz with a score of 70% or ' +
  'more. Quizzes are graded by the server from the published answer key.';

/** The issuer: where it is reached, and the key its certificates are signed with. */
export interface CertificateIssuer {
  /** The public origin, e.g. https://tickwise.example. */
  publicUrl: string;
  privateKey: KeyObject | undefined;
  publicKey: KeyObject;
}

export const issuerIdOf = (publicUrl: string) => `${publicUrl}/api/issuer`;
export const verifyUrlOf = (publicUrl: string, id: string) => `${publicUrl}/verify/${id}`;
export const credentialUrlOf = (publicUrl: string, id: string) => `${publicUrl}/api/certificates/${id}`;
const verificationMethodOf = (issuer: CertificateIssuer) =>
  `${issuerIdOf(issuer.publicUrl)}#${publicKeyMultibase(issuer.publicKey)}`;

/** The issuer profile, also the controller document that lists the key under `assertionMethod`. */
export function issuerProfile(issuer: CertificateIssuer): IssuerProfile {
  const id = issuerIdOf(issuer.publicUrl);
  const method = verificationMethodOf(issuer);
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT, CID_CONTEXT],
    id,
    type: ['Profile'],
    name: ISSUER_NAME,
    url: issuer.publicUrl,
    description: 'Tickwise, a free futures-trading course, issues certificates of completion.',
    verificationMethod: [
      {
        id: method,
        type: 'Multikey',
        controller: id,
        publicKeyMultibase: publicKeyMultibase(issuer.publicKey),
      },
    ],
    assertionMethod: [method],
  };
}

/** The signed credential of a certificate. */
export function credentialOf(certificate: CertificateEntry, issuer: CertificateIssuer): OpenBadgeCredential {
  if (!issuer.privateKey) throw new Error('no certificate signing key');
  const { publicUrl } = issuer;
  const identifier: OpenBadgeCredential['credentialSubject']['identifier'] = [
    {
      type: 'IdentityObject',
      identityHash: certificate.identityHash,
      identityType: 'emailAddress',
      hashed: true,
      salt: certificate.identitySalt,
    },
  ];
  if (certificate.recipientName !== '')
    identifier.unshift({
      type: 'IdentityObject',
      identityHash: certificate.recipientName,
      identityType: 'name',
      hashed: false,
    });
  const unsigned = {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: credentialUrlOf(publicUrl, certificate.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: ACHIEVEMENT_NAME,
    description: `Verify it at ${verifyUrlOf(publicUrl, certificate.id)}`,
    issuer: { id: issuerIdOf(publicUrl), type: ['Profile'], name: ISSUER_NAME, url: publicUrl },
    validFrom: certificate.issuedAt,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier,
      achievement: {
        id: `${publicUrl}/api/issuer#course-completion`,
        type: ['Achievement'],
        name: ACHIEVEMENT_NAME,
        description: ACHIEVEMENT_DESCRIPTION,
        criteria: { narrative: CRITERIA },
        achievementType: 'Certificate',
        version: certificate.courseVersion,
      },
    },
  };
  return addProof(unsigned, {
    privateKey: issuer.privateKey,
    verificationMethod: verificationMethodOf(issuer),
    created: certificate.issuedAt,
  }) as OpenBadgeCredential;
}

/** The name a credential shows (its unhashed `name` identifier), or '' when it names no one. */
export const recipientNameOf = (credential: OpenBadgeCredential): string =>
  credential.credentialSubject.identifier.find((i) => i.identityType === 'name' && !i.hashed)?.identityHash ??
  '';

/**
 * Checks a credential against an issuer profile: its proof with the key the profile publishes, that key's
 * binding to the issuer the credential names, and its validity period at `now`. (Status is the server's to
 * say: see the verification route.)
 */
export function checkCredential(credential: unknown, profile: IssuerProfile, now: Date): VerificationCheck[] {
  const document = (typeof credential === 'object' && credential !== null ? credential : {}) as {
    issuer?: { id?: unknown } | string;
    proof?: { verificationMethod?: unknown };
    validFrom?: unknown;
    validUntil?: unknown;
  };
  const methodId = document.proof?.verificationMethod;
  const issuerId = typeof document.issuer === 'string' ? document.issuer : document.issuer?.id;
  const method = profile.verificationMethod.find((m) => m.id === methodId);
  const bound =
    method !== undefined &&
    issuerId === profile.id &&
    method.controller === profile.id &&
    profile.assertionMethod.includes(method.id);
  const issuerKey: VerificationCheck = bound
    ? {
        check: 'issuerKey',
        ok: true,
        detail: `Signed with the key ${profile.name} publishes at ${profile.id} for issuing credentials.`,
      }
    : {
        check: 'issuerKey',
        ok: false,
        detail:
          method === undefined
            ? `The key that signed it is not one that ${profile.id} publishes.`
            : `The credential names ${String(issuerId)} as its issuer, not ${profile.id}.`,
      };
  let proof: VerificationCheck;
  if (!method) {
    proof = { check: 'proof', ok: false, detail: 'The signature could not be checked: its key is unknown.' };
  } else {
    let result: ReturnType<typeof verifyProof>;
    try {
      result = verifyProof(credential, publicKeyFromMultibase(method.publicKeyMultibase));
    } catch (error) {
      result = { ok: false, problem: (error as Error).message };
    }
    proof = result.ok
      ? {
          check: 'proof',
          ok: true,
          detail:
            'The signature (eddsa-jcs-2022) matches every field: nothing was changed since it was issued.',
        }
      : { check: 'proof', ok: false, detail: `The signature does not hold: ${result.problem}.` };
  }
  const from = typeof document.validFrom === 'string' ? Date.parse(document.validFrom) : Number.NaN;
  const until = typeof document.validUntil === 'string' ? Date.parse(document.validUntil) : undefined;
  const validity: VerificationCheck =
    Number.isNaN(from) || from > now.getTime()
      ? { check: 'validity', ok: false, detail: 'It is not valid yet (or names no start of validity).' }
      : until !== undefined && (Number.isNaN(until) || until < now.getTime())
        ? { check: 'validity', ok: false, detail: 'Its validity period has ended.' }
        : {
            check: 'validity',
            ok: true,
            detail: `Valid since ${new Date(from).toISOString().slice(0, 10)}, with no end date.`,
          };
  return [proof, issuerKey, validity];
}
