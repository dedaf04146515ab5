/**
 * The trading psychology assessment and the learner dashboard in a real browser against the real app (its
 * jest worker's shared app, with MIN_READ_SECONDS=0 so a learner can pass the compliance gate through the
 * API): a compliant learner takes the assessment (Next disabled until answered, an answer replaced by mouse and
 * keyboard), sees the results and retakes; the dashboard shows its empty states, then the stat cards,
 * module progress, the psychology card, recent activity and recommendations after a lesson run and a quiz;
 * 'All caught up!' once everything is done; axe finds no violation of any impact on either screen.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparePositions } from '@tickwise/contracts/positions';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';

/** A question's authored key (1-based): GET /api/modules/:id/quiz no longer serves it. */
function authoredKey(moduleId: number, questionId: number): number {
  const courseDir = join(__dirname, '..', '..', 'content', 'course');
  const folder = readdirSync(courseDir).find((name) =>
    name.startsWith(`${String(moduleId).padStart(2, '0')}-`),
  );
  if (!folder) throw new Error(`no content folder for module ${moduleId}`);
  const quiz = parseYaml(readFileSync(join(courseDir, folder, 'quiz.yaml'), 'utf8')) as {
    questions: { id: number; correctAnswer: number }[];
  };
  const key = quiz.questions.find((q) => q.id === questionId)?.correctAnswer;
  if (key === undefined) throw new Error(`question ${questionId} is not in module ${moduleId}'s quiz.yaml`);
  return key;
}

import {
  apiCall,
  artifactsDir,
  axeViolations,
  launchChromium,
  type RunningApp,
  screenshot,
  sharedApp,
} from './harness';

jest.setTimeout(240_000);

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // The shared app has no reading delay: the learner acknowledges the documents straight after viewing them.
  [app, browser] = await Promise.all([sharedApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
});

interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** A learner driving the API directly; keeps the highest event-log position it has seen. */
class Learner {
  token = '';
  position: string | null = null;

  constructor(readonly email: string) {}

