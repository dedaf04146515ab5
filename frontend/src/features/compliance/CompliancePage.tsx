/**
 * The Compliance Center, /compliance: summary tiles (Documents, Acknowledged, Risk
 * Status Expired or Current) and three tabs: Documents (Read Document opens the viewer with the reading
 * timer; acknowledge; Pending or Acknowledged), Risk Assessment (the latest assessment, Renew or Start
 * opening the assessment dialog, and the regulatory warnings with their acknowledge action) and the
 * Compliance Log. Without a user: 'Please log in to access compliance features.'
 */
import {
  Badge,
  Box,
  Button,
  Container,
  DataList,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import type { ComplianceDocument, ComplianceLogKind, RegulatoryWarning } from '@tickwise/contracts';
import { documentKey, warningTypeLabel } from '@tickwise/contracts/words';
import { type ReactNode, useRef, useState } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { toast } from '../../components/toast-store';
import { FormAlert } from '../../dialogs/FormAlert';
import { errorText } from '../../session/errors';
import { useSession } from '../../session/use-session';
import { ComplianceDialog } from './ComplianceDialog';
import {
  useAcknowledgeWarningMutation,
  useAcknowledgmentsQuery,
  useComplianceDocumentsQuery,
  useComplianceLogQuery,
  useRegulatoryWarningsQuery,
  useRiskAssessmentsQuery,
} from './compliance-api';
import {
  experienceLevels,
  financialSituations,
  investmentObjectives,
  labelOf,
  messages,
  RISK_CAPACITY,
} from './constants';
import { DocumentViewer } from './DocumentViewer';
import { acknowledgmentOf, formatDate, formatDateTime, humanize, riskStatus } from './status';
import { useAcknowledgment } from './use-acknowledgment';
import { useReading } from './use-reading';

const panel = {
  bg: 'rgba(10, 17, 32, 0.88)',
  borderWidth: '1px',
  borderColor: 'border',
  rounded: '2xl',
} as const;

export function CompliancePage() {
  usePageTitle('Compliance Center');
  const { user, isAuthenticated } = useSession();
  const signedIn = user !== null && isAuthenticated;

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="2" mb="8">
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.02em">
          Compliance Center
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Your regulatory documents, your risk assessment and the record of what you acknowledged.
        </Text>
      </Stack>
      {signedIn ? (
        <ComplianceCenter />
      ) : (
        <Box {...panel} px="6" py="8">
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

      <Box {...panel} px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }}>
        <Tabs.Root defaultValue="documents" variant="line" size={{ base: 'sm', sm: 'md' }} lazyMount>
          {/* One row that scrolls sideways on a narrow phone, rather than wrapping into two rows. */}
          <Tabs.List
            flexWrap="nowrap"
            overflowX="auto"
            overflowY="hidden"
            scrollbarWidth="thin"
            css={{ '& > button': { flexShrink: 0, whiteSpace: 'nowrap' } }}
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
      {...panel}
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
      <Text
        fontSize={{ base: '2xl', sm: '3xl' }}
        fontWeight="bold"
        letterSpacing="-0.02em"
        color={tone ?? 'fg'}
      >
        {value}
      </Text>
    </Flex>
  );
}

function QueryState({
  isLoading,
  error,
  label,
  children,
}: {
  readonly isLoading: boolean;
  readonly error: unknown;
  readonly label: string;
  readonly children: ReactNode;
}) {
  if (isLoading) return <LoadingSpinner size="small" label={`Loading ${label}…`} />;
  if (error !== undefined) return <FormAlert message={errorText(error, `Could not load ${label}.`)} />;
  return <>{children}</>;
}

