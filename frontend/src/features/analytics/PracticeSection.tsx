/** How simulator runs end per path, and how review answers go per item (apart from first tries). */
import { Stack } from '@chakra-ui/react';
import type { PracticeAnalytics } from '@tickwise/contracts';
import { money } from '@tickwise/contracts/calculator';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { useAnalyticsPracticeQuery } from './analytics-api';
import { formatCount, formatPercent } from './format';
import { ReadState, Section } from './ui';

type ScenarioRow = PracticeAnalytics['scenarios'][number];
type ReviewRow = PracticeAnalytics['reviews'][number];

const scenarioColumns: readonly DataColumn<ScenarioRow>[] = [
  { header: 'Path', rowHeader: true, cell: (s) => s.scenarioId },
  { header: 'Runs', numeric: true, cell: (s) => formatCount(s.runs) },
  { header: 'Closed at a call', numeric: true, cell: (s) => formatCount(s.closedEarly) },
  {
    header: 'Calls a run',
    numeric: true,
    cell: (s) => (s.averageCalls === null ? '—' : String(s.averageCalls)),
  },
  {
    header: 'Average result',
    numeric: true,
    cell: (s) => (s.averageTradingResult === null ? '—' : money(s.averageTradingResult, { signed: true })),
  },
];

const reviewColumns: readonly DataColumn<ReviewRow>[] = [
  {
    header: 'Item',
    rowHeader: true,
    cell: (r) => `${r.kind === 'quiz' ? 'Quiz question' : 'Check'} ${r.itemId}`,
  },
  { header: 'Module', numeric: true, cell: (r) => String(r.moduleId) },
  { header: 'Review answers', numeric: true, cell: (r) => formatCount(r.reviews) },
  {
    header: 'Right in review',
    numeric: true,
    cell: (r) => formatPercent(r.reviews === 0 ? 0 : r.right / r.reviews),
  },
];

export function PracticeSection() {
  const { data, error, refetch } = useAnalyticsPracticeQuery();
  return (
    <Section
      id="practice"
      title="Practice"
      intro="How margin simulator runs end on each path, and how review answers go on each item. Review answers are counted apart from first tries."
    >
      <ReadState
        what="practice"
        data={data}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={(d) => d.scenarios.length === 0 && d.reviews.length === 0}
        empty="No simulator run or review answer yet."
      >
        {(d) => (
          <Stack gap="4">
            <DataTable
              testId="practice-scenarios-table"
              caption="Simulator runs per path"
              columns={scenarioColumns}
              rows={d.scenarios}
              rowKey={(s) => s.scenarioId}
              empty="No simulator run yet."
            />
            <DataTable
              testId="practice-reviews-table"
              caption="Review answers per item"
              columns={reviewColumns}
              rows={d.reviews}
              rowKey={(r) => `${r.kind}-${r.itemId}`}
              empty="No review answer yet."
            />
          </Stack>
        )}
      </ReadState>
    </Section>
  );
}
