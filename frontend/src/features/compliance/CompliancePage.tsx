/**
 * The Compliance Center, /compliance: summary tiles (Documents, Acknowledged, Risk
 * Status Expired or Current) and three tabs: Documents (Read Document opens the viewer with the reading
 * timer; acknowledge; Pending or Acknowledged), Risk Assessment (the latest assessment, Renew or Start
 * opening the assessment dialog, and the regulatory warnings with their acknowledge action) and the
 * Compliance Log. Without a user: 'Please log in to access compliance features.'
 */
import { Box, Container, Flex, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ComplianceLogKind } from '@tickwise/contracts';
import { useRef, useState } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { toast } from '../../components/toast-store';
import { useSession } from '../../session/use-session';
import { ComplianceDialog } from './ComplianceDialog';
import {
  useAcknowledgmentsQuery,
  useComplianceDocumentsQuery,
  useComplianceLogQuery,
  useRiskAssessmentsQuery,
} from './compliance-api';
import { messages } from './constants';
import { DocumentsTab } from './DocumentsTab';
import { QueryState } from './QueryState';
import { RiskTab } from './RiskTab';
import { acknowledgmentOf, formatDateTime, humanize, riskStatus } from './status';

export function CompliancePage() {
  usePageTitle('Compliance Center');
  const { user, isAuthenticated } = useSession();
  const signedIn = user !== null && isAuthenticated;

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="2" mb="8">
        <Heading as="h1" textStyle="pageTitle">
          Compliance Center
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Your regulatory documents, your risk assessment and the record of what you acknowledged.
        </Text>
      </Stack>
      {signedIn ? (
        <ComplianceCenter />
      ) : (
        <Box layerStyle="panel" px="6" py="8">
          <Text>{messages.loginRequired}</Text>
        </Box>
      )}
    </Container>
  );
}

function ComplianceCenter() {
  const documents = useComplianceDocumentsQuery();
  const acknowledgments = useAcknowledgmentsQuery();
  const assessments = useRiskAssessmentsQuery();
  const [assessing, setAssessing] = useState(false);
  const assessButton = useRef<HTMLButtonElement>(null);

  const docs = documents.data ?? [];
  const acknowledgedCount = docs.filter(
    (d) => acknowledgmentOf(d, acknowledgments.data) !== undefined,
  ).length;
  const status = riskStatus(assessments.data);

  return (
    <Stack gap="8">
      <SimpleGrid
        as="ul"
        columns={{ base: 1, sm: 3 }}
        gap={{ base: '2', sm: '4' }}
        listStyleType="none"
        aria-label="Summary"
      >
        <Tile label="Documents" value={documents.data === undefined ? '—' : String(docs.length)} />
        <Tile
          label="Acknowledged"
          value={
            documents.data === undefined || acknowledgments.data === undefined
              ? '—'
              : String(acknowledgedCount)
          }
        />
        <Tile
          label="Risk Status"
          value={assessments.data === undefined ? '—' : status}
          tone={
            assessments.data === undefined ? undefined : status === 'Current' ? 'green.300' : 'orange.300'
          }
        />
      </SimpleGrid>

      <Box layerStyle="panel" px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }}>
        <Tabs.Root defaultValue="documents" variant="line" size={{ base: 'sm', sm: 'md' }} lazyMount>
          {/*
            One row. On a phone it spans the panel's whole width and its tabs are tighter, so the three fit a
            390 px screen; on a narrower one it scrolls sideways rather than wrapping into two rows.
          */}
          <Tabs.List
            flexWrap="nowrap"
            overflowX="auto"
            overflowY="hidden"
            scrollbarWidth="thin"
            mx={{ base: '-4', sm: '0' }}
            css={{
              '& > button': { flexShrink: 0, whiteSpace: 'nowrap' },
              '@media (max-width: 29.99em)': {
                '& > button': { flexGrow: 1, justifyContent: 'center', px: '1.5' },
              },
            }}
          >
            <Tabs.Trigger value="documents">Documents</Tabs.Trigger>
            <Tabs.Trigger value="risk">Risk Assessment</Tabs.Trigger>
            <Tabs.Trigger value="log">Compliance Log</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="documents" pt="6">
            <DocumentsTab />
          </Tabs.Content>
          <Tabs.Content value="risk" pt="6">
            <RiskTab assessButton={assessButton} onAssess={() => setAssessing(true)} />
          </Tabs.Content>
          <Tabs.Content value="log" pt="6">
            <LogTab />
          </Tabs.Content>
        </Tabs.Root>
      </Box>

      <ComplianceDialog
        open={assessing}
        start="risk-assessment"
        onClose={() => setAssessing(false)}
        onComplete={() => {
          toast({
            title: messages.assessmentComplete,
            description: messages.assessmentSubmitted,
            variant: 'success',
          });
          setAssessing(false);
          // The submission refetches the assessments, warnings and log; the rest is refreshed too.
          void documents.refetch();
          void acknowledgments.refetch();
        }}
        finalFocus={() => assessButton.current}
      />
    </Stack>
  );
}

function Tile({
  label,
  value,
  tone,
}: {
  readonly label: string;
  readonly value: string;
  readonly tone?: string;
}) {
  // A row on a phone (label, then value), a card from the small breakpoint on.
  return (
    <Flex
      as="li"
      layerStyle="panel"
      rounded="xl"
      px="5"
      py={{ base: '3', sm: '4' }}
      direction={{ base: 'row', sm: 'column' }}
      justify={{ base: 'space-between', sm: 'flex-start' }}
      align={{ base: 'center', sm: 'flex-start' }}
      gap={{ base: '3', sm: '1' }}
      data-testid="compliance-tile"
    >
      <Text fontSize="sm" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize={{ base: '2xl', sm: '3xl' }} fontWeight="bold" textStyle="title" color={tone ?? 'fg'}>
        {value}
      </Text>
    </Flex>
  );
}

const logKinds: Record<ComplianceLogKind, string> = {
  document_viewed: 'Document viewed',
  document_acknowledged: 'Document acknowledged',
  risk_assessed: 'Risk assessment',
  warning_issued: 'Warning issued',
  warning_acknowledged: 'Warning acknowledged',
};

function LogTab() {
  const log = useComplianceLogQuery();
  const entries = log.data ?? [];
  return (
    <QueryState isLoading={log.isLoading} error={log.error} label="your compliance log">
      {entries.length === 0 ? (
        <Text color="fg.muted">{messages.noHistory}</Text>
      ) : (
        <Stack as="ol" gap="0" listStyleType="none" aria-label="Compliance log, newest first">
          {entries.map((entry) => (
            <Flex
              as="li"
              key={entry.id}
              data-testid="log-entry"
              gap={{ base: '1', md: '4' }}
              direction={{ base: 'column', md: 'row' }}
              py="3"
              borderBottomWidth="1px"
              borderColor="border"
              _last={{ borderBottomWidth: '0' }}
            >
              <Text asChild fontSize="sm" color="fg.muted" minW="44" flexShrink={0}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </Text>
              <Stack gap="0.5">
                <Text fontSize="sm" fontWeight="semibold">
                  {logKinds[entry.kind] ?? humanize(entry.kind)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {entry.summary}
                </Text>
              </Stack>
            </Flex>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
