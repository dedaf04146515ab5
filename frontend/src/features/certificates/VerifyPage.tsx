/**
 * A certificate's public verify page (/verify/:id, no sign-in): who, what, when and the issuer, then each
 * check the server made (signature, the key's binding to the issuer, validity period, status) and what the
 * check cannot confirm, in plain words. Phone-first: one column.
 */

import { Alert, Box, Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { type CertificateVerification, certificateDate, type VerificationCheck } from '@tickwise/contracts';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../api/base-query';
import { usePageTitle } from '../../app/use-page-title';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { LoadError } from '../dashboard/DashboardCard';
import { credentialPathOf, useCertificateVerificationQuery } from './certificates-api';

const CHECK_NAMES: Record<VerificationCheck['check'], string> = {
  proof: 'Signature',
  issuerKey: 'Issuer key',
  validity: 'Validity period',
  status: 'Status',
};

export function VerifyPage() {
  usePageTitle('Verify a certificate');
  const { id = '' } = useParams();
  const verification = useCertificateVerificationQuery(id);
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Heading as="h1" textStyle="pageTitle">
          Certificate verification
        </Heading>
        {verification.data !== undefined ? (
          <VerificationResult result={verification.data} />
        ) : verification.error !== undefined ? (
          isApiError(verification.error) && verification.error.status === 404 ? (
            <Alert.Root status="error" variant="surface" rounded="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Not verified: no certificate has this id</Alert.Title>
                <Alert.Description>
                  Tickwise has issued no certificate {id}. Check the address, or ask its holder for the link.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <LoadError what="this certificate" error={verification.error} onRetry={verification.refetch} />
          )
        ) : (
          <LoadingSpinner size="small" label="Checking the certificate…" />
        )}
      </Stack>
    </Container>
  );
}

function Verdict({ result }: { readonly result: CertificateVerification }) {
  const [title, text, status] = result.verified
    ? ['Verified', 'Every check below passed.', 'success' as const]
    : result.status === 'revoked'
      ? ['Revoked', 'The issuer no longer stands behind this certificate.', 'error' as const]
      : [
          'Not verified',
          'At least one check below failed: do not rely on this certificate.',
          'error' as const,
        ];
  return (
    <Alert.Root status={status} variant="surface" rounded="lg" data-testid="verdict">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontSize="lg">{title}</Alert.Title>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Fact({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" overflowWrap="anywhere">
        {children}
      </Text>
    </Box>
  );
}

function VerificationResult({ result }: { readonly result: CertificateVerification }) {
  return (
    <Stack gap="6">
      <Verdict result={result} />
      <Stack as="dl" gap="3">
        <Fact label="Awarded to">
          {result.recipientName === null
            ? 'No one: the name was removed with the holder\u2019s account'
            : result.recipientName || 'No name given (the holder is identified by e-mail address only)'}
        </Fact>
        <Fact label="Achievement">{result.achievement}</Fact>
        <Fact label="Issued on">{certificateDate(result.issuedAt)}</Fact>
        <Fact label="Issuer">
          {result.issuer.name} (
          <Link href={result.issuer.url} color="brand.fg">
            {result.issuer.url}
          </Link>
          )
        </Fact>
        <Fact label="Certificate">{result.id}</Fact>
      </Stack>
      <Box as="section" aria-labelledby="checked">
        <Heading as="h2" id="checked" fontSize="lg" mb="3">
          What was checked
        </Heading>
        <List.Root gap="3" variant="plain">
          {result.checks.map((check) => (
            <List.Item key={check.check} display="block">
              <Text fontWeight="semibold" color={check.ok ? 'green.fg' : 'red.fg'}>
                {check.ok ? '\u2713 Confirmed' : '\u2717 Not confirmed'}: {CHECK_NAMES[check.check]}
              </Text>
              <Text>{check.detail}</Text>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Box as="section" aria-labelledby="not-checked">
        <Heading as="h2" id="not-checked" fontSize="lg" mb="3">
          What this does not confirm
        </Heading>
        <List.Root gap="2" ps="5">
          {result.notConfirmed.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List.Root>
      </Box>
      {result.credential !== null && (
        <Text fontSize="sm">
          <Link href={credentialPathOf(result.id)} color="brand.fg">
            The credential as JSON
          </Link>{' '}
          (Open Badges 3.0, signed with eddsa-jcs-2022): check it yourself with any verifier, using the key
          published at{' '}
          <Link href="/api/issuer" color="brand.fg">
            the issuer profile
          </Link>
          .
        </Text>
      )}
    </Stack>
  );
}