function DocumentsTab() {
  const documents = useComplianceDocumentsQuery();
  const acknowledgments = useAcknowledgmentsQuery();
  const [viewing, setViewing] = useState<ComplianceDocument | null>(null);
  const reading = useReading(viewing);
  const [acknowledging, setAcknowledging] = useState<string | null>(null);
  const acknowledgment = useAcknowledgment(reading);
  const lastOpener = useRef<HTMLElement | null>(null);

  const onAcknowledge = async (doc: ComplianceDocument) => {
    const key = documentKey(doc);
    if (acknowledging !== null || acknowledgment.refuseUnread(doc)) return;
    setAcknowledging(key);
    try {
      await acknowledgment.acknowledge(doc);
      toast({
        title: messages.documentAcknowledged,
        description: messages.acknowledgmentRecorded,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: messages.errorTitle,
        description: errorText(error, messages.acknowledgeDocumentFailed),
        variant: 'destructive',
      });
    } finally {
      setAcknowledging(null);
    }
  };

  const docs = documents.data ?? [];
  return (
    <QueryState isLoading={documents.isLoading} error={documents.error} label="documents">
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Compliance documents">
        {docs.map((doc) => {
          const key = documentKey(doc);
          const ack = acknowledgmentOf(doc, acknowledgments.data);
          const status = reading.statusOf(doc);
          return (
            <Flex
              as="li"
              key={key}
              data-testid="center-document"
              gap="4"
              p="4"
              rounded="lg"
              bg="bg.muted"
              borderWidth="1px"
              borderColor="border"
              justify="space-between"
              align={{ base: 'stretch', md: 'center' }}
              direction={{ base: 'column', md: 'row' }}
            >
              <Stack gap="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h2" fontSize="md">
                    {doc.title}
                  </Heading>
                  <Badge colorPalette={ack ? 'green' : 'orange'} variant="subtle">
                    {ack ? 'Acknowledged' : 'Pending'}
                  </Badge>
                  {!ack && status.phase === 'read' ? (
                    <Badge colorPalette="green" variant="outline">
                      {messages.read}
                    </Badge>
                  ) : null}
                  {!ack && status.phase === 'reading' ? (
                    <Badge colorPalette="gray" variant="outline">
                      {viewing !== null && documentKey(viewing) === key
                        ? messages.readingLeft(status.secondsLeft)
                        : messages.pausedLeft(status.secondsLeft)}
                    </Badge>
                  ) : null}
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  Version {doc.version}
                  {ack ? ` · Acknowledged ${formatDateTime(ack.acknowledgedAt)}` : ''}
                </Text>
              </Stack>
              <Flex gap="2" flexShrink={0} wrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={(e) => {
                    lastOpener.current = e.currentTarget;
                    setViewing(doc);
                  }}
                  aria-label={`Read Document: ${doc.title}`}
                >
                  Read Document
                </Button>
                {ack ? null : (
                  <Button
                    size="sm"
                    onClick={() => onAcknowledge(doc)}
                    loading={acknowledging === key}
                    loadingText="Acknowledging…"
                    aria-label={`Acknowledge ${doc.title}`}
                    aria-disabled={status.isRead ? undefined : true}
                  >
                    Acknowledge
                  </Button>
                )}
              </Flex>
            </Flex>
          );
        })}
      </Stack>
      <DocumentViewer
        doc={viewing}
        acknowledgment={viewing === null ? undefined : acknowledgmentOf(viewing, acknowledgments.data)}
        status={viewing === null ? null : reading.statusOf(viewing)}
        refused={viewing !== null && acknowledgment.isRefused(viewing)}
        acknowledging={viewing !== null && acknowledging === documentKey(viewing)}
        onAcknowledge={onAcknowledge}
        onRetryView={reading.retryView}
        onClose={() => setViewing(null)}
        finalFocus={() => lastOpener.current}
      />
    </QueryState>
  );
}

