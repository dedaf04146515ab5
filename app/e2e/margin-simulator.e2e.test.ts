/**
 * The margin-call simulator in Debian's chromium at 1280 and 390 px: a long E-mini on the three-day slide
 * from $30,000 meets a margin call on day 3 (answered with a deposit, by keyboard) and another on day 5
 * (answered by closing); the debrief shows the outcome the server recorded. The hypothetical-results
 * statement is on the page, the page fits a phone's width, and axe finds nothing.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type ApiLearner,
  artifactsDir,
  axeViolations,
  launchChromium,
  type RunningApp,
  registerLearner,
  sharedApp,
  watchForErrors,
} from './harness';

jest.setTimeout(180_000);

let app: RunningApp;
let browser: Browser;
let learner: ApiLearner;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [app, browser] = await Promise.all([sharedApp(), launchChromium()]);
  learner = await registerLearner(app, `simulator.${Date.now()}@example.com`, 'Sim', { gate: false });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(problems).toEqual([]);
});

async function open(width: number): Promise<void> {
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
  await page.goto(`${app.url}/practice/margin`);
}

test.each([1280, 390])(
  'at %d px: two margin calls, a deposit and a close, then the debrief',
  async (width) => {
    await open(width);
    await page.getByRole('heading', { level: 1, name: 'Margin-call simulator' }).waitFor();
    expect(await page.getByTestId('hypothetical-statement').textContent()).toContain(
      'These results are based on simulated or hypothetical performance results',
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Path').selectOption('es-three-day-slide');
    await page.getByLabel('Starting balance ($)').fill('20000');
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page
      .getByText('The starting balance must cover the initial margin: at least $27,500.00 for 1 contract')
      .waitFor();
    await page.getByLabel('Starting balance ($)').fill('30000');
    await page.getByRole('button', { name: 'Start the run' }).click();

    await page.getByRole('button', { name: 'Start day 1' }).click();
    for (let day = 2; day <= 3; day++) await page.getByRole('button', { name: 'Next day' }).click();
    const call = page.getByTestId('margin-call');
    await call.getByText('Margin call on day 3').waitFor();
    expect(await page.getByRole('button', { name: 'Next day' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: join(artifactsDir, 'screens', `margin-call-${width}.png`),
      fullPage: true,
    });
    // By keyboard: focus the deposit and press Enter.
    await call.getByRole('button', { name: 'Deposit $3,100.00' }).focus();
    await page.keyboard.press('Enter');
    await call.waitFor({ state: 'detached' });

    for (let day = 4; day <= 5; day++) await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByTestId('margin-call').getByText('Margin call on day 5').waitFor();
    await page.getByRole('button', { name: 'Close the position' }).click();
    await page.getByRole('button', { name: 'See the debrief' }).click();

    const debrief = page.getByTestId('simulator-debrief');
    await debrief.waitFor();
    const text = (await debrief.textContent()) ?? '';
    expect(text).toContain('−$10,500.00');
    expect(text).toContain('Closed on day 5');
    expect(text).toContain('$3,100.00');
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(artifactsDir, 'screens', `margin-debrief-${width}.png`),
      fullPage: true,
    });
  },
);
