/**
 * One learner's journey on a phone (390 px) and on a desktop (1280 px), watched for console errors from
 * the first page to the last: the landing page with the cookie banner (it never covers 'Start Learning
 * Free'), a new learner's dashboard (no error before any psychology assessment), the navigation (one row,
 * a Menu on the phone), the course ('Start Lesson' near the top), a quiz answer's feedback (stacked,
 * explanation in view, pausable), the Compliance Center's tabs (one row) and the registration form's
 * messages. Axe finds no violation of any impact on any of these screens at either size.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  axeViolations,
  launchChromium,
  type RunningApp,
  registerLearner,
  sharedApp,
  watchForErrors,
} from './harness';

jest.setTimeout(240_000);

const SHOTS = '/tmp/shots';
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // The shared app runs with MIN_READ_SECONDS=0.
  [app, browser] = await Promise.all([sharedApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, selector: Parameters<Page['locator']>[0] | ReturnType<Page['locator']>) {
  const locator = typeof selector === 'string' ? page.locator(selector) : selector;
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`not on screen: ${String(selector)}`);
  return box;
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
}

describe.each([
  ['phone', 390, 844],
  ['desktop', 1280, 900],
])('on a %s (%i px)', (size, width, height) => {
  let context: BrowserContext;
  let page: Page;
  /** Console errors and uncaught exceptions, from the first page on. */
  let errors: string[];
  const shot = (name: string) =>
    page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: 'disabled' });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width, height } });
    page = await context.newPage();
    errors = watchForErrors(page);
  });

  afterEach(async () => {
    await context.close();
  });

  test("first visit: the cookie banner leaves 'Start Learning Free' uncovered; registration says on the field what is wrong", async () => {
    await page.goto(`${app.url}/`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    const cta = page.getByRole('button', { name: 'Start Learning Free' });
    await shot('landing-banner');
    expect(overlaps(await boxOf(page, cta), await boxOf(page, banner))).toBe(false);
    await expectAxeClean(page, 'landing with the banner');
    await banner.getByRole('button', { name: 'Reject All' }).click();

    await page.getByRole('button', { name: 'Create your free account' }).click();
    const form = page.getByRole('dialog', { name: 'Join Tickwise' });
    await form.waitFor();
    await form.getByLabel(/^Email/).fill('ada@example');
    await form.getByLabel(/^Password/).fill('short');
    await form.getByLabel(/^Confirm password/).fill('short');
    await form.getByRole('button', { name: 'Create Account' }).click();
    const email = form.getByLabel(/^Email/);
    await page.waitForFunction(
      (el) => el?.getAttribute('aria-invalid') === 'true',
      await email.elementHandle(),
    );
    const described = async (label: RegExp) =>
      form.getByLabel(label).evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    expect(await described(/^Email/)).toContain('Enter an e-mail address like name@example.com.');
    expect(await form.getByLabel(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(await described(/^Password/)).toContain('Use at least 8 characters for your password.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await expectAxeClean(page, 'registration with field errors');
    await shot('register-errors');
    expect(errors).toEqual([]);
  });

  test('a new learner: dashboard, navigation, course, a quiz answer, the Compliance Center — no console error', async () => {
    const learner = await registerLearner(app, `journey.${size}.${Date.now()}@example.com`, 'Jo');
    // Module 1's lessons done through the API, so its quiz is open.
    const lessons = (await (
      await fetch(`${app.url}/api/modules/1/lessons`, {
        headers: { Authorization: `Bearer ${learner.token}`, 'X-Min-Position': learner.position },
      })
    ).json()) as { id: number }[];
    for (const lesson of lessons) {
      const res = await fetch(`${app.url}/api/progress`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${learner.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ moduleId: 1, lessonId: lesson.id, completed: true }),
      });
      expect(res.status).toBe(201);
      learner.position = res.headers.get('X-Position') ?? learner.position;
    }
    await context.addInitScript(
      ({ token, position }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('cookie-consent', 'rejected');
        if (sessionStorage.getItem('tickwise-position') === null)
          sessionStorage.setItem('tickwise-position', position);
      },
      { token: learner.token, position: learner.position },
    );

    // The dashboard of a learner with no psychology assessment yet.
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Trading Dashboard' }).waitFor();
    await page.getByText('No Psychology Assessment completed yet').waitFor();
    const header = await boxOf(page, page.getByRole('banner'));
    expect(header.height).toBeLessThanOrEqual(80);
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (size === 'phone') {
      expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(false);
      await nav.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('button', { name: 'Logout' }).waitFor();
      await nav.getByTestId('welcome').filter({ hasText: 'Welcome, Jo', visible: true }).waitFor();
      await expectAxeClean(page, 'dashboard, menu open');
      await shot('nav-menu-open');
      await page.keyboard.press('Escape');
      await nav.getByRole('button', { name: 'Logout' }).waitFor({ state: 'hidden' });
    } else {
      await nav.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await nav.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    }
    await expectAxeClean(page, 'dashboard');
    await shot('dashboard');

    // The course: the selected module's 'Start Lesson' within the first screen or two.
    if (size === 'phone') await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Course' }).click();
    await page.getByRole('heading', { level: 1, name: 'Course' }).waitFor();
    const start = page
      .getByRole('button', { name: 'Start Lesson' })
      .or(page.getByRole('link', { name: 'Start Lesson' }));
    await start.first().waitFor();
    const startBox = await boxOf(page, start.first());
    expect(startBox.y).toBeLessThan(2 * height);
    await expectAxeClean(page, 'course');
    await shot('course');
    if (size === 'phone') {
      const toggle = page.getByTestId('module-list-toggle');
      await toggle.click();
      await page.getByTestId('module-card').nth(2).click();
      await page.getByTestId('module-detail').filter({ hasText: 'Module 3' }).waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await page.getByTestId('module-card').first().waitFor({ state: 'hidden' });
    }

    // A quiz answer: feedback stacked under the option, the explanation in view, the advance paused.
    await page.goto(`${app.url}/course?module=1&view=quiz`);
    const option = page.getByTestId('quiz-option').first();
    await option.click();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByTestId('quiz-explanation').waitFor();
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await page.waitForTimeout(3_500);
    expect(await page.getByTestId('quiz-position').textContent()).toMatch(/^Question 1 of/);
    const marked = page.locator('[data-testid="quiz-option"][data-feedback]');
    for (const label of await marked.all()) {
      const [text, tag] = await label
        .locator(':scope > span')
        .evaluateAll((spans) => spans.slice(1).map((s) => s.getBoundingClientRect().toJSON() as DOMRect));
      if (text === undefined || tag === undefined) throw new Error('an option without its text and verdict');
      const whole = await boxOf(page, label);
      // The option's text keeps most of the width; on a phone the verdict sits under it.
      expect(text.width).toBeGreaterThan(whole.width * (size === 'phone' ? 0.7 : 0.5));
      if (size === 'phone') expect(tag.top).toBeGreaterThanOrEqual(text.bottom - 1);
    }
    await page.getByTestId('quiz-explanation').scrollIntoViewIfNeeded();
    const explanation = await boxOf(page, page.getByTestId('quiz-explanation'));
    expect(explanation.y + explanation.height).toBeLessThanOrEqual(height);
    await expectAxeClean(page, 'quiz feedback, paused');
    await shot('quiz-feedback-paused');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByTestId('quiz-position')
      .filter({ hasText: /^Question 2 of/ })
      .waitFor();

    // The Compliance Center: its tabs stay on one row.
    await page.goto(`${app.url}/compliance`);
    await page.getByRole('heading', { level: 1, name: 'Compliance Center' }).waitFor();
    const tops = await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByTestId('center-document').first().waitFor();
    await expectAxeClean(page, 'compliance center');
    await shot('compliance-center');

    expect(errors).toEqual([]);
  });
});