function RiskTab({
  onAssess,
  assessButton,
}: {
  readonly onAssess: () => void;
  readonly assessButton: React.RefObject<HTMLButtonElement | null>;
}) {
  const assessments = useRiskAssessmentsQuery();
  const latest = assessments.data?.[0];
  const status = riskStatus(assessments.data);

  return (
    <Stack gap="8">
      <QueryState isLoading={assessments.isLoading} error={assessments.error} label="your risk assessment">
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Flex gap="2" align="center">
              <Heading as="h2" fontSize="lg">
                Your risk assessment
              </Heading>
              <Badge colorPalette={status === 'Current' ? 'green' : 'orange'} variant="subtle">
                {status}
              </Badge>
            </Flex>
            <Button ref={assessButton} onClick={onAssess}>
              {latest === undefined ? 'Start Assessment' : 'Renew Assessment'}
            </Button>
          </Flex>
          {latest === undefined ? (
            <Text color="fg.muted">You have not completed a risk assessment yet.</Text>
          ) : (
            <DataList.Root orientation="horizontal" gap="2" data-testid="risk-summary">
              <Item label="Experience">{labelOf(experienceLevels, latest.experienceLevel)}</Item>
              <Item label="Financial situation">
                {labelOf(financialSituations, latest.financialSituation)}
              </Item>
              <Item label="Investment objective">
                {labelOf(investmentObjectives, latest.investmentObjective)}
              </Item>
              <Item label="Risk capacity">
                {latest.riskCapacity} / {RISK_CAPACITY.max}
              </Item>
              <Item label="Annual income">{latest.annualIncome ?? 'Not given'}</Item>
              <Item label="Net worth">{latest.netWorth ?? 'Not given'}</Item>
              <Item label="Completed">{formatDate(latest.createdAt)}</Item>
              <Item label={status === 'Current' ? 'Valid until' : 'Expired on'}>
                {formatDate(latest.expiresAt)}
              </Item>
            </DataList.Root>
          )}
        </Stack>
      </QueryState>
      <WarningsList />
    </Stack>
  );
}

function Item({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel color="fg.muted" minW="44">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function WarningsList() {
  const warnings = useRegulatoryWarningsQuery();
  const [acknowledgeWarning] = useAcknowledgeWarningMutation();
  const [pending, setPending] = useState<string | null>(null);

  const onAcknowledge = async (warning: RegulatoryWarning) => {
    if (pending !== null) return;
    setPending(warning.id);
    try {
      await acknowledgeWarning(warning.id).unwrap();
      toast({
        title: messages.warningAcknowledged,
        description: messages.acknowledgmentRecorded,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: messages.errorTitle,
        description: errorText(error, messages.acknowledgeWarningFailed),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="4">
      <Heading as="h2" fontSize="lg">
        Regulatory Warnings
      </Heading>
      <QueryState isLoading={warnings.isLoading} error={warnings.error} label="warnings">
        {(warnings.data ?? []).length === 0 ? (
          <Text color="fg.muted">No regulatory warnings.</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Regulatory warnings">
            {(warnings.data ?? []).map((w) => (
              <Box
                as="li"
                key={w.id}
                data-testid="regulatory-warning"
                p="4"
                rounded="lg"
                bg="bg.muted"
                borderWidth="1px"
                borderColor="border"
                borderStartWidth="4px"
                borderStartColor={w.acknowledged ? 'green.500' : 'orange.400'}
              >
                <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
                  <Stack gap="1" flex="1" minW="60">
                    <Flex gap="2" align="center" wrap="wrap">
                      <Heading as="h3" fontSize="md">
                        {warningTypeLabel(w.warningType)}
                      </Heading>
                      <Badge colorPalette={w.acknowledged ? 'green' : 'orange'} variant="subtle">
                        {w.acknowledged ? 'Acknowledged' : 'Unacknowledged'}
                      </Badge>
                    </Flex>
                    <Text color="fg.muted" fontSize="sm">
                      {w.message}
                    </Text>
                    <Text color="fg.subtle" fontSize="xs">
                      Issued {formatDateTime(w.createdAt)}
                    </Text>
                  </Stack>
                  {w.acknowledged ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onAcknowledge(w)}
                      loading={pending === w.id}
                      loadingText="Acknowledging…"
                      aria-label={`Acknowledge warning: ${warningTypeLabel(w.warningType)}`}
                    >
                      Acknowledge
                    </Button>
                  )}
                </Flex>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
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
