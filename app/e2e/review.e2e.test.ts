/**
 * Review in Debian's chromium: a learner misses two quiz questions, then the server's clock moves on 15 minutes
 * (libfaketime: the app restarted on the same data with its clock shifted), and the questions are due. At 1280 px
 * and at 390 px she answers one right each time; it leaves the queue, and the page ends on "Nothing to review".
 * axe finds no violations on the page.
 */
import { loadCourse } from '@tickwise/command-service/catalog';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type ApiLearner,
  apiCall,
  axeViolations,
  launchChromium,
  type RunningApp,
  registerLearner,
  screenshot,
  startApp,
  watchForErrors,
} from './harness';

jest.setTimeout(240_000);

const MODULE_1 = loadCourse().modules[0];
const QUESTIONS = MODULE_1?.quiz.slice(0, 2) ?? [];
const ENV = { MIN_READ_SECONDS: '0' };

let app: RunningApp;
let browser: Browser;
let learner: ApiLearner;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(ENV), launchChromium()]);
  learner = await registerLearner(app, `review.${Date.now()}@example.com`, 'Rev');
  for (const question of QUESTIONS) {
    const wrong = question.correctAnswer === 1 ? 1 : 0;
    const res = await apiCall(app, 'POST', '/api/quiz/attempt', {
      token: learner.token,
      position: learner.position,
      body: { questionId: question.id, selectedAnswer: wrong },
    });
    if (res.status !== 201) throw new Error(`quiz attempt: ${res.status}`);
    if (res.position) learner.position = res.position;
  }
  // A missed question is due 10 minutes after the miss: the same data, the server's clock 15 minutes on.
  const { dataDir } = app;
  await app.stop({ keepDataDir: true });
  app = await startApp(ENV, { dataDir, timeShift: '+15m' });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async () => {
  await context?.close();
  expect(problems).toEqual([]);
});

async function openReview(width: number): Promise<void> {
  context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(
    ([token, position]) => {
      localStorage.setItem('token', token ?? '');
      localStorage.setItem('cookie-consent', 'rejected');
      if (position) sessionStorage.setItem('tickwise-position', position);
    },
    [learner.token, learner.position],
  );
  page = await context.newPage();
  problems = watchForErrors(page);
  await page.goto(`${app.url}/review`);
  await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
}

/** Answers the question on screen right, checks the feedback, and moves on. */
async function answerRight(): Promise<void> {
  const shown = (await page.getByTestId('review-item').textContent()) ?? '';
  const question = QUESTIONS.find((q) => shown.includes(q.question));
  if (!question) throw new Error(`not one of the missed questions: ${shown.slice(0, 120)}`);
  const right = question.options[question.correctAnswer - 1] ?? '';
  await page.getByTestId('review-option').filter({ hasText: right }).first().click();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByText('Correct!').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('at 1280 px: both missed questions are due; one answered right leaves the queue', async () => {
  await openReview(1280);
  await page.getByTestId('review-due').getByText('2 due now').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'screens/review-1280');
  await answerRight();
  await page.getByTestId('review-due').getByText('1 due now').waitFor();
});

test('at 390 px: the last one, answered right, empties the queue', async () => {
  await openReview(390);
  await page.getByTestId('review-due').getByText('1 due now').waitFor();
  await answerRight();
  await page.getByTestId('review-empty').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'screens/review-390');
});
