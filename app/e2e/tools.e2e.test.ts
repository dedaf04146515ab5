/**
 * The contract calculator in Debian's chromium, on a desktop (1280 px) and a phone (390 px): the page works
 * from its own fields and selects with the keyboard alone, says what to enter for a wrong figure, explains a
 * zero-contract answer, fits the phone's width, and axe finds nothing. The calculator inside lesson 9.2 gives
 * the lesson's own worked example.
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
  screenshot,
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
  learner = await registerLearner(app, `calculator.${Date.now()}@example.com`, 'Cal');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(problems).toEqual([]);
});

async function open(path: string, width: number): Promise<void> {
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
  await page.goto(`${app.url}${path}`);
}

const results = () => page.getByTestId('calculator-results');

test.each([1280, 390])(
  'at %d px: notional, a wrong entry, position size to zero contracts, by keyboard',
  async (width) => {
    await open('/tools/calculator', width);
    await page.getByRole('heading', { level: 1, name: 'Contract calculator' }).waitFor();
    await results().getByText('× $50.00 × 1 contract =').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard only: the contract select, then what to work out.
    await page.getByLabel('Contract', { exact: true }).focus();
    await page.keyboard.press('ArrowDown'); // ES → MES
    await waitForText(page.getByTestId('spec-summary'), 'MES · Micro E-mini S&P 500');
    await page.keyboard.press('Tab');
    await page.getByLabel('Work out').selectOption('size');
    await page.getByLabel('Stop distance in ticks').fill('48');
    await results().getByText('rounded down: 8 contracts').waitFor();

    await page.getByLabel('Contract', { exact: true }).selectOption('ES');
    await page.getByLabel('Work out').selectOption('size');
    await page.getByLabel('Stop distance in ticks').fill('48');
    await page.getByTestId('zero-contracts').waitFor();
    expect(await page.getByTestId('zero-contracts').textContent()).toContain(
      'One contract would lose $600.00',
    );

    await page.getByLabel('Risk per trade (%)').fill('150');
    await page.getByText('Enter a percentage above 0 and at most 100, for example 1.').waitFor();
    await results().getByText('Correct the highlighted field to see the result.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `screens/calculator-${width}`);
  },
);

test('inside lesson 9.2 the calculator gives the worked example: a 32-tick MES stop on $50,000 at 1% is 12', async () => {
  await open('/course?module=9&lesson=34', 390);
  const embedded = page.getByRole('complementary', { name: 'Try it: position size' });
  await embedded.waitFor();
  await embedded.getByLabel('Stop distance in ticks').fill('32');
  await embedded.getByText('$500.00 ÷ $40.00 = 12.5, rounded down: 12 contracts').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await embedded.scrollIntoViewIfNeeded();
  await embedded.screenshot({ path: join(artifactsDir, 'screens', 'lesson-calculator-390.png') });
});

async function waitForText(locator: ReturnType<Page['getByTestId']>, text: string): Promise<void> {
  await locator.getByText(text, { exact: false }).waitFor();
}
