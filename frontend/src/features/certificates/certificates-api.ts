/**
 * Certificates: the signed-in learner's own (GET /api/certificates) and a certificate's public verification
 * (GET /api/certificates/:id/verification, no sign-in). The credential JSON and the PDF are plain links.
 */
import type { BodyOf, CertificateSummary, CertificateVerification } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { invalidatedBy, providedBy } from '../../api/tags';

export const certificatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    certificates: build.query<CertificateSummary[], void>({
      query: () => routeRequest('certificates'),
      providesTags: [providedBy.certificates],
    }),
    certificateVerification: build.query<CertificateVerification, string>({
      query: (id) => routeRequest('certificateVerification', { params: { id } }),
      providesTags: [providedBy.certificateVerification],
    }),
    chooseCertificateName: build.mutation<unknown, { id: string } & BodyOf<'chooseCertificateName'>>({
      query: ({ id, ...body }) => routeRequest('chooseCertificateName', { params: { id }, body }),
      invalidatesTags: [...invalidatedBy.chooseCertificateName],
    }),
  }),
});

export const { useCertificatesQuery, useCertificateVerificationQuery, useChooseCertificateNameMutation } =
  certificatesApi;

/** The PDF download and the credential JSON of a certificate (same origin as the app). */
export const pdfPathOf = (id: string) => `/api/certificates/${encodeURIComponent(id)}/pdf`;
export const credentialPathOf = (id: string) => `/api/certificates/${encodeURIComponent(id)}`;
