import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type ComplianceAnalytics,
  decodeOrThrow,
  type FunnelStep,
  type ModuleAnalytics,
  type ProjectionStatus,
  type PsychologyAnalytics,
  type QuizItemAnalytics,
  routes,
} from '@tickwise/contracts';
import { type FetchCall, json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { AnalyticsPage } from './AnalyticsPage';

jest.setTimeout(20_000);

const analyst = sessionOf({ ...learner, id: 'analyst-1', roles: ['learner', 'analyst'] });

const FUNNEL: FunnelStep[] = [
  { step: 'registered', label: 'Registered', learners: 10 },
  { step: 'compliant', label: 'Passed the compliance gate', learners: 8 },
  { step: 'module-1', label: 'Module 1 completed: What Futures Are', learners: 6 },
];
const MODULES: ModuleAnalytics[] = [
  { moduleId: 1, title: 'What Futures Are', learnersStarted: 7, learnersCompleted: 6, completionRate: 6 / 7 },
  {
    moduleId: 2,
    title: 'Contract Specifications',
    learnersStarted: 0,
    learnersCompleted: 0,
    completionRate: 0,
  },
];
const quizItem = { kind: 'quiz', lessonId: null, lessonTitle: null } as const;
// Checked against the route's codec, so the fake answers what the server may answer.
const ITEMS: QuizItemAnalytics[] = decodeOrThrow(routes.analyticsQuizItems.response, [
  {
    ...quizItem,
    moduleId: 1,
    questionId: 101,
    question: 'What is a future?',
    firstAttempts: 6,
    facility: 5 / 6,
    discrimination: 0.5,
  },
  {
    ...quizItem,
    moduleId: 1,
    questionId: 102,
    question: 'Gold gain?',
    firstAttempts: 6,
    facility: 0.5,
    discrimination: -0.25,
  },
  {
    ...quizItem,
    moduleId: 2,
    questionId: 201,
    question: 'Tick size?',
    firstAttempts: 0,
    facility: null,
    discrimination: null,
  },
  {
    kind: 'check',
    moduleId: 1,
    lessonId: 1,
    lessonTitle: 'Futures in Plain Words',
    questionId: 10011,
    question: 'A short gold position when the price rises?',
    firstAttempts: 4,
    facility: 0.75,
    discrimination: 0.5,
  },
]);
const PSYCHOLOGY: PsychologyAnalytics = {
  assessments: 3,
  categories: [
    {
      category: 'riskManagement',
      mean: 62.5,
      bands: [
        { from: 0, to: 49, learners: 1 },
        { from: 50, to: 100, learners: 2 },
      ],
    },
  ],
  archetypes: [{ archetype: 'Disciplined Strategist', learners: 2 }],
};
const COMPLIANCE: ComplianceAnalytics = {
  documents: [
    {
      documentType: 'risk_disclosure',
      version: '2.0',
      isActive: true,
      acknowledged: 3,
      notAcknowledged: 7,
      coverage: 0.3,
    },
    {
      documentType: 'risk_disclosure',
      version: '1.0',
      isActive: false,
      acknowledged: 9,
      notAcknowledged: 1,
      coverage: 0.9,
    },
  ],
  riskAssessmentsExpiringWithin30Days: 2,
};
const live = (name: string): ProjectionStatus => ({
  name,
  version: 1,
  checkpoint: '98',
  lag: 0,
  state: 'live',
  rebuild: null,
});
const rebuilding = (name: string, processed: number): ProjectionStatus => ({
  ...live(name),
  state: 'rebuilding',
  rebuild: {
    targetVersion: 2,
    processed,
    total: 20_000,
    eventsPerSecond: 4321.4,
    etaSeconds: 75,
    startedAt: '2026-11-25T23:00:00.000Z',
  },
});

type Handler = (call: FetchCall) => ReturnType<typeof json> | undefined;

const PRACTICE = {
  scenarios: [
    { scenarioId: 'gc-whipsaw', runs: 4, closedEarly: 1, averageCalls: 1.5, averageTradingResult: -812.5 },
  ],
  reviews: [{ kind: 'quiz', itemId: 101, moduleId: 1, reviews: 4, right: 3 }],
};

function serve(projections: () => ProjectionStatus[], override: Handler = () => undefined) {
  return scriptFetch((call) => {
    const overridden = override(call);
    if (overridden !== undefined) return overridden;
    switch (call.url) {
      case '/api/analytics/funnel':
        return json(FUNNEL);
      case '/api/analytics/modules':
        return json(MODULES);
      case '/api/analytics/quiz-items':
        return json(ITEMS);
      case '/api/analytics/psychology':
        return json(PSYCHOLOGY);
      case '/api/analytics/compliance':
        return json(COMPLIANCE);
      case '/api/analytics/practice':
        return json(PRACTICE);
      case '/api/admin/projections':
        return json(projections());
      default:
        return json({ error: `unexpected ${call.method} ${call.url}` }, 404);
    }
  });
}

const renderAnalytics = () =>
  renderWithProviders(<AnalyticsPage />, { path: '/analytics', session: analyst });

describe('the analytics screen', () => {
  it('shows the funnel as a chart whose steps read with their exact numbers', async () => {
    serve(() => [live('analytics')]);
    renderAnalytics();
    const funnel = await screen.findByTestId('funnel-chart');
    const steps = within(funnel).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Registered10 learners100% of registered',
      'Passed the compliance gate8 learners80% of registered · 80% from the step before',
      'Module 1 completed: What Futures Are6 learners60% of registered · 75% from the step before',
    ]);
  });

  it('charts module completion with a text alternative, and a table with the exact numbers', async () => {
    serve(() => [live('analytics')]);
    renderAnalytics();
    const chart = await screen.findByRole('img', { name: /Completion rate per module/ });
    expect(chart).toHaveAccessibleName(
      'Completion rate per module Module 1, What Futures Are: 6 of 7 completed, 85.7%; Module 2, Contract Specifications: 0 of 0 completed, 0%',
    );
    const table = screen.getByRole('table', { name: 'Completion per module, exact numbers' });
    const row = within(table).getByRole('row', { name: /What Futures Are/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '6', '85.7%']);
  });

  it('plots item facility against discrimination and lists the exact numbers with a reading', async () => {
    serve(() => [live('analytics')]);
    renderAnalytics();
    const plot = await screen.findByRole('img', { name: /Quiz item analysis/ });
    expect(plot).toHaveAccessibleName(
      'Quiz item analysis: facility against discrimination 3 of 4 questions plotted, 1 of them lesson checks (hollow markers). Facility from 50% to 83.3%; discrimination from −0.25 to 0.50. 1 question flagged for review. Exact values are in the table below.',
    );
    const table = screen.getByRole('table', { name: /Item analysis, exact numbers: 3 answered questions/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['6', '83.3%', '0.50', 'Good'],
      ['6', '50%', '−0.25', 'Review: negative discrimination'],
      ['4', '75%', '0.50', 'Good'],
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'review');
    expect(
      screen.getByRole('table', { name: /Item analysis, exact numbers: 1 questions to review/ }),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'answered');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'check');
    const checks = screen.getByRole('table', {
      name: 'Item analysis, exact numbers: 1 answered questions (lesson checks)',
    });
    const [check] = within(checks).getAllByRole('row').slice(1);
    // Marked as a lesson check, with its lesson's title.
    expect(within(check as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      'Lesson checkModule 1 · Futures in Plain WordsA short gold position when the price rises?',
    );
    expect(plot.querySelectorAll('[data-kind="check"]')).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Lesson check (hollow)');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'all');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    await userEvent.selectOptions(screen.getByLabelText('Module'), '2');
    expect(within(screen.getByTestId('items-table')).getByText('No data yet')).toBeInTheDocument();
  });

  it('shows psychology distributions, archetypes, coverage per version and expiring assessments', async () => {
    serve(() => [live('analytics')]);
    renderAnalytics();
    expect(await screen.findByTestId('psychology-assessments')).toHaveTextContent('3');
    expect(screen.getByText('Risk Management')).toBeInTheDocument();
    expect(screen.getByText(/Mean 62.5 of 100/)).toBeInTheDocument();
    expect(within(screen.getByTestId('archetypes-chart')).getByRole('listitem')).toHaveTextContent(
      'Disciplined Strategist2 learners',
    );
    expect(screen.getByTestId('expiring-assessments')).toHaveTextContent('2');
    const coverage = screen.getByRole('table', { name: 'Coverage per document version' });
    expect(
      within(coverage)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Futures Risk Disclosure2.0In force3730%', 'Futures Risk Disclosure1.0Superseded9190%']);
  });

  it('shows empty states when there is nothing yet, and an error with a retry when a read fails', async () => {
    let failFunnel = true;
    serve(
      () => [live('analytics')],
      (call) => {
        if (call.url === '/api/analytics/funnel' && failFunnel)
          return json({ error: 'Projection unavailable' }, 503);
        if (call.url === '/api/analytics/psychology') return json({ ...PSYCHOLOGY, assessments: 0 });
        return undefined;
      },
    );
    renderAnalytics();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the funnel');
    expect(alert).toHaveTextContent('Projection unavailable');
    expect(await screen.findByText('No psychology assessment has been completed yet.')).toBeInTheDocument();
    failFunnel = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('funnel-chart')).toBeInTheDocument();
  });
});

