/**
 * The dashboard's certificates: each one with its PDF (with the QR code to its verify page), the credential
 * JSON, the verify page and an "add to LinkedIn" link; or, before the first one, how to earn it.
 */

import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { type CertificateSummary, certificateDate } from '@tickwise/contracts';
import { verifyPath } from '@tickwise/contracts/pages';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardCard, QueryView } from '../dashboard/DashboardCard';
import { credentialPathOf, pdfPathOf, useCertificatesQuery } from './certificates-api';

function CertificateItem({ certificate }: { readonly certificate: CertificateSummary }) {
  return (
    <Box borderWidth="1px" rounded="lg" p="4">
      <Text fontWeight="semibold">{certificate.name}</Text>
      <Text color="fg.muted" fontSize="sm">
        Issued {certificateDate(certificate.issuedAt)}
        {certificate.recipientName ? ` to ${certificate.recipientName}` : ''}
        {certificate.status === 'revoked' ? ' (revoked)' : ''}
      </Text>
      <Flex gap="2" wrap="wrap" mt="3">
        <Button asChild size="sm">
          <a href={pdfPathOf(certificate.id)} download>
            Download PDF
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={credentialPathOf(certificate.id)} download={`tickwise-certificate-${certificate.id}.json`}>
            Credential (JSON)
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={certificate.linkedInUrl} target="_blank" rel="noopener noreferrer">
            Add to LinkedIn
          </a>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={verifyPath(certificate.id)}>Verify page</RouterLink>
        </Button>
      </Flex>
    </Box>
  );
}

export function CertificatesCard() {
  const certificates = useCertificatesQuery();
  return (
    <DashboardCard title="Your Certificates" testId="certificates-card">
      <QueryView query={certificates} what="your certificates">
        {(list) =>
          list.length === 0 ? (
            <Text color="fg.muted">
              Complete every lesson and pass every module quiz with 70% or more to earn your certificate of
              completion.
            </Text>
          ) : (
            <Stack gap="3">
              {list.map((certificate) => (
                <CertificateItem key={certificate.id} certificate={certificate} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </DashboardCard>
  );
}
