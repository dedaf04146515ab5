/**
 * 'Check your understanding' in a real browser against the real app: a compliant learner opens module 1's
 * first lesson, answers its first check wrongly (the key is read from content/, so no scout's answer joins
 * the item analysis), sees the verdict, the explanation and why the choice is wrong, reloads and finds the
 * answer kept; answers the second check rightly on a 390 px phone. Then an analyst finds both checks in the
 * /analytics item analysis, tagged 'Lesson check' with their lesson's title. Axe finds no violation of any
 * impact on the lesson with its checks, or on the analytics screen; screenshots at 1280 and 390 px.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { QuizItemAnalytics } from '@tickwise/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import {
  type ApiLearner,
  apiCall,
  axeViolations,
  launchChromium,
  type RunningApp,
  registerLearner,
  repoRoot,
  screenshot,
  sharedApp,
} from './harness';

jest.setTimeout(240_000);

const run = promisify(execFile);
const stamp = Date.now().toString(36);

interface AuthoredCheck {
  readonly id: number;
  readonly question: string;
  readonly options: readonly string[];
  readonly correctAnswer: number;
  readonly explanation: string;
  readonly whyWrong: Readonly<Record<string, string>>;
}

/** Module 1's first lesson as authored: its title and its checks with their keys (front matter). */
const authored = (() => {
  const file = readFileSync(
    join(repoRoot, 'content/course/01-what-futures-are/lessons/01-futures-in-plain-words.md'),
    'utf8',
  );
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(file)?.[1] ?? '';
  return parseYaml(frontMatter) as { id: number; title: string; checks: AuthoredCheck[] };
})();
const [FIRST, SECOND] = authored.checks;
const letter = (index: number) => String.fromCharCode(65 + index);

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // The shared app runs with MIN_READ_SECONDS=0: documents can be acknowledged as soon as they are viewed
  // (the reading time is the dialog's business). No other suite answers a lesson check.
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

/** Signs the browser in (token and position stored before the app starts), cookie choice made. */
async function signIn(person: ApiLearner): Promise<void> {
  await context.addInitScript(
    ({ token, position }) => {
      localStorage.setItem('token', token);
      if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
      if (sessionStorage.getItem('tickwise-position') === null)
        sessionStorage.setItem('tickwise-position', position);
    },
    { token: person.token, position: person.position },
  );
}

/** `npm run admin -- grant-role` against the test server's DATA_DIR, as an operator would. */
async function grantAnalyst(person: ApiLearner): Promise<void> {
  const { stdout } = await run(
    'node',
    ['--import', 'tsx', 'command-service/src/admin/cli.ts', 'grant-role', person.email, 'analyst'],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: app.dataDir } },
  );
  expect(stdout).toContain('Role analyst granted');
}

const checkOf = (id: number, answered = ''): Locator =>
  page.locator(`[data-testid="lesson-check"][data-check-id="${id}"]${answered}`);
const answeredCheck = (id: number): Locator => checkOf(id, '[data-answered="true"]');

/**
 * A picture of one part of the page under /tmp, taken from the whole page scrolled to the top (an element's
 * own screenshot scrolls it into view under the sticky navigation bar).
 */
async function shoot(part: Locator, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const clip = await part.boundingBox();
  if (clip === null) throw new Error(`${name}: nothing to take a picture of`);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true, clip, animations: 'disabled' });
}

async function expectNoViolations(what: string): Promise<void> {
  expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
}

/** Chooses option `index` of a check, presses Check and waits for the server's verdict. */
async function answer(check: AuthoredCheck, index: number): Promise<Locator> {
  const item = checkOf(check.id);
  const button = item.getByRole('button', { name: 'Check' });
  expect(await button.isDisabled()).toBe(true);
  // The label holds the native radio (visually hidden): choosing is clicking the option.
  await item.getByTestId('check-option').nth(index).click();
  expect(await item.getByRole('radio').nth(index).isChecked()).toBe(true);
  expect(await button.isEnabled()).toBe(true);
  await button.click();
  await answeredCheck(check.id).waitFor();
  return item;
}

