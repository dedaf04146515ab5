import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchCall, json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

// The machine is shared with other suites: give the interaction-heavy tests room.
jest.setTimeout(20_000);

const HOUR = 3_600_000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const titles = [
  'What Futures Are',
  'Contract Specifications',
  'Margin and Daily Settlement',
  'Orders',
  'Expiry and Rolling',
  'Term Structure',
  'Hedging',
  'Spreads and Options on Futures',
  'Position Sizing and Risk',
  'Trading Psychology',
  'Regulation, Protection and Tax',
  'Trade Plan and Review',
];

const dashboard = {
  courseProgress: 8,
  quizAverage: 89,
  eqScore: 75,
  stressResilience: 45,
  moduleProgress: titles.map((title, i) => ({
    moduleId: i + 1,
    title,
    progress: i === 0 ? 100 : i === 1 ? 40 : 0,
  })),
  recentActivity: [
    { kind: 'quiz_completed', title: 'Scored 89% on the Module 1 Quiz', at: at(10 * 60_000) },
    { kind: 'module_completed', title: 'Completed What Futures Are', at: at(5 * HOUR) },
    { kind: 'quiz_completed', title: 'Scored 70% on the Module 2 Quiz', at: at(3 * 24 * HOUR) },
  ],
  recommendations: [
    {
      kind: 'continue_module',
      title: 'Continue Contract Specifications',
      description: '2 lessons remaining',
      href: '/course',
    },
  ],
};

const latest = {
  id: 'r-1',
  overallScore: 64,
  traderArchetype: 'Developing Trader',
  emotionalIntelligence: 75,
  cognitiveControl: 60,
  stressResilience: 45,
  behavioralDiscipline: 80,
  riskManagement: 70,
  performanceOptimization: 55,
  completedAt: '2025-01-17T12:00:00.000Z',
};

const profile = {
  style: 'Learner First',
  description: 'You are here to understand futures before anything else.',
  basedOn: {
    traderArchetype: 'Developing Trader',
    experienceLevel: 'beginner',
    riskCapacity: 5,
    investmentObjective: 'education',
  },
};

type Reply = ReturnType<typeof json>;

function renderDashboard(overrides: Partial<Record<string, (call: FetchCall) => Reply>> = {}) {
  const replies: Record<string, (call: FetchCall) => Reply> = {
    '/api/dashboard': () => json(dashboard),
    '/api/trading-psychology/latest': () => json(latest),
    '/api/trading-profile': () => json(profile),
    '/api/certificates': () => json([]),
    ...overrides,
  };
  const calls = scriptFetch((call) => replies[call.url]?.(call) ?? json({ error: 'Not found' }, 404));
  renderWithProviders(<DashboardPage />, { path: '/dashboard', session: sessionOf(learner) });
  return calls;
}

const card = (testId: string) => within(screen.getByTestId(testId));

