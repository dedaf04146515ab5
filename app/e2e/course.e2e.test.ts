/**
 * The course in a real browser against the real app (its jest worker's shared app): a compliant learner
 * (registered, documents acknowledged and risk assessed through the API) reads module 1 with Next, sees the
 * quiz entry appear, answers right and wrong (Playwright's clock runs the 3 s feedback), reaches the result,
 * retakes, goes back to the course and finds module 1 at 100% — still there after a reload. Axe on every
 * screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiCall,
  launchChromium,
  type RunningApp,
  screenshot,
  seriousViolations,
  sharedApp,
} from './harness';

jest.setTimeout(300_000);

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface Learner {
  readonly token: string;
  /** The highest event-log position the setup wrote (read your writes). */
  position: string;
}

/** A quiz question as GET /api/modules/:id/quiz serves it: no key. */
interface Question {
  readonly id: number;
  readonly question: string;
  readonly options: readonly string[];
}

/** What POST /api/quiz/attempt answers: the grading and the feedback. */
interface Feedback {
  readonly isCorrect: boolean;
  readonly correctAnswer: number;
  readonly explanation: string | null;
  readonly whyWrong: string | null;
}

/** A question with the key a scout learner learned by answering it through the API. */
interface KeyedQuestion extends Question {
  readonly correctAnswer: number;
  readonly explanation: string | null;
  /** Why the choice this test gets wrong is wrong (null when the test answers it right). */
  readonly whyWrong: string | null;
}

const call = (
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; position?: string } = {},
) => apiCall(app, method, path, options);

