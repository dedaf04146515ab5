import type { EventData } from '@tickwise/contracts';
import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

/** A certificate as issued: the facts its credential is built from. */
export type CertificateEntry = Omit<EventData<'CertificateIssued'>, 'certificateId'> & { id: string };

/** Per learner: their certificates, newest first, and when they were erased (then every one is revoked). */
export interface CertificateLearnerDoc {
  id: string;
  certificates: CertificateEntry[];
  /** Set once the learner is erased: names and identity hashes are gone, and every certificate is revoked. */
  erasedAt?: string;
  [key: string]: unknown;
}

/** Which learner holds a certificate: how a public link finds it. */
export interface CertificateOwnerDoc {
  id: string;
  userId: string;
  [key: string]: unknown;
}

const learners = documents<CertificateLearnerDoc>('learners', ownDocument);
const owners = documents<CertificateOwnerDoc>('certificates', (event) =>
  event.type === 'CertificateIssued' ? [event.data.certificateId] : [],
);

export const certificatesProjection = projection({
  name: 'certificates',
  version: 2,
  readsPersonalData: ['CertificateIssued', 'CertificateNameChosen'],
  collections: [{ name: 'learners' }, { name: 'certificates' }],
  handlers: [
    learners.on('CertificateIssued', (doc, event) => {
      const { certificateId, ...facts } = event.data;
      const learner = doc ?? { id: streamOwner(event), certificates: [] };
      if (learner.certificates.some((c) => c.id === certificateId)) return learner;
      return { ...learner, certificates: [{ id: certificateId, ...facts }, ...learner.certificates] };
    }),
    learners.on('CertificateNameChosen', (doc, { data: { certificateId, recipientName } }) =>
      doc && !doc.erasedAt
        ? {
            ...doc,
            certificates: doc.certificates.map((c) => (c.id === certificateId ? { ...c, recipientName } : c)),
          }
        : doc,
    ),
    owners.on('CertificateIssued', (_doc, event) => ({
      id: event.data.certificateId,
      userId: streamOwner(event),
    })),
    // The same document a rebuild makes once the key is gone (names and hashes then read "(erased)").
    learners.on('LearnerErased', (doc, { data }) =>
      doc
        ? {
            ...doc,
            certificates: doc.certificates.map((c) => ({ ...c, recipientName: '', identityHash: '' })),
            erasedAt: data.erasedAt,
          }
        : doc,
    ),
  ],
});
