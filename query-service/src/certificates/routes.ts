import type { CertificateSummary, CertificateVerification } from '@tickwise/contracts';
import { HttpError, type RouteHandlers } from '@tickwise/platform';
import {
  activeCollection,
  type CertificateEntry,
  type CertificateLearnerDoc,
  type CertificateOwnerDoc,
} from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';
import {
  ACHIEVEMENT_NAME,
  checkCredential,
  credentialOf,
  credentialUrlOf,
  ISSUER_NAME,
  issuerProfile,
  verifyUrlOf,
} from './credential';
import { certificatePdf } from './pdf';

const NOT_FOUND = 'Certificate not found';
const REVOKED = 'This certificate was revoked: its holder erased their account';

/** What a verifier cannot learn from these checks, whatever they find. */
const NOT_CONFIRMED = [
  'That the person showing this certificate is the person it names: ask them to show they control the ' +
    'e-mail address whose salted hash it carries.',
  `Who stands behind ${ISSUER_NAME} beyond its web address: the key is trusted because this site publishes it.`,
];

/** An "add to profile" link for LinkedIn's Licenses & certifications. */
export function linkedInUrl(certificate: CertificateEntry, publicUrl: string): string {
  const issued = new Date(certificate.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: ACHIEVEMENT_NAME,
    organizationName: ISSUER_NAME,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: verifyUrlOf(publicUrl, certificate.id),
    certId: certificate.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** The learner's certificates, and public access to each one: credential, verification, PDF. */
export function certificateQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  const issuer = deps.certificateIssuer;
  const collection = (name: string) => activeCollection(deps.store, 'certificates', name);
  const learnerOf = async (userId: string) =>
    deps.store.get<CertificateLearnerDoc>(await collection('learners'), userId);

  /** The certificate and its holder's record, or 404. */
  async function find(
    id: string,
  ): Promise<{ certificate: CertificateEntry; learner: CertificateLearnerDoc }> {
    const owner = await deps.store.get<CertificateOwnerDoc>(await collection('certificates'), id);
    const learner = owner && (await learnerOf(owner.userId));
    const certificate = learner?.certificates.find((c) => c.id === id);
    if (!learner || !certificate) throw new HttpError(404, NOT_FOUND);
    return { certificate, learner };
  }

  return {
    async certificates(_input, request) {
      const learner = await learnerOf(request.principal.userId);
      const body: CertificateSummary[] = (learner?.certificates ?? []).map((certificate) => ({
        id: certificate.id,
        name: ACHIEVEMENT_NAME,
        recipientName: certificate.recipientName,
        issuedAt: certificate.issuedAt,
        courseVersion: certificate.courseVersion,
        status: learner?.erasedAt === undefined ? 'active' : 'revoked',
        verifyUrl: verifyUrlOf(issuer.publicUrl, certificate.id),
        credentialUrl: credentialUrlOf(issuer.publicUrl, certificate.id),
        linkedInUrl: linkedInUrl(certificate, issuer.publicUrl),
      }));
      return { body };
    },

    async certificate({ params }) {
      const { certificate, learner } = await find(params.id);
      if (learner.erasedAt !== undefined) throw new HttpError(410, REVOKED);
      return { body: credentialOf(certificate, issuer) };
    },

    async certificateVerification({ params }) {
      const { certificate, learner } = await find(params.id);
      const profile = issuerProfile(issuer);
      const base = {
        id: certificate.id,
        achievement: ACHIEVEMENT_NAME,
        issuedAt: certificate.issuedAt,
        issuer: { id: profile.id, name: profile.name, url: profile.url },
        notConfirmed: NOT_CONFIRMED,
      };
      let body: CertificateVerification;
      if (learner.erasedAt !== undefined) {
        body = {
          ...base,
          verified: false,
          status: 'revoked',
          recipientName: null,
          checks: [
            {
              check: 'status',
              ok: false,
              detail: `Revoked on ${learner.erasedAt.slice(0, 10)}: its holder erased their account, and the name it showed is gone.`,
            },
          ],
          credential: null,
        };
      } else {
        const credential = credentialOf(certificate, issuer);
        const checks = [
          ...checkCredential(credential, profile, deps.now()),
          { check: 'status' as const, ok: true, detail: 'Not revoked: the issuer still stands behind it.' },
        ];
        body = {
          ...base,
          verified: checks.every((c) => c.ok),
          status: 'active',
          recipientName: certificate.recipientName,
          checks,
          credential,
        };
      }
      return { body };
    },

    async certificatePdf({ params }) {
      const { certificate, learner } = await find(params.id);
      if (learner.erasedAt !== undefined) throw new HttpError(410, REVOKED);
      const bytes = await certificatePdf({
        id: certificate.id,
        recipientName: certificate.recipientName,
        achievement: ACHIEVEMENT_NAME,
        issuer: ISSUER_NAME,
        issuedAt: certificate.issuedAt,
        verifyUrl: verifyUrlOf(issuer.publicUrl, certificate.id),
      });
      return {
        // A Buffer, which Koa sends as bytes (a plain Uint8Array it would serialize as JSON).
        body: Buffer.from(bytes),
        file: { contentType: 'application/pdf', filename: `tickwise-certificate-${certificate.id}.pdf` },
      };
    },

    async issuerProfile() {
      return { body: issuerProfile(issuer) };
    },
  };
}