describe('the learner dashboard', () => {
  it("has the title and the two buttons: 'Continue Learning' to /course and the assessment", async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Trading Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute('href', '/course');
    expect(screen.getByRole('link', { name: 'Trading Psychology Assessment' })).toHaveAttribute(
      'href',
      '/trading-psychology-assessment',
    );
    await screen.findAllByTestId('stat-card');
  });

  it('shows the four stat cards', async () => {
    renderDashboard();
    const stats = await screen.findAllByTestId('stat-card');
    expect(stats.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Course Progress8%/),
      expect.stringMatching(/^Quiz Average89%/),
      expect.stringMatching(/^EQ Score75%/),
      expect.stringMatching(/^Stress Resilience45%/),
    ]);
  });

  it("colours each score by its band: quiz 89 blue (the pass rule's bands), EQ 75 yellow, resilience 45 red", async () => {
    renderDashboard();
    const stats = await screen.findAllByTestId('stat-card');
    expect(stats.map((s) => s.getAttribute('data-tone'))).toEqual([null, 'blue', 'yellow', 'red']);
  });

  it('says "No score yet" on the quiz and psychology stat cards before any quiz or assessment', async () => {
    renderDashboard({
      '/api/dashboard': () =>
        json({ ...dashboard, quizAverage: null, eqScore: null, stressResilience: null }),
    });
    const stats = await screen.findAllByTestId('stat-card');
    expect(stats[1]).toHaveTextContent('Quiz Average—No score yetTake a module quiz');
    expect(stats[2]).toHaveTextContent('EQ Score—No score yet');
    expect(stats[3]).toHaveTextContent('Take the psychology assessment');
    expect(stats.map((s) => s.getAttribute('data-tone'))).toEqual([null, null, null, null]);
  });

  it('draws Course Progress by Module: one bar per module with its percent', async () => {
    renderDashboard();
    const bars = await card('module-progress-card').findAllByTestId('module-progress');
    expect(bars).toHaveLength(12);
    expect(bars[0]).toHaveTextContent('1. What Futures Are100%');
    expect(bars[1]).toHaveTextContent('2. Contract Specifications40%');
    expect(bars[11]).toHaveTextContent('12. Trade Plan and Review0%');
    expect(card('module-progress-card').getByText(/1 of 12 modules fully completed/)).toBeInTheDocument();
  });

  it('shows the psychology results: overall ring (amber at 64), archetype, completion date, six coloured bars, the self-reflection note', async () => {
    renderDashboard();
    const psychology = card('psychology-card');
    const ring = await psychology.findByRole('img', { name: 'Overall psychology score: 64 out of 100' });
    expect(ring).toHaveAttribute('data-tone', 'amber');
    expect(psychology.getByTestId('archetype')).toHaveTextContent('Developing Trader');
    expect(psychology.getByTestId('completed-at')).toHaveTextContent('January 17, 2025');
    expect(psychology.getAllByTestId('category-bar').map((b) => b.getAttribute('data-tone'))).toEqual([
      'yellow',
      'yellow',
      'red',
      'green',
      'yellow',
      'red',
    ]);
    expect(psychology.getByTestId('psychology-disclaimer')).toHaveTextContent(
      'A self-reflection tool for learning: not a diagnosis, and not a prediction of trading success.',
    );
  });

  it.each([
    [70, 'green'],
    [49, 'red'],
  ])('colours the ring by the overall score (%s → %s)', async (overallScore, tone) => {
    renderDashboard({ '/api/trading-psychology/latest': () => json({ ...latest, overallScore }) });
    expect(await screen.findByTestId('score-ring')).toHaveAttribute('data-tone', tone);
  });

  it("says 'No Psychology Assessment completed yet' when there is none (null), with a way to start", async () => {
    renderDashboard({ '/api/trading-psychology/latest': () => json(null) });
    const psychology = card('psychology-card');
    expect(await psychology.findByText('No Psychology Assessment completed yet')).toBeInTheDocument();
    expect(psychology.getByRole('link', { name: 'Start the assessment' })).toHaveAttribute(
      'href',
      '/trading-psychology-assessment',
    );
  });

  it('lists recent activity with relative times', async () => {
    renderDashboard();
    const items = await card('activity-card').findAllByTestId('activity-item');
    expect(items.map((i) => i.textContent)).toEqual([
      'QuizScored 89% on the Module 1 QuizJust now',
      'ModuleCompleted What Futures Are5 hours ago',
      'QuizScored 70% on the Module 2 Quiz3 days ago',
    ]);
  });

  it("says 'No recent activity' and 'All caught up!' when there is nothing to show", async () => {
    renderDashboard({
      '/api/dashboard': () => json({ ...dashboard, recentActivity: [], recommendations: [] }),
    });
    expect(await card('activity-card').findByText('No recent activity')).toBeInTheDocument();
    expect(card('recommendations-card').getByText('All caught up!')).toBeInTheDocument();
  });

  it('links each recommended next step to where it happens', async () => {
    renderDashboard();
    const link = await card('recommendations-card').findByRole('link', {
      name: 'Continue Contract Specifications 2 lessons remaining',
    });
    expect(link).toHaveAttribute('href', '/course');
  });

  it('shows your trading style and what it is based on', async () => {
    renderDashboard();
    const style = card('trading-style-card');
    expect(await style.findByRole('heading', { level: 3, name: 'Learner First' })).toBeInTheDocument();
    expect(style.getByText(/understand futures before anything else/)).toBeInTheDocument();
    expect(style.getByText('Beginner (0-1 years)')).toBeInTheDocument();
    expect(style.getByText('5 of 10')).toBeInTheDocument();
  });

  it('says when the dashboard cannot be loaded, and Try again reloads it', async () => {
    let fail = true;
    renderDashboard({
      '/api/dashboard': () => (fail ? json({ error: 'Read model catching up' }, 503) : json(dashboard)),
    });
    expect(await screen.findByText('Could not load your progress')).toBeInTheDocument();
    expect(screen.getByText('Read model catching up')).toBeInTheDocument();
    // The other cards still show what they have.
    expect(await card('trading-style-card').findByText('Learner First')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('stat-card')).toHaveLength(4);
  });

  it('shows a loading state while the data is on its way', async () => {
    scriptFetch(() => new Promise(() => undefined));
    renderWithProviders(<DashboardPage />, { path: '/dashboard', session: sessionOf(learner) });
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(screen.getByText('Loading your progress…')).toBeInTheDocument();
  });
});