test('a learner answers the checks after a lesson, keeps the answers across a reload, and an analyst sees them', async () => {
  if (!FIRST || !SECOND) throw new Error('module 1 lesson 1 has fewer than two checks');
  const learner = await registerLearner(app, `checks.${stamp}@example.com`, 'Cleo');
  await signIn(learner);
  await page.goto(`${app.url}/course?module=1&lesson=${authored.id}`);
  await page.locator('#lesson-title').filter({ hasText: authored.title }).waitFor();

  const section = page.getByRole('region', { name: 'Check your understanding' });
  await section.waitFor();
  expect(await section.getByRole('group').count()).toBe(authored.checks.length);
  const first = checkOf(FIRST.id);
  await first.getByRole('group', { name: FIRST.question }).waitFor();

  // Wrong: the next option after the key.
  const wrong = FIRST.correctAnswer % FIRST.options.length;
  await answer(FIRST, wrong);
  const status = first.getByRole('status');
  await status.getByText(`Incorrect. The correct answer is ${letter(FIRST.correctAnswer - 1)}.`).waitFor();
  expect(await status.getByTestId('check-explanation').textContent()).toBe(`Explanation${FIRST.explanation}`);
  expect(await status.getByTestId('check-why-wrong').textContent()).toBe(
    `Why ${letter(wrong)} is not right${FIRST.whyWrong[String(wrong + 1)]}`,
  );
  expect(await first.getByRole('button', { name: 'Check' }).count()).toBe(0);
  await expectNoViolations('the lesson with one check answered and one open');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'lesson-checks-1280');
  await shoot(section, 'lesson-checks-1280-section');

  // A reload: the answer and its feedback come back with the lesson.
  await page.reload();
  await page.locator('#lesson-title').filter({ hasText: authored.title }).waitFor();
  await answeredCheck(FIRST.id).waitFor();
  expect(await first.getByRole('radio').nth(wrong).isChecked()).toBe(true);
  expect(await first.getByRole('status').textContent()).toContain(
    `Incorrect. The correct answer is ${letter(FIRST.correctAnswer - 1)}.`,
  );

  // On a phone: the second check answered rightly.
  await page.setViewportSize({ width: 390, height: 844 });
  await answer(SECOND, SECOND.correctAnswer - 1);
  await checkOf(SECOND.id).getByRole('status').getByText('Correct!').waitFor();
  expect(await checkOf(SECOND.id).getByTestId('check-why-wrong').count()).toBe(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoViolations('the lesson on a phone with both checks answered');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'lesson-checks-390');
  await shoot(section, 'lesson-checks-390-section');

  // The analyst's item analysis: both checks, with their lesson; the wrong first answer 0%, the right 100%.
  const analyst = await registerLearner(app, `checks-analyst.${stamp}@example.com`, 'Ana', { gate: false });
  await grantAnalyst(analyst);
  for (let i = 0; ; i++) {
    const items = await apiCall<QuizItemAnalytics[] | { error: string }>(
      app,
      'GET',
      '/api/analytics/quiz-items',
      { token: analyst.token },
    );
    // Until the role and the answers are in force: a 403, or the checks not yet counted.
    const listed = Array.isArray(items.body) ? items.body : [];
    const answered = listed.filter((item) => item.kind === 'check' && item.firstAttempts > 0);
    if (answered.length === 2) break;
    if (i === 100) throw new Error(`the analyst never saw both checks: ${items.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await context.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signIn(analyst);
  await page.goto(`${app.url}/analytics`);
  const items = page.getByRole('region', { name: 'Quiz item analysis' });
  await items.getByTestId('items-table').waitFor();
  await items.getByLabel('Kind').selectOption('check');
  const rows = items.getByTestId('items-table').locator('tbody tr');
  await rows.first().filter({ hasText: 'Lesson check' }).waitFor();
  expect(await rows.count()).toBe(2);
  const texts = await rows.allTextContents();
  // First attempts, facility, discrimination (none without a quiz score), reading.
  expect(texts[0]).toBe(`Lesson checkModule 1 · ${authored.title}${FIRST.question}10%—Review: very hard`);
  expect(texts[1]).toBe(`Lesson checkModule 1 · ${authored.title}${SECOND.question}1100%—Very easy`);
  await expectNoViolations('the analytics screen with lesson checks');
  await shoot(items, 'lesson-checks-analytics-1280');
});