/** Registers a learner and passes the compliance gate: every active document viewed and acknowledged, risk assessed. */
async function compliantLearner(): Promise<Learner> {
  const registered = await call('POST', '/api/auth/register', {
    body: {
      email: `course.${Date.now()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Lin',
      lastName: 'Learner',
    },
  });
  expect(registered.status).toBe(201);
  const { token } = registered.body as { token: string };
  const learner: Learner = { token, position: registered.position ?? '0' };
  const post = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token, body });
    expect([200, 201]).toContain(res.status);
    if (res.position) learner.position = res.position;
  };
  const documents = await call('GET', '/api/compliance/documents', { token, position: learner.position });
  expect(documents.status).toBe(200);
  const active = documents.body as { documentType: string; version: string }[];
  expect(active).toHaveLength(4);
  for (const { documentType, version } of active)
    await post('/api/compliance/document-views', { documentType, version });
  for (const { documentType, version } of active)
    await post('/api/compliance/acknowledgment', { documentType, version });
  await post('/api/risk/assessment', {
    experienceLevel: 'beginner',
    financialSituation: 'stable',
    riskCapacity: 5,
    investmentObjective: 'education',
    annualIncome: null,
    netWorth: null,
  });
  const me = await call('GET', '/api/auth/me', { token, position: learner.position });
  expect((me.body as { isCompliant: boolean }).isCompliant).toBe(true);
  return learner;
}

beforeAll(async () => {
  // The shared app runs with MIN_READ_SECONDS=0: documents can be acknowledged as soon as they are viewed
  // (the reading time is the dialog's business).
  [app, browser] = await Promise.all([sharedApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** Signs the browser in as `learner` (token and position stored before the app starts), cookie choice made. */
async function signIn(learner: Learner): Promise<void> {
  await context.addInitScript(
    ({ token, position }) => {
      localStorage.setItem('token', token);
      if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
      if (sessionStorage.getItem('tickwise-position') === null)
        sessionStorage.setItem('tickwise-position', position);
    },
    { token: learner.token, position: learner.position },
  );
}

/** Full-page shots of a scrolled page show the sticky header mid-page: shots start from the top. */
const toTop = () => page.evaluate(() => window.scrollTo(0, 0));
const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const lessonTitle = () => page.locator('#lesson-title');

async function expectAxeClean(what: string): Promise<void> {
  expect({ what, violations: await seriousViolations(page) }).toEqual({ what, violations: [] });
}

/**
 * Axe with the page's clock paused: axe waits on the page's timers, so the clock is moved on 1 ms at a
 * time until it is done. Returns the milliseconds of page time that took.
 */
async function axeCleanWhilePaused(what: string): Promise<number> {
  let finished = false;
  const run = seriousViolations(page).finally(() => {
    finished = true;
  });
  let elapsed = 0;
  while (!finished && elapsed < 500) {
    await page.clock.runFor(1);
    elapsed += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect({ what, violations: await run }).toEqual({ what, violations: [] });
  return elapsed;
}

/** The page's own clock, paused half a second ahead of now so timers only run when the test says so. */
async function pauseClock(): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}

const GREEN = 'rgb(74, 222, 128)'; // green.400, the correct option
const RED = 'rgb(248, 113, 113)'; // red.400, a wrong choice

/** Waits until option `index` has the border colour `rgb` (its colour change is a 150 ms transition). */
async function expectBorder(index: number, rgb: string): Promise<void> {
  // Polled from here: the page's own timers are paused by the clock.
  const option = page.getByTestId('quiz-option').nth(index);
  let colour = '';
  for (let tries = 0; tries < 50 && colour !== rgb; tries++) {
    colour = await option.evaluate((el) => getComputedStyle(el).borderTopColor);
    if (colour !== rgb) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(colour).toBe(rgb);
}

/** Submitted answers the browser posted (POST /api/quiz/attempt bodies), in order. */
let attemptsPosted: unknown[] = [];

/** Answers the current question with option `choice` (0-based), checks the feedback and lets the 3 s pass. */
async function answer(
  question: KeyedQuestion,
  choice: number,
  position: number,
  total: number,
  shots?: string,
) {
  await page
    .getByTestId('quiz-position')
    .filter({ hasText: `Question ${position} of ${total}` })
    .waitFor();
  expect(await page.getByTestId('quiz-question').textContent()).toBe(question.question);
  const submit = page.getByRole('button', { name: 'Submit Answer' });
  expect(await submit.isDisabled()).toBe(true);
  await page.getByTestId('quiz-option').nth(choice).click();
  expect(await submit.isEnabled()).toBe(true);
  await pauseClock();
  const isLast = position === total;
  const posted = attemptsPosted.length;
  await submit.click();
  const right = question.correctAnswer - 1;
  const feedback = page.getByTestId('quiz-feedback');
  await feedback.waitFor();
  // The feedback came from the server, for this very answer, posted on Submit.
  expect(attemptsPosted.slice(posted)).toEqual([{ questionId: question.id, selectedAnswer: choice }]);
  expect(await page.getByTestId('quiz-option').nth(right).getAttribute('data-feedback')).toBe('correct');
  await expectBorder(right, GREEN);
  if (choice === right) {
    expect(await feedback.textContent()).toContain('Correct!');
  } else {
    expect(await page.getByTestId('quiz-option').nth(choice).getAttribute('data-feedback')).toBe('wrong');
    await expectBorder(choice, RED);
    expect(await feedback.textContent()).toContain('Incorrect.');
    expect(question.whyWrong).toEqual(expect.any(String));
    expect(await page.getByTestId('quiz-why-wrong').textContent()).toBe(
      `Why ${String.fromCharCode(65 + choice)} is not right${question.whyWrong}`,
    );
  }
  if (question.explanation) {
    expect(await page.getByTestId('quiz-explanation').textContent()).toBe(
      `Explanation${question.explanation}`,
    );
  }
  // Locked during feedback: options and Previous.
  for (const radio of await page.getByRole('radio').all()) expect(await radio.isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  if (isLast) expect(await page.getByRole('button', { name: 'Completing...' }).isDisabled()).toBe(true);
  let elapsed = 0;
  if (shots) {
    await toTop();
    await screenshot(page, shots);
    elapsed = await axeCleanWhilePaused(`quiz feedback (${shots})`);
  }
  // Still there just before 3 s …
  await page.clock.runFor(2900 - elapsed);
  expect(await page.getByTestId('quiz-feedback').count()).toBe(1);
  expect(await page.getByTestId('quiz-position').textContent()).toBe(`Question ${position} of ${total}`);
  // … and gone at 3 s.
  await page.clock.runFor(100);
  await page.clock.resume();
  if (!isLast) {
    await page
      .getByTestId('quiz-position')
      .filter({ hasText: `Question ${position + 1} of ${total}` })
      .waitFor();
  }
}

/**
 * The key of each question, learned the only way a client can: a scout learner answers it through
 * the API. `wrongAt` is the question this test answers wrongly: the scout asks for that choice's whyWrong.
 */
async function keyed(questions: readonly Question[], wrongAt: number): Promise<KeyedQuestion[]> {
  const scout = await compliantLearner();
  const post = async (questionId: number, selectedAnswer: number) => {
    const res = await call('POST', '/api/quiz/attempt', {
      token: scout.token,
      body: { questionId, selectedAnswer },
    });
    expect(res.status).toBe(201);
    return res.body as Feedback;
  };
  const result: KeyedQuestion[] = [];
  for (const [i, q] of questions.entries()) {
    const { correctAnswer, explanation } = await post(q.id, 0);
    const wrong = i === wrongAt ? (await post(q.id, correctAnswer % q.options.length)).whyWrong : null;
    result.push({ ...q, correctAnswer, explanation, whyWrong: wrong });
  }
  return result;
}

test('a learner reads module 1, takes its quiz, retakes it, and finds the module at 100% after a reload', async () => {
  const learner = await compliantLearner();
  const quiz = await call('GET', '/api/modules/1/quiz', { token: learner.token, position: learner.position });
  // The questions come without their key, explanation or feedback.
  for (const q of quiz.body as Record<string, unknown>[])
    expect(Object.keys(q).sort()).toEqual(['id', 'options', 'question']);
  const questions = await keyed(quiz.body as Question[], 1);
  expect(questions.length).toBeGreaterThanOrEqual(2);
  const total = questions.length;
  attemptsPosted = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/quiz/attempt')
      attemptsPosted.push(request.postDataJSON());
  });
  await page.clock.install();
  await signIn(learner);

  // ---- the course screen ----
  await page.goto(`${app.url}/course`);
  await h1('Course').waitFor();
  expect(await page.getByTestId('course-promise').textContent()).toContain('12 modules');
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await nav.waitFor();
  expect(await nav.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    'Beginner',
    'Intermediate',
    'Advanced',
  ]);
  expect(await page.getByTestId('module-card').count()).toBe(12);
  const module1 = page.locator('[data-testid="module-card"][data-module-id="1"]');
  expect(await module1.getAttribute('aria-pressed')).toBe('true');
  expect(await module1.getByTestId('module-progress').textContent()).toBe('0% complete');
  await page.getByTestId('start-lesson-card').waitFor();
  expect(await page.getByTestId('lesson-card').count()).toBe(4);
  expect(await page.locator('[data-testid="lesson-card"][data-status="available"]').count()).toBe(4);
  await expectAxeClean('course');
  await screenshot(page, 'course-overview');

  // ---- the module viewer: read the lessons with Next ----
  await page.getByRole('button', { name: 'Start Lesson' }).click();
  await h1('What Futures Are').waitFor();
  await lessonTitle().filter({ hasText: 'Futures in Plain Words' }).waitFor();
  expect(await page.getByTestId('lesson-section').count()).toBeGreaterThanOrEqual(4);
  expect(await page.getByTestId('lesson-section').first().getAttribute('data-section-type')).toBe('overview');
  expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  await expectAxeClean('module viewer');
  await screenshot(page, 'course-viewer');
  await screenshot(page, 'course-viewer-top', false);

  const titles: string[] = [];
  for (let i = 0; i < 3; i++) {
    titles.push((await lessonTitle().textContent()) ?? '');
    expect(await page.getByTestId('quiz-entry').count()).toBe(0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(`Lesson ${i + 2} of 4`).waitFor();
    await page.locator('[data-testid="sidebar-lesson"][data-completed="true"]').nth(i).waitFor();
    expect(await page.getByTestId('viewer-progress').textContent()).toBe(`${(i + 1) * 20}% complete`);
  }
  expect(new Set(titles).size).toBe(3);
  // The last lesson: no Next, and the quiz entry is not there yet (lesson 4 is not done).
  expect(await page.getByRole('button', { name: 'Next', exact: true }).count()).toBe(0);
  expect(await page.getByTestId('quiz-entry').count()).toBe(0);
  await page.getByRole('button', { name: 'Take Module Quiz' }).click();
  await h1('Module 1 Quiz').waitFor();

  // Back in the module: every lesson is done, so the quiz entry has appeared.
  await page.getByRole('link', { name: /Back to Module/ }).click();
  const entry = page.getByTestId('quiz-entry');
  await entry.waitFor();
  expect(await entry.textContent()).toBe(`Module Quiz${total} questions`);
  expect(await page.locator('[data-testid="sidebar-lesson"][data-completed="true"]').count()).toBe(4);
  expect(await page.getByTestId('viewer-progress').textContent()).toBe('80% complete');
  await toTop();
  await screenshot(page, 'course-viewer-quiz-entry', false);

  // ---- the quiz: one right, one wrong, the rest right ----
  await entry.click();
  await h1('Module 1 Quiz').waitFor();
  await page.getByTestId('quiz-question').waitFor();
  expect(
    await page.getByTestId('quiz-option').evaluateAll((els) => els.map((el) => el.textContent?.[0])),
  ).toEqual((questions[0]?.options ?? []).map((_, i) => String.fromCharCode(65 + i)));
  expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  await expectAxeClean('quiz');
  await screenshot(page, 'course-quiz');

  for (const [i, question] of questions.entries()) {
    const right = question.correctAnswer - 1;
    const choice = i === 1 ? (right + 1) % question.options.length : right;
    const shot =
      i === 0 ? 'course-quiz-feedback-correct' : i === 1 ? 'course-quiz-feedback-wrong' : undefined;
    await answer(question, choice, i + 1, total, shot);
  }

  const result = page.getByTestId('quiz-result');
  await result.waitFor();
  const expectedScore = Math.round(((total - 1) / total) * 100);
  expect(await result.getByRole('heading', { name: 'Quiz Complete!' }).count()).toBe(1);
  expect(await page.getByTestId('quiz-correct').textContent()).toBe(String(total - 1));
  expect(await page.getByTestId('quiz-incorrect').textContent()).toBe('1');
  expect(await page.getByTestId('quiz-score').textContent()).toBe(`${expectedScore}%`);
  const colour =
    expectedScore >= 90 ? 'green' : expectedScore >= 80 ? 'blue' : expectedScore >= 70 ? 'gold' : 'red';
  expect(await page.getByTestId('quiz-score').getAttribute('data-colour')).toBe(colour);
  expect(await page.getByTestId('quiz-recorded-note').count()).toBe(0);
  await expectAxeClean('quiz result');
  await toTop();
  await screenshot(page, 'course-quiz-result');

  // ---- retake: everything starts over; all right this time ----
  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await page
    .getByTestId('quiz-position')
    .filter({ hasText: `Question 1 of ${total}` })
    .waitFor();
  expect(await page.getByRole('button', { name: 'Submit Answer' }).isDisabled()).toBe(true);
  for (const [i, question] of questions.entries())
    await answer(question, question.correctAnswer - 1, i + 1, total);
  await result.waitFor();
  expect(await page.getByTestId('quiz-score').textContent()).toBe('100%');
  expect(await page.getByTestId('quiz-score').getAttribute('data-colour')).toBe('green');
  expect(await page.getByTestId('quiz-correct').textContent()).toBe(String(total));
  expect(await page.getByTestId('quiz-incorrect').textContent()).toBe('0');
  await toTop();
  await screenshot(page, 'course-quiz-result-retake');

  // ---- back to the course: module 1 at 100% ----
  await page.getByRole('link', { name: 'Back to Course' }).click();
  await h1('Course').waitFor();
  await module1.getByTestId('module-progress').filter({ hasText: '100% complete' }).waitFor();
  expect(await page.getByTestId('selected-module-progress').textContent()).toBe('100%');
  expect(await page.locator('[data-testid="lesson-card"][data-status="completed"]').count()).toBe(4);
  await toTop();
  await screenshot(page, 'course-module-complete');

  // ---- a reload keeps all of it ----
  await page.reload();
  await h1('Course').waitFor();
  await module1.getByTestId('module-progress').filter({ hasText: '100% complete' }).waitFor();
  await page.locator('[data-testid="lesson-card"][data-status="completed"]').nth(3).waitFor();
  expect(await page.getByTestId('module-detail').textContent()).toContain('latest score 100%');
  await page.locator('[data-testid="lesson-card"]').first().click();
  await h1('What Futures Are').waitFor();
  await page.getByTestId('quiz-entry').filter({ hasText: 'Completed' }).waitFor();
  expect(await page.getByTestId('viewer-progress').textContent()).toBe('100% complete');
  await page.reload();
  await page.getByTestId('quiz-entry').filter({ hasText: 'Completed' }).waitFor();

  // The server holds the same: two results for module 1, newest first; five progress records.
  const results = await call('GET', '/api/quiz-results', { token: learner.token });
  expect((results.body as { moduleId: number; score: number }[]).map((r) => [r.moduleId, r.score])).toEqual([
    [1, 100],
    [1, expectedScore],
  ]);
  const progress = await call('GET', '/api/progress', { token: learner.token });
  expect((progress.body as unknown[]).length).toBe(5);
});

test('narrow screens: the course, the viewer and the quiz fit 360 px without sideways scrolling', async () => {
  const learner = await compliantLearner();
  await signIn(learner);
  await page.setViewportSize({ width: 360, height: 780 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  await page.goto(`${app.url}/course`);
  await page.getByTestId('start-lesson-card').waitFor();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'course-overview-mobile-360');
  // One column: the list is folded behind its button, so the module's details come first.
  expect(await page.locator('[data-testid="module-card"][data-module-id="6"]').isVisible()).toBe(false);
  await page.getByTestId('module-list-toggle').click();
  // Choosing a module folds the list again and brings its details into view.
  await page.locator('[data-testid="module-card"][data-module-id="6"]').click();
  const title = page.locator('#module-title').filter({ hasText: 'Term Structure' });
  await title.waitFor();
  await page.waitForFunction(() => {
    const box = document.getElementById('module-title')?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  });
  await screenshot(page, 'course-overview-mobile-360-selected', false);

  await page.goto(`${app.url}/course?module=1&lesson=3`);
  await lessonTitle().waitFor();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'course-viewer-mobile-360', false);

  // The quiz with lessons still to finish: the notice instead of the questions.
  await page.goto(`${app.url}/course?module=1&view=quiz`);
  await page.getByTestId('lessons-to-finish').waitFor();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'course-quiz-lessons-to-finish-mobile-360');

  // Every lesson done (through the API): the questions.
  const lessons = await call('GET', '/api/modules/1/lessons', { token: learner.token });
  for (const { id } of lessons.body as { id: number }[]) {
    const done = await call('POST', '/api/progress', {
      token: learner.token,
      body: { moduleId: 1, lessonId: id, completed: true },
    });
    expect(done.status).toBe(201);
    if (done.position) learner.position = done.position;
  }
  await page.evaluate((position) => sessionStorage.setItem('tickwise-position', position), learner.position);
  await page.reload();
  await page.getByTestId('quiz-question').waitFor();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'course-quiz-mobile-360');
});

test('a learner who jumps to the last lesson is told which lessons to finish, and no quiz is started', async () => {
  const learner = await compliantLearner();
  const lessons = (
    await call('GET', '/api/modules/1/lessons', { token: learner.token, position: learner.position })
  ).body as { id: number; title: string }[];
  expect(lessons).toHaveLength(4);
  const last = lessons[3] as { id: number; title: string };
  await signIn(learner);

  // From the lesson grid straight to the last lesson.
  await page.goto(`${app.url}/course`);
  await page.locator('[data-testid="lesson-card"]').nth(3).click();
  await lessonTitle().filter({ hasText: last.title }).waitFor();
  await page.getByRole('button', { name: 'Take Module Quiz' }).click();
  const notice = page.getByTestId('lessons-to-finish');
  await notice.waitFor();
  expect(await notice.getByRole('link').allTextContents()).toEqual(
    lessons.slice(0, 3).map((l, i) => `Lesson ${i + 1}: ${l.title}`),
  );
  // The last lesson is completed; no quiz opened, nothing answered.
  await page.locator('[data-testid="sidebar-lesson"][data-completed="true"]').first().waitFor();
  expect(await page.locator('[data-testid="sidebar-lesson"][data-completed="true"]').count()).toBe(1);
  expect(await page.getByTestId('viewer-progress').textContent()).toBe('20% complete');
  expect(await h1('Module 1 Quiz').count()).toBe(0);
  expect(await page.getByTestId('quiz-entry').count()).toBe(0);
  await expectAxeClean('module viewer, lessons to finish');
  await screenshot(page, 'course-viewer-lessons-to-finish', false);
  const seen = (await page.evaluate(() => sessionStorage.getItem('tickwise-position'))) ?? learner.position;
  const progress = await call('GET', '/api/progress', { token: learner.token, position: seen });
  expect((progress.body as { lessonId: number | null }[]).map((r) => r.lessonId)).toEqual([last.id]);

  // The quiz route, opened directly, says the same and leads back to the module.
  await page.goto(`${app.url}/course?module=1&view=quiz`);
  await h1('Module 1 Quiz').waitFor();
  await page.getByTestId('lessons-to-finish').waitFor();
  expect(await page.getByTestId('quiz-question').count()).toBe(0);
  expect(await page.getByTestId('lessons-to-finish').getByRole('link').count()).toBe(4);
  await expectAxeClean('quiz, lessons to finish');
  await screenshot(page, 'course-quiz-lessons-to-finish');
  await page.getByTestId('lessons-to-finish').getByRole('link', { name: 'Back to Module' }).click();
  await h1('What Futures Are').waitFor();

  // A named lesson link opens that lesson.
  await page.goto(`${app.url}/course?module=1&view=quiz`);
  await page.getByTestId('lessons-to-finish').getByRole('link').first().click();
  await lessonTitle()
    .filter({ hasText: (lessons[0] as { title: string }).title })
    .waitFor();
  const answered = await call('GET', '/api/quiz-results', { token: learner.token, position: seen });
  expect(answered.body).toEqual([]);
});
