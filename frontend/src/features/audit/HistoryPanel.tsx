import {
  Badge,
  Box,
  Button,
  DataList,
  Flex,
  Heading,
  HStack,
  List,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
} from '@chakra-ui/react';
import { type AuditHistory, documentKey } from '@tickwise/contracts';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { AsOfInput } from './AsOfInput';
import { historyExportUrl, useAuditLearnerHistoryQuery } from './audit-api';
import { ExportButtons } from './ExportButtons';
import {
  checkpointSummary,
  documentLabel,
  type EntryKind,
  type EvidenceField,
  learnerName,
  riskAssessmentText,
  streamLabel,
  streamResult,
  summariseVerification,
  type TimelineEntry,
  timelineOf,
} from './evidence';
import { formatUtc } from './time';
import { Note, Panel, PanelHeading, ReadError } from './ui';

export interface HistoryPanelProps {
  readonly learnerId: string;
  readonly asOf: string | null;
  readonly onAsOfChange: (asOf: string | null) => void;
}

/** A learner's compliance history replayed from the event log as of a moment, with its verification. */
export function HistoryPanel({ learnerId, asOf, onAsOfChange }: HistoryPanelProps) {
  const args = { learnerId, asOf };
  // Always asked again when the time changes: "now" must mean now, and every read is recorded.
  const { currentData, error, isFetching, refetch } = useAuditLearnerHistoryQuery(args, {
    refetchOnMountOrArgChange: true,
  });
  const history = currentData;

  return (
    <Panel aria-labelledby="audit-history-heading" aria-busy={isFetching}>
      <Stack gap="5">
        <Flex gap="4" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="1">
            <PanelHeading id="audit-history-heading">
              {history === undefined ? 'Compliance history' : `History of ${learnerName(history.learner)}`}
            </PanelHeading>
            {history === undefined ? null : (
              <Note>
                {`${history.learner.email} · learner id ${history.learner.id} · registered ${formatUtc(
                  history.learner.registeredAt,
                )}`}
              </Note>
            )}
          </Stack>
          <ExportButtons
            what="history"
            urlOf={(format) => historyExportUrl(args, format)}
            fallbackName={`tickwise-history-${learnerId}`}
          />
        </Flex>
        <AsOfInput label="History as of" value={asOf} onChange={onAsOfChange} />
        {error !== undefined ? (
          <ReadError error={error} what="the history" onRetry={() => void refetch()} />
        ) : history === undefined ? (
          <LoadingSpinner label="Replaying the history from the event log…" />
        ) : (
          <HistoryBody history={history} onAsOfChange={onAsOfChange} />
        )}
      </Stack>
    </Panel>
  );
}

function HistoryBody({
  history,
  onAsOfChange,
}: {
  readonly history: AuditHistory;
  readonly onAsOfChange: (asOf: string | null) => void;
}) {
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <StateSummary history={history} />
        <VerificationSummary history={history} />
      </SimpleGrid>
      <EvidenceTimeline history={history} onAsOfChange={onAsOfChange} />
    </Stack>
  );
}

function Subheading({ id, children }: { readonly id: string; readonly children: string }) {
  return (
    <Heading as="h3" id={id} fontSize="lg" textStyle="subtitle">
      {children}
    </Heading>
  );
}