  /** One request; a query the read models cannot answer yet (503, catching up) is retried for up to 30 s. */
  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    for (let attempt = 0; ; attempt++) {
      const reply = await this.once(method, path, body);
      if (method !== 'GET' || reply.status !== 503 || attempt >= 60) return reply;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  private async once(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    const reply = await apiCall(app, method, path, { token: this.token, body, position: this.position });
    if (
      reply.position !== null &&
      (this.position === null || comparePositions(reply.position, this.position) > 0)
    ) {
      this.position = reply.position;
    }
    return reply;
  }

  /** Waits until the read models the browser will ask have caught up with this learner's writes. */
  async settle(): Promise<void> {
    for (const path of ['/api/auth/me', '/api/dashboard', '/api/trading-profile']) {
      await this.expect('GET', path, 200);
    }
  }

  async expect(method: 'GET' | 'POST', path: string, status: number, body?: unknown): Promise<unknown> {
    const reply = await this.call(method, path, body);
    if (reply.status !== status) {
      throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    }
    return reply.body;
  }
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];

/** Registers, views and acknowledges every active document, and submits a risk assessment. */
async function compliantLearner(name: string): Promise<Learner> {
  const learner = new Learner(
    `${name.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
  );
  const auth = await learner.expect('POST', '/api/auth/register', 201, {
    email: learner.email,
    password: 'correct horse battery',
    firstName: name,
    lastName: 'Tester',
  });
  const token = typeof auth === 'object' && auth !== null && 'token' in auth ? auth.token : null;
  if (typeof token !== 'string') throw new Error('no token in the registration reply');
  learner.token = token;
  const documents = records(await learner.expect('GET', '/api/compliance/documents', 200)).filter(
    (d) => d.isActive !== false,
  );
  expect(documents).toHaveLength(4);
  for (const { documentType, version } of documents) {
    await learner.expect('POST', '/api/compliance/document-views', 201, { documentType, version });
  }
  for (const { documentType, version } of documents) {
    await learner.expect('POST', '/api/compliance/acknowledgment', 201, { documentType, version });
  }
  await learner.expect('POST', '/api/risk/assessment', 201, {
    experienceLevel: 'beginner',
    financialSituation: 'stable',
    riskCapacity: 5,
    investmentObjective: 'education',
    annualIncome: null,
    netWorth: null,
  });
  const me = await learner.expect('GET', '/api/auth/me', 200);
  expect(me).toMatchObject({ isCompliant: true });
  return learner;
}

/** Completes the module's lessons, answers its quiz (all right but `wrong` of them) and completes it. */
async function finishModule(learner: Learner, moduleId: number, wrong = 0): Promise<void> {
  for (const lesson of records(await learner.expect('GET', `/api/modules/${moduleId}/lessons`, 200))) {
    await learner.expect('POST', '/api/progress', 201, { moduleId, lessonId: lesson.id, completed: true });
  }
  const quiz = records(await learner.expect('GET', `/api/modules/${moduleId}/quiz`, 200));
  for (const [i, question] of quiz.entries()) {
    const correct = authoredKey(moduleId, Number(question.id)) - 1;
    const selectedAnswer = i < wrong ? (correct + 1) % 2 : correct;
    await learner.expect('POST', '/api/quiz/attempt', 201, {
      questionId: question.id,
      selectedAnswer,
      isCorrect: i >= wrong,
    });
  }
  await learner.expect('POST', '/api/progress', 201, { moduleId, lessonId: null, completed: true });
}

/** A new browser tab signed in as `learner`, with a cookie choice stored and its writes visible. */
async function openAs(
  learner: Learner,
  path: string,
  viewport = { width: 1280, height: 900 },
  { clock = false } = {},
): Promise<void> {
  context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([token, position]) => {
      localStorage.setItem('token', token ?? '');
      if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
      if (position && sessionStorage.getItem('tickwise-position') === null) {
        sessionStorage.setItem('tickwise-position', position);
      }
    },
    [learner.token, learner.position ?? ''],
  );
  page = await context.newPage();
  // Playwright's clock, running: the quiz's 3 s feedback and the hours for relative times are moved on by the test.
  if (clock) await page.clock.install();
  if (process.env.E2E_DEBUG) {
    page.on('response', (r) => {
      if (r.url().includes('/api/')) process.stdout.write(`${Date.now()} ${r.status()} ${r.url()}\n`);
    });
    page.on('console', (m) => process.stdout.write(`console: ${m.text()}\n`));
  }
  await page.goto(`${app.url}${path}`);
}

const heading = (name: string, level = 1) => page.getByRole('heading', { level, name });

/**
 * In the browser, as a learner would: from the dashboard to the course, through module 1's lessons to its
 * last one, 'Take Module Quiz' (which completes that lesson), the quiz answered with the first question
 * wrong and the rest right (the clock runs the 3 s feedback), then back to the course and the dashboard.
 */
async function finishLessonAndQuizInBrowser(learner: Learner): Promise<number> {
  const quiz = records(await learner.expect('GET', '/api/modules/1/quiz', 200));
  await page.getByRole('link', { name: 'Continue Learning' }).click();
  await heading('Course').waitFor();
  await page.getByRole('button', { name: 'Start Lesson' }).click();
  await heading('What Futures Are').waitFor();
  for (let n = 2; n <= 4; n++) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(`Lesson ${n} of 4`).waitFor();
  }
  await page.getByRole('button', { name: 'Take Module Quiz' }).click();
  await heading('Module 1 Quiz').waitFor();
  for (const [i, question] of quiz.entries()) {
    await page
      .getByTestId('quiz-position')
      .filter({ hasText: new RegExp(`^(Question )?${i + 1} of ${quiz.length}$`) })
      .waitFor();
    const right = authoredKey(1, Number(question.id)) - 1;
    await page
      .getByTestId('quiz-option')
      .nth(i === 0 ? (right + 1) % 2 : right)
      .click();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByTestId('quiz-feedback').waitFor();
    await page.clock.runFor(3000);
  }
  await page.getByRole('heading', { name: 'Quiz Complete!' }).waitFor();
  const score = Math.round(((quiz.length - 1) / quiz.length) * 100);
  expect(await page.getByTestId('quiz-score').textContent()).toBe(`${score}%`);
  await page.getByRole('link', { name: 'Back to Course' }).click();
  await heading('Course').waitFor();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await heading('Trading Dashboard').waitFor();
  return score;
}
const radio = (name: string) => page.getByRole('radio', { name });
const counter = () => page.getByTestId('question-counter');
const answerOptions = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];
/** Clicks the visible answer card (the radio input itself is visually hidden). */
const choose = (value: number) =>
  page
    .getByTestId('question-step')
    .getByText(answerOptions[value - 1] ?? '', { exact: true })
    .click();

async function noHorizontalScroll(): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the trading psychology assessment', () => {
  test('Next disabled until answered, an answer replaced, results with the disclaimer, then Retake', async () => {
    const learner = await compliantLearner('Rosalind');
    await openAs(learner, '/trading-psychology-assessment');
    await heading('Trading Psychology Assessment').waitFor();
    await counter().filter({ hasText: 'Question 1 of 30' }).waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(
      await page.getByRole('progressbar', { name: 'Assessment progress' }).getAttribute('aria-valuetext'),
    ).toBe('Question 1 of 30');
    for (const [i, label] of answerOptions.entries()) {
      expect(await radio(`${i + 1} ${label}`).isChecked()).toBe(false);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'psychology-question-unanswered');

    // Answer 2, replace it by mouse with 4, then by keyboard (the arrow key moves to 5).
    await choose(2);
    expect(await radio('2 Disagree').isChecked()).toBe(true);
    expect(await next.isEnabled()).toBe(true);
    await choose(4);
    expect(await radio('4 Agree').isChecked()).toBe(true);
    expect(await radio('2 Disagree').isChecked()).toBe(false);
    await radio('4 Agree').focus();
    await page.keyboard.press('ArrowRight');
    expect(await radio('5 Strongly Agree').isChecked()).toBe(true);
    expect(await radio('4 Agree').isChecked()).toBe(false);
    await screenshot(page, 'psychology-question-answered', false);

    // Keyboard only: Tab to Next (Previous is disabled) and press Enter; focus lands on the next question.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
    await page.keyboard.press('Enter');
    await counter().filter({ hasText: 'Question 2 of 30' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    expect(await next.isDisabled()).toBe(true);

    // Previous keeps the answer given.
    await choose(3);
    await page.getByRole('button', { name: 'Previous' }).click();
    await counter().filter({ hasText: 'Question 1 of 30' }).waitFor();
    expect(await radio('5 Strongly Agree').isChecked()).toBe(true);
    await next.click();
    await counter().filter({ hasText: 'Question 2 of 30' }).waitFor();
    expect(await radio('3 Neutral').isChecked()).toBe(true);
    await next.click();

    // Questions 3 to 30: a varied sheet.
    for (let n = 3; n <= 30; n++) {
      await counter()
        .filter({ hasText: `Question ${n} of 30` })
        .waitFor();
      await choose(((n * 7) % 5) + 1);
      if (n < 30) await next.click();
    }
    const complete = page.getByRole('button', { name: 'Complete' });
    await page
      .getByRole('progressbar', { name: 'Assessment progress' })
      .and(page.locator('[aria-valuenow="30"]'))
      .waitFor();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/trading-psychology/assessment')),
      complete.click(),
    ]);
    expect(response.status()).toBe(201);
    const result = (await response.json()) as Record<string, unknown>;

    await heading('Your Trading Psychology Profile', 2).waitFor();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
    expect(await toast.textContent()).toBe(
      'Assessment CompleteYour trading psychology profile has been generated successfully.',
    );
    expect(await page.getByTestId('archetype').textContent()).toBe(result.traderArchetype);
    expect(await page.getByText(String(result.archetypeDescription)).count()).toBe(1);
    expect(await page.getByText(String(result.archetypeFocus)).count()).toBe(1);
    const bars = await page.getByTestId('category-bar').allTextContents();
    expect(bars).toEqual([
      `Emotional Intelligence${result.emotionalIntelligence}%`,
      `Cognitive Control${result.cognitiveControl}%`,
      `Stress Resilience${result.stressResilience}%`,
      `Behavioral Discipline${result.behavioralDiscipline}%`,
      `Risk Management${result.riskManagement}%`,
      `Performance Optimization${result.performanceOptimization}%`,
    ]);
    const tones = await page
      .getByTestId('category-bar')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-tone')));
    const scores = [
      result.emotionalIntelligence,
      result.cognitiveControl,
      result.stressResilience,
      result.behavioralDiscipline,
      result.riskManagement,
      result.performanceOptimization,
    ].map(Number);
    expect(tones).toEqual(scores.map((s) => (s >= 80 ? 'green' : s >= 60 ? 'yellow' : 'red')));
    const note = page.getByRole('note', { name: 'About this assessment' });
    expect(await note.textContent()).toContain('It is not a psychological test or diagnosis');
    expect(await note.textContent()).toContain('predict trading success');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'psychology-results');

    // Retake: question 1, nothing answered, Next disabled.
    await page.getByRole('button', { name: 'Retake Assessment' }).click();
    await counter().filter({ hasText: 'Question 1 of 30' }).waitFor();
    for (const [i, label] of answerOptions.entries()) {
      expect(await radio(`${i + 1} ${label}`).isChecked()).toBe(false);
    }
    expect(await next.isDisabled()).toBe(true);

    // Narrow screens: the answers stack, nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    await choose(4);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'psychology-question-mobile-360');
    await noHorizontalScroll();
  });
});

describe('the learner dashboard', () => {
  test('empty states first; after a lesson and a quiz in the browser, and the assessment: stats, progress, psychology, activity, next steps', async () => {
    const learner = await compliantLearner('Dorothy');
    await openAs(learner, '/', undefined, { clock: true });
    await heading('Trading Dashboard').waitFor();
    expect(await page.getByRole('link', { name: 'Continue Learning' }).getAttribute('href')).toBe('/course');
    expect(
      await page
        .getByRole('link', { name: 'Trading Psychology Assessment', exact: true })
        .getAttribute('href'),
    ).toBe('/trading-psychology-assessment');
    await page.getByTestId('stat-card').first().waitFor();
    expect(await page.getByTestId('stat-card').allTextContents()).toEqual([
      expect.stringMatching(/^Course Progress0%/),
      expect.stringMatching(/^Quiz Average—No score yetTake a module quiz/),
      expect.stringMatching(/^EQ Score—No score yet/),
      expect.stringMatching(/^Stress Resilience—No score yet/),
    ]);
    await page.getByText('No Psychology Assessment completed yet').waitFor();
    await page.getByText('No recent activity').waitFor();
    const steps = () => page.getByTestId('recommendation');
    expect(await steps().allTextContents()).toEqual([
      'Continue What Futures Are4 lessons remaining→',
      'Take the Trading Psychology AssessmentReflect on your trading habits in 30 short statements→',
    ]);
    await page.getByTestId('trading-style').filter({ hasText: 'Learner First' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-empty');

    // Module 1's first three lessons through the API; its last lesson and its quiz in the browser. Back on
    // the dashboard, without a reload: the module completion and the quiz result, 'Just now'.
    for (const lesson of records(await learner.expect('GET', '/api/modules/1/lessons', 200)).slice(0, 3)) {
      await learner.expect('POST', '/api/progress', 201, {
        moduleId: 1,
        lessonId: lesson.id,
        completed: true,
      });
    }
    const score = await finishLessonAndQuizInBrowser(learner);
    const activity = () => page.getByTestId('activity-item');
    await activity().nth(1).waitFor();
    const expectedActivity = (when: string) => [
      expect.stringMatching(
        new RegExp(`^(ModuleCompleted What Futures Are|QuizScored ${score}% on the Module 1 Quiz)${when}$`),
      ),
      expect.stringMatching(
        new RegExp(`^(ModuleCompleted What Futures Are|QuizScored ${score}% on the Module 1 Quiz)${when}$`),
      ),
    ];
    expect(await activity().allTextContents()).toEqual(expectedActivity('Just now'));
    expect(await activity().allTextContents()).toContain(`QuizScored ${score}% on the Module 1 QuizJust now`);
    expect(await page.getByTestId('stat-card').nth(1).textContent()).toMatch(
      new RegExp(`^Quiz Average${score}%`),
    );
    // Two hours later (the page's clock), the same activity reads '2 hours ago'; a day and more, in days.
    await page.clock.fastForward('02:00:00');
    await page.reload();
    await activity().filter({ hasText: '2 hours ago' }).nth(1).waitFor();
    expect(await activity().allTextContents()).toEqual(expectedActivity('2 hours ago'));
    await page.clock.fastForward('24:00:00');
    await page.reload();
    await activity().filter({ hasText: '1 day ago' }).nth(1).waitFor();
    expect(await activity().allTextContents()).toEqual(expectedActivity('1 day ago'));
    await context.close();

    // Then the assessment, via the API.
    const sheet = Array.from({ length: 30 }, (_, i) => ({ questionId: i + 1, value: ((i * 3) % 5) + 1 }));
    const result = (await learner.expect('POST', '/api/trading-psychology/assessment', 201, {
      responses: sheet,
    })) as Record<string, unknown>;

    await openAs(learner, '/dashboard');
    await heading('Trading Dashboard').waitFor();
    await page.getByTestId('activity-item').first().waitFor();
    const eq = Number(result.emotionalIntelligence);
    const stress = Number(result.stressResilience);
    expect(await page.getByTestId('stat-card').allTextContents()).toEqual([
      expect.stringMatching(/^Course Progress8%/),
      expect.stringMatching(new RegExp(`^Quiz Average${score}%`)),
      expect.stringMatching(new RegExp(`^EQ Score${eq}%`)),
      expect.stringMatching(new RegExp(`^Stress Resilience${stress}%`)),
    ]);
    // Each score in its band's colour: the quiz by the quiz colours, the psychology scores by theirs.
    const band = (s: number) => (s >= 80 ? 'green' : s >= 60 ? 'yellow' : 'red');
    expect(
      await page.getByTestId('stat-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-tone'))),
    ).toEqual([
      null,
      score >= 90 ? 'green' : score >= 80 ? 'blue' : score >= 70 ? 'gold' : 'red',
      band(eq),
      band(stress),
    ]);

    const modules = page.getByTestId('module-progress');
    expect(await modules.count()).toBe(12);
    expect(await modules.first().textContent()).toBe('1. What Futures Are100%');
    expect(await modules.nth(1).textContent()).toBe('2. Contract Specifications0%');

    const overall = Number(result.overallScore);
    const ring = page.getByTestId('psychology-card').getByRole('img', {
      name: `Overall psychology score: ${overall} out of 100`,
    });
    expect(await ring.getAttribute('data-tone')).toBe(
      overall >= 70 ? 'green' : overall >= 50 ? 'amber' : 'red',
    );
    expect(await page.getByTestId('psychology-card').getByTestId('archetype').textContent()).toBe(
      result.traderArchetype,
    );
    expect(await page.getByTestId('completed-at').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await page.getByTestId('psychology-card').getByTestId('category-bar').count()).toBe(6);
    expect(await page.getByTestId('psychology-disclaimer').textContent()).toMatch(
      /self-reflection tool.*not a diagnosis.*not a prediction of trading success/,
    );

    expect(await activity().allTextContents()).toEqual(expectedActivity('Just now'));
    expect(await steps().allTextContents()).toEqual(['Continue Contract Specifications4 lessons remaining→']);
    expect(await page.getByTestId('trading-style').textContent()).toContain(String(result.traderArchetype));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-desktop');

    await page.setViewportSize({ width: 360, height: 780 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard-mobile-360');
    await noHorizontalScroll();
    // Tall enough that nothing scrolls, so the sticky header does not cover the cards in their pictures.
    await page.setViewportSize({ width: 360, height: 4400 });
    for (const card of ['psychology-card', 'activity-card']) {
      await page
        .getByTestId(card)
        .screenshot({ path: join(artifactsDir, `dashboard-mobile-360-${card}.png`) });
    }

    // A recommended step is a link to where it happens.
    await page.setViewportSize({ width: 1280, height: 900 });
    await steps().first().click();
    await page.waitForURL(`${app.url}/course`);
  });

  test("'All caught up!' once every module, quiz and the assessment are done", async () => {
    const learner = await compliantLearner('Katherine');
    for (let moduleId = 1; moduleId <= 12; moduleId++) await finishModule(learner, moduleId);
    await learner.expect('POST', '/api/trading-psychology/assessment', 201, {
      responses: Array.from({ length: 30 }, (_, i) => ({ questionId: i + 1, value: 4 })),
    });
    await openAs(learner, '/dashboard');
    await page.getByText('All caught up!').waitFor();
    expect(await page.getByTestId('stat-card').allTextContents()).toEqual([
      expect.stringMatching(/^Course Progress100%/),
      expect.stringMatching(/^Quiz Average100%/),
      expect.stringMatching(/^EQ Score\d+%/),
      expect.stringMatching(/^Stress Resilience\d+%/),
    ]);
    expect(
      await page
        .getByTestId('module-progress')
        .evaluateAll((els) => els.map((e) => e.textContent?.endsWith('100%'))),
    ).toEqual(Array.from({ length: 12 }, () => true));
    // Three items at most, newest first.
    expect(await page.getByTestId('activity-item').count()).toBe(3);
    await screenshot(page, 'dashboard-all-caught-up');
  });
});
