import { Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { usePageTitle } from '../app/use-page-title';
import { RiskAssessmentSlot } from '../features/compliance/RiskAssessmentSlot';

/** The holding screen of a signed-in user who is not yet compliant. */
export function ComplianceRequiredPage() {
  usePageTitle('Compliance Required');
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '16', md: '24' }}>
      <Box
        layerStyle="panel"
        borderTopWidth="3px"
        borderTopColor="brand.400"
        rounded="2xl"
        px={{ base: '6', md: '10' }}
        py={{ base: '10', md: '12' }}
      >
        <Stack gap="4">
          <Heading as="h1" textStyle="pageTitle">
            Compliance Required
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            Before you start the course, please complete two short steps. They keep a clear record that you
            understand the risks of futures trading.
          </Text>
          <List.Root as="ol" ps="5" gap="2" color="fg.muted">
            <List.Item>Read and acknowledge the regulatory documents.</List.Item>
            <List.Item>Complete the risk assessment.</List.Item>
          </List.Root>
        </Stack>
      </Box>
      {/* SLOT: the compliance feature's risk-assessment dialog (opens after 1 s, reloads on completion). */}
      <RiskAssessmentSlot />
    </Container>
  );
}