describe('the projections panel', () => {
  it('lists each projection with version, checkpoint, lag and state', async () => {
    serve(() => [live('users'), { ...live('analytics'), lag: 1234, checkpoint: '77' }]);
    renderAnalytics();
    const row = await screen.findByTestId('projection-analytics');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('analytics');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 4),
    ).toEqual(['1', '77', '1,234', 'Live']);
  });

  it('starts a rebuild, shows its live progress (events/s, ETA) polled while it runs, then live again', async () => {
    let phase: 'live' | 'running' | 'done' = 'live';
    let polls = 0;
    const calls = serve(
      () => {
        if (phase === 'running') {
          polls += 1;
          if (polls >= 3) phase = 'done';
          return [live('users'), rebuilding('analytics', 5000 * polls)];
        }
        return [live('users'), live('analytics')];
      },
      (call) => {
        if (call.method === 'POST' && call.url === '/api/admin/projections/analytics/rebuild') {
          phase = 'running';
          return json({ name: 'analytics', targetVersion: 2, startedAt: '2026-11-25T23:00:00.000Z' }, 202);
        }
        return undefined;
      },
    );
    renderAnalytics();
    const row = await screen.findByTestId('projection-analytics');
    const button = within(row).getByRole('button', { name: 'Rebuild analytics' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    const bar = await within(row).findByRole('progressbar', { name: 'Rebuild of analytics' });
    expect(within(row).getByText(/events\/s/)).toHaveTextContent(
      /To version 2: \d+(\.\d)?% · [\d,]+ of 20,000 events · 4,321 events\/s · ETA 1 min 15 s/,
    );
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(within(row).getByRole('button', { name: 'Rebuild analytics' })).toBeDisabled();
    await waitFor(() => expect(within(row).getByTestId('rebuild-finished')).toBeInTheDocument(), {
      timeout: 6000,
    });
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(row).getByTestId('projection-state')).toHaveTextContent('Live');
    expect(within(row).getByRole('button', { name: 'Rebuild analytics' })).toBeEnabled();
    expect(screen.getByTestId('rebuild-announcement')).toHaveTextContent(
      'Rebuild of analytics finished: live again.',
    );
    // Polled while running (several GETs), and the analytics were reloaded from the rebuilt version.
    expect(calls.filter((c) => c.url === '/api/admin/projections').length).toBeGreaterThanOrEqual(4);
    expect(calls.filter((c) => c.url === '/api/analytics/funnel').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a rebuild whose heartbeat stopped as stalled: at what count, since when, and when it can be rebuilt', async () => {
    const stalled: ProjectionStatus = {
      ...rebuilding('analytics', 7_500),
      state: 'stalled',
      rebuild: {
        ...(rebuilding('analytics', 7_500).rebuild as NonNullable<ProjectionStatus['rebuild']>),
        heartbeatAt: '2026-11-25T23:01:10.000Z',
        stalledSince: '2026-11-25T23:01:10.000Z',
        leaseEndsAt: '2026-11-25T23:01:40.000Z',
      },
    };
    serve(() => [live('users'), stalled]);
    renderAnalytics();
    const row = await screen.findByTestId('projection-analytics');
    expect(within(row).getByTestId('projection-state')).toHaveTextContent('Stalled');
    expect(within(row).getByTestId('rebuild-stalled')).toHaveTextContent(
      'Rebuild to version 2 stalled at 7,500 of 20,000 events: no heartbeat since 23:01:10 UTC.' +
        'It can be rebuilt again after 23:01:40 UTC, when its lease ends.',
    );
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Rebuild analytics' })).toBeDisabled();
  });

  it('says why a rebuild could not start (409: already running)', async () => {
    serve(
      () => [live('analytics')],
      (call) =>
        call.method === 'POST'
          ? json({ error: 'A rebuild of analytics is already running' }, 409)
          : undefined,
    );
    renderAnalytics();
    const row = await screen.findByTestId('projection-analytics');
    await userEvent.click(within(row).getByRole('button', { name: 'Rebuild analytics' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'A rebuild of analytics is already running',
    );
    expect(within(row).getByRole('button', { name: 'Rebuild analytics' })).toBeEnabled();
  });
});

describe('the practice section', () => {
  it('shows simulator runs per path and review answers per item, apart from first tries', async () => {
    serve(() => [live('analytics')]);
    renderAnalytics();
    const runs = await screen.findByTestId('practice-scenarios-table', {}, { timeout: 8000 });
    expect(runs).toHaveTextContent('gc-whipsaw');
    expect(runs).toHaveTextContent('−$812.50');
    expect(screen.getByTestId('practice-reviews-table')).toHaveTextContent('Quiz question 101');
    expect(screen.getByTestId('practice-reviews-table')).toHaveTextContent('75');
  });
});
