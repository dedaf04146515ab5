/**
 * /analytics, for analysts (role analyst or admin): aggregates built by projections from the whole event
 * history — never a learner's identity — and the projections themselves, with live rebuilds.
 */
import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { usePageTitle } from '../../app/use-page-title';
import { PracticeSection } from './PracticeSection';
import { ProjectionsPanel } from './ProjectionsPanel';
import {
  ComplianceSection,
  FunnelSection,
  ModulesSection,
  PsychologySection,
  QuizItemsSection,
} from './sections';

export function AnalyticsPage() {
  usePageTitle('Analytics');
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" textStyle="pageTitle">
            Learning analytics
          </Heading>
          <Text color="fg.muted" maxW="3xl">
            Aggregates only, built from the full event history by the projections below. Rebuilding a
            projection replays the log into a new version; these figures keep being served meanwhile.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
          <FunnelSection />
          <ModulesSection />
        </SimpleGrid>
        <QuizItemsSection />
        <PsychologySection />
        <ComplianceSection />
        <PracticeSection />
        <ProjectionsPanel />
      </Stack>
    </Container>
  );
}
