/** The analytics sections: funnel, module completion, quiz items, psychology, compliance coverage. */
import { Badge, Box, Flex, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import {
  type ComplianceAnalytics,
  documentKey,
  documentTypeLabels,
  type ModuleAnalytics,
  type PsychologyAnalytics,
  psychologyCategoryLabels,
} from '@tickwise/contracts';
import { type DataColumn, DataTable } from '../../components/DataTable';
import {
  useAnalyticsComplianceQuery,
  useAnalyticsFunnelQuery,
  useAnalyticsModulesQuery,
  useAnalyticsPsychologyQuery,
  useAnalyticsQuizItemsQuery,
} from './analytics-api';
import { BarList } from './BarList';
import { ColumnChart } from './ColumnChart';
import { funnelRows } from './charts';
import { formatCount, formatPercent } from './format';
import { ItemScatter } from './ItemScatter';
import { ItemsTable } from './ItemsTable';
import { ReadState, Section } from './ui';

const learners = (n: number) => `${formatCount(n)} learner${n === 1 ? '' : 's'}`;

export function FunnelSection() {
  const { data, error, refetch } = useAnalyticsFunnelQuery();
  return (
    <Section
      id="funnel"
      title="Learner funnel"
      intro="Registration → compliance gate → each module completed (module quiz done)."
    >
      <ReadState
        what="the funnel"
        data={data}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={(steps) => steps.every((s) => s.learners === 0)}
        empty="No learner has registered yet."
      >
        {(steps) => (
          <BarList
            testId="funnel-chart"
            caption="Learners reaching each step; the share of registrations and the conversion from the step before."
            bars={funnelRows(steps).map((row) => ({
              key: row.step,
              label: row.label,
              value: row.learners,
              valueText: learners(row.learners),
              detail:
                row.ofFirst === null
                  ? undefined
                  : `${formatPercent(row.ofFirst)} of registered${
                      row.ofPrevious === null
                        ? ''
                        : ` · ${formatPercent(row.ofPrevious)} from the step before`
                    }`,
            }))}
          />
        )}
      </ReadState>
    </Section>
  );
}

export function ModulesSection() {
  const { data, error, refetch } = useAnalyticsModulesQuery();
  return (
    <Section
      id="modules"
      title="Module completion"
      intro="Learners who completed a module among those who started it."
    >
      <ReadState
        what="module completion"
        data={data}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={(modules) => modules.length === 0}
        empty="No module has been published."
      >
        {(modules) => (
          <Stack gap="4">
            <ColumnChart
              testId="modules-chart"
              title="Completion rate per module"
              xLabel="Module"
              columns={modules.map((m) => ({
                key: String(m.moduleId),
                label: String(m.moduleId),
                ratio: m.completionRate,
                description: `Module ${m.moduleId}, ${m.title}: ${m.learnersCompleted} of ${
                  m.learnersStarted
                } completed, ${formatPercent(m.completionRate)}`,
              }))}
            />
            <ModulesTable modules={modules} />
          </Stack>
        )}
      </ReadState>
    </Section>
  );
}

const moduleColumns: readonly DataColumn<ModuleAnalytics>[] = [
  { header: 'Module', rowHeader: true, cell: (m) => `${m.moduleId}. ${m.title}` },
  { header: 'Started', numeric: true, cell: (m) => formatCount(m.learnersStarted) },
  { header: 'Completed', numeric: true, cell: (m) => formatCount(m.learnersCompleted) },
  { header: 'Completion rate', numeric: true, cell: (m) => formatPercent(m.completionRate) },
];

function ModulesTable({ modules }: { readonly modules: readonly ModuleAnalytics[] }) {
  return (
    <DataTable
      testId="modules-table"
      caption="Completion per module, exact numbers"
      columns={moduleColumns}
      rows={modules}
      rowKey={(m) => String(m.moduleId)}
      empty="No module has been published yet."
    />
  );
}

export function QuizItemsSection() {
  const { data, error, refetch } = useAnalyticsQuizItemsQuery();
  return (
    <Section
      id="items"
      title="Quiz item analysis"
      intro="Facility: the share of first attempts answered correctly. Discrimination: facility in the strong group minus facility in the weak group (−1 to 1; the groups by first module quiz score); below 0.20 a question separates them poorly. Lesson checks (practice after each lesson) are tagged, and drawn hollow."
    >
      <ReadState
        what="the item analysis"
        data={data}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={(items) => items.length === 0}
        empty="No quiz has been published."
      >
        {(items) => (
          <Stack gap="5">
            <ItemScatter items={items} />
            <ItemsTable items={items} />
          </Stack>
        )}
      </ReadState>
    </Section>
  );
}

export function PsychologySection() {
  const { data, error, refetch } = useAnalyticsPsychologyQuery();
  return (
    <Section
      id="psychology"
      title="Trading psychology"
      intro="Score distributions per category (each learner's latest assessment) and trader archetypes."
    >
      <ReadState
        what="the psychology distributions"
        data={data}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={(p) => p.assessments === 0}
        empty="No psychology assessment has been completed yet."
      >
        {(psychology) => <PsychologyBody psychology={psychology} />}
      </ReadState>
    </Section>
  );
}

function PsychologyBody({ psychology }: { readonly psychology: PsychologyAnalytics }) {
  return (
    <Stack gap="5">
      <Stat.Root>
        <Stat.Label>Assessments completed</Stat.Label>
        <Stat.ValueText data-testid="psychology-assessments">
          {formatCount(psychology.assessments)}
        </Stat.ValueText>
      </Stat.Root>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {psychology.categories.map((c) => (
          <Box key={c.category} borderWidth="1px" borderColor="border" rounded="lg" p="4">
            <Box as="h3" fontWeight="semibold" mb="1">
              {psychologyCategoryLabels[c.category]}
            </Box>
            <BarList
              caption={`Mean ${c.mean === null ? '—' : c.mean.toFixed(1)} of 100. Learners per score band:`}
              color="purple.300"
              bars={c.bands.map((b) => ({
                key: `${b.from}-${b.to}`,
                label: `${b.from}–${b.to}`,
                value: b.learners,
                valueText: formatCount(b.learners),
              }))}
            />
          </Box>
        ))}
      </SimpleGrid>
      <Box>
        <Box as="h3" fontWeight="semibold" mb="2">
          Trader archetypes
        </Box>
        {psychology.archetypes.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No archetype assigned yet.
          </Text>
        ) : (
          <BarList
            testId="archetypes-chart"
            caption="Learners per archetype (latest assessment)."
            color="teal.300"
            bars={psychology.archetypes.map((a) => ({
              key: a.archetype,
              label: a.archetype,
              value: a.learners,
              valueText: learners(a.learners),
            }))}
          />
        )}
      </Box>
    </Stack>
  );
}