function StateSummary({ history }: { readonly history: AuditHistory }) {
  const { state } = history;
  return (
    <Box
      as="section"
      aria-labelledby="audit-state-heading"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p="4"
      data-testid="audit-state"
    >
      <Stack gap="3">
        <Subheading id="audit-state-heading">State as of the chosen time</Subheading>
        <Text fontSize="sm" color="fg.muted" data-testid="audit-as-of">
          {`As of ${formatUtc(history.asOf)}`}
        </Text>
        <HStack>
          <Badge
            size="lg"
            variant="subtle"
            colorPalette={state.isCompliant ? 'green' : 'orange'}
            data-testid="audit-compliance"
          >
            {state.isCompliant ? 'Compliant' : 'Not compliant'}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel minW="36">Acknowledged</DataList.ItemLabel>
            <DataList.ItemValue>
              {state.acknowledged.length === 0 ? (
                'None'
              ) : (
                <List.Root gap="1" ps="0" listStyle="none">
                  {state.acknowledged.map((a) => (
                    <List.Item key={documentKey(a)}>
                      {`${documentLabel(a.documentType, a.version)} — ${formatUtc(a.acknowledgedAt)}`}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel minW="36">Missing</DataList.ItemLabel>
            <DataList.ItemValue>
              {state.missing.length === 0
                ? 'None'
                : state.missing.map((m) => documentLabel(m.documentType, m.version)).join(', ')}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel minW="36">Risk assessment</DataList.ItemLabel>
            <DataList.ItemValue data-testid="audit-risk">
              {riskAssessmentText(state.riskAssessment)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Stack>
    </Box>
  );
}

type StreamVerification = AuditHistory['verification'][number];

const streamColumns: readonly DataColumn<StreamVerification>[] = [
  {
    header: 'Stream',
    rowHeader: true,
    cell: (s) => (
      <>
        <Text>{streamLabel(s.stream)}</Text>
        <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
          {s.stream}
        </Text>
      </>
    ),
  },
  { header: 'Events', numeric: true, cell: (s) => s.events },
  {
    header: 'Result',
    cell: (s) => (
      <Badge variant="subtle" colorPalette={!s.ok ? 'red' : s.signedEvents < s.events ? 'orange' : 'green'}>
        {streamResult(s)}
      </Badge>
    ),
  },
];

function VerificationSummary({ history }: { readonly history: AuditHistory }) {
  const summary = summariseVerification(history.verification);
  const signed = checkpointSummary(history.checkpoint, history.verification);
  return (
    <Box
      as="section"
      aria-labelledby="audit-verification-heading"
      borderWidth="1px"
      borderColor={summary.ok && signed.ok ? 'green.700' : 'red.500'}
      rounded="lg"
      p="4"
    >
      <Stack gap="3">
        <Subheading id="audit-verification-heading">Hash-chain verification</Subheading>
        <HStack gap="3" align="center">
          <Badge
            size="lg"
            variant="solid"
            bg={summary.ok ? 'green.300' : 'red.300'}
            color="gray.950"
            data-testid="audit-verification"
          >
            <span aria-hidden="true">{summary.ok ? '✓' : '✗'}</span>
            {summary.badge}
          </Badge>
          <Text fontSize="sm">{summary.text}</Text>
        </HStack>
        <Text
          data-testid="audit-checkpoint"
          fontSize="sm"
          fontWeight={signed.ok ? 'normal' : 'semibold'}
          color={signed.ok ? undefined : 'red.fg'}
        >
          <span aria-hidden="true">{signed.ok ? '✓ ' : '⚠ '}</span>
          {signed.text}
        </Text>
        <DataTable
          caption="Each stream the replay rests on, re-hashed from revision 0"
          columns={streamColumns}
          rows={history.verification}
          rowKey={(s) => s.stream}
          empty="No stream to verify."
        />
      </Stack>
    </Box>
  );
}

const indicators: Readonly<Record<EntryKind, { readonly symbol: string; readonly palette: string }>> = {
  view: { symbol: '◉', palette: 'blue' },
  acknowledgment: { symbol: '✓', palette: 'green' },
  risk: { symbol: '§', palette: 'purple' },
  warning: { symbol: '!', palette: 'orange' },
  'warning-acknowledgment': { symbol: '✓', palette: 'orange' },
};

function Fields({ fields }: { readonly fields: readonly EvidenceField[] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1.5">
      {fields.map((f) => (
        <DataList.Item
          key={f.label}
          alignItems={{ base: 'flex-start', md: 'baseline' }}
          flexDirection={{ base: 'column', md: 'row' }}
          gap={{ base: '0', md: '4' }}
        >
          <DataList.ItemLabel minW="40" flexShrink="0">
            {f.label}
          </DataList.ItemLabel>
          <DataList.ItemValue
            fontFamily={f.mono ? 'mono' : undefined}
            fontSize="sm"
            wordBreak={f.mono ? 'break-all' : 'break-word'}
          >
            {f.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function Entry({
  entry,
  onAsOfChange,
}: {
  readonly entry: TimelineEntry;
  readonly onAsOfChange: (asOf: string | null) => void;
}) {
  const indicator = indicators[entry.kind];
  return (
    <Timeline.Item data-testid="audit-entry">
      <Timeline.Connector>
        <Timeline.Separator />
        <Timeline.Indicator colorPalette={indicator.palette} bg="colorPalette.subtle" color="colorPalette.fg">
          <span aria-hidden="true">{indicator.symbol}</span>
        </Timeline.Indicator>
      </Timeline.Connector>
      <Timeline.Content pb="6" minW="0">
        <Flex gap="3" justify="space-between" align="baseline" wrap="wrap">
          {/* A title's first line stays centred on the indicator beside it (30 px high on a desktop). */}
          <Stack gap="0.5" pt={{ base: '0', md: '1' }}>
            <Heading as="h4" fontSize="md" lineHeight="short">
              {entry.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {formatUtc(entry.occurredAt)}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Replay as of this entry: ${entry.title}, ${formatUtc(entry.occurredAt)}`}
            onClick={() => onAsOfChange(entry.occurredAt)}
          >
            Replay as of this entry
          </Button>
        </Flex>
        <Box mt="2">
          <Fields fields={entry.evidence} />
        </Box>
        <Box as="details" mt="2" fontSize="sm">
          <Box as="summary" cursor="pointer" color="brand.fg" w="fit-content">
            Log record and hashes
          </Box>
          <Box mt="2" ps="3" borderStartWidth="2px" borderColor="border">
            <Fields fields={entry.record} />
          </Box>
        </Box>
      </Timeline.Content>
    </Timeline.Item>
  );
}

function EvidenceTimeline({
  history,
  onAsOfChange,
}: {
  readonly history: AuditHistory;
  readonly onAsOfChange: (asOf: string | null) => void;
}) {
  const entries = timelineOf(history.events);
  return (
    <Box as="section" aria-labelledby="audit-timeline-heading">
      <Stack gap="3">
        <Subheading id="audit-timeline-heading">{`Timeline: ${entries.length} compliance event${
          entries.length === 1 ? '' : 's'
        }`}</Subheading>
        {entries.length === 0 ? (
          <Note>No compliance event up to this time.</Note>
        ) : (
          <Timeline.Root size="md" variant="subtle" aria-labelledby="audit-timeline-heading">
            {entries.map((entry) => (
              <Entry key={entry.key} entry={entry} onAsOfChange={onAsOfChange} />
            ))}
          </Timeline.Root>
        )}
      </Stack>
    </Box>
  );
}
