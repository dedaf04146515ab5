/**
 * The dashboard's certificates: each one with its PDF (with the QR code to its verify page), the credential
 * JSON, the verify page and an "add to LinkedIn" link; or, before the first one, how to earn it.
 */

import { Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { type CertificateSummary, certificateDate } from '@tickwise/contracts';
import { verifyPath } from '@tickwise/contracts/pages';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText } from '../../session/errors';
import { DashboardCard, QueryView } from '../dashboard/DashboardCard';
import {
  credentialPathOf,
  pdfPathOf,
  useCertificatesQuery,
  useChooseCertificateNameMutation,
} from './certificates-api';

/** The name shown on a certificate: the learner's to choose (their registered name until they do). */
function NameOnCertificate({ certificate }: { readonly certificate: CertificateSummary }) {
  const [name, setName] = useState(certificate.recipientName ?? '');
  const [choose, choosing] = useChooseCertificateNameMutation();
  const [message, setMessage] = useState<string | null>(null);
  const save = async () => {
    const result = await choose({ id: certificate.id, recipientName: name });
    setMessage(
      'error' in result
        ? errorText(result.error, 'The name could not be saved; please try again.')
        : 'Saved: the certificate now shows this name.',
    );
  };
  const unchanged = name.trim() === (certificate.recipientName ?? '') || name.trim() === '';
  return (
    <Flex
      as="form"
      gap="2"
      align="end"
      mt="3"
      wrap="wrap"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field.Root flex="1" minW="12rem">
        <Field.Label fontSize="sm">Name shown on the certificate</Field.Label>
        <Input
          size="sm"
          name="recipientName"
          value={name}
          maxLength={201}
          onChange={(e) => setName(e.target.value)}
        />
      </Field.Root>
      <Button type="submit" size="sm" variant="outline" disabled={unchanged} loading={choosing.isLoading}>
        Save name
      </Button>
      {message ? (
        <Text role="status" fontSize="sm" color="fg.muted" w="full">
          {message}
        </Text>
      ) : null}
    </Flex>
  );
}

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
      {certificate.status === 'revoked' ? null : <NameOnCertificate certificate={certificate} />}
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