type DocumentCoverage = ComplianceAnalytics['documents'][number];

const coverageColumns: readonly DataColumn<DocumentCoverage>[] = [
  {
    header: 'Document',
    rowHeader: true,
    cell: (d) => documentTypeLabels[d.documentType],
  },
  {
    header: 'Version',
    cell: (d) => (
      <Flex gap="2" align="center">
        {d.version}
        <Badge variant="subtle" colorPalette={d.isActive ? 'green' : 'gray'}>
          {d.isActive ? 'In force' : 'Superseded'}
        </Badge>
      </Flex>
    ),
  },
  { header: 'Acknowledged', numeric: true, cell: (d) => formatCount(d.acknowledged) },
  { header: 'Not acknowledged', numeric: true, cell: (d) => formatCount(d.notAcknowledged) },
  {
    header: 'Coverage',
    headerProps: { minW: '40' },
    cell: (d) => (
      <Flex align="center" gap="2">
        <Box flex="1" h="2" bg="bg.muted" rounded="full" aria-hidden="true" minW="16">
          <Box h="full" w={`${d.coverage * 100}%`} bg="brand.400" rounded="full" />
        </Box>
        <Text fontVariantNumeric="tabular-nums" minW="12" textAlign="end">
          {formatPercent(d.coverage)}
        </Text>
      </Flex>
    ),
  },
];

export function ComplianceSection() {
  const { data, error, refetch } = useAnalyticsComplianceQuery();
  return (
    <Section
      id="compliance"
      title="Compliance coverage"
      intro="Acknowledgments per document version among all registered learners."
    >
      <ReadState what="the compliance coverage" data={data} error={error} onRetry={() => void refetch()}>
        {(compliance) => (
          <Stack gap="4">
            <Stat.Root>
              <Stat.Label>Risk assessments expiring within 30 days</Stat.Label>
              <Stat.ValueText data-testid="expiring-assessments">
                {formatCount(compliance.riskAssessmentsExpiringWithin30Days)}
              </Stat.ValueText>
            </Stat.Root>
            <DataTable
              testId="coverage-table"
              caption="Coverage per document version"
              columns={coverageColumns}
              rows={[...compliance.documents].sort(
                (a, b) =>
                  documentTypeLabels[a.documentType].localeCompare(documentTypeLabels[b.documentType]) ||
                  b.version.localeCompare(a.version),
              )}
              rowKey={documentKey}
              empty="No document version has been published yet."
            />
          </Stack>
        )}
      </ReadState>
    </Section>
  );
}
