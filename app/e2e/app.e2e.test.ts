/**
 * Tickwise in a real browser against the real app (its jest worker's shared app): landing, login and
 * registration, logout, policy pages, not found, cookie banner, particles, and axe on every page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  axeViolations,
  type CloseWay,
  expectFocusBackAfterClosing,
  focusedElement,
  launchChromium,
  type RunningApp,
  screenshot,
  seriousViolations,
  sharedApp,
} from './harness';

jest.setTimeout(120_000);

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([sharedApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
});

/** What went wrong in the page: uncaught errors and failed requests for the app's own files. */
let problems: string[] = [];

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/api/') && response.status() >= 400) problems.push(`${response.status()} ${path}`);
  });
});

afterEach(async () => {
  await context.close();
  expect(problems).toEqual([]);
});

/** The app has taken over from the prerendered HTML: its effects have run (the particles are set up). */
async function appReady(): Promise<void> {
  try {
    await page.locator('[data-testid="particles"][data-particles]').waitFor({ state: 'attached' });
  } catch (error) {
    throw new Error(`the app did not start: ${problems.join('; ') || String(error)}`);
  }
}

/** Opens `path` with a cookie choice already stored, so the banner stays out of the way. */
async function open(path: string, { consent = true, wait = true } = {}): Promise<void> {
  if (consent) {
    await context.addInitScript(() => {
      if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
    });
  }
  await page.goto(`${app.url}${path}`);
  if (wait) await appReady();
}

const h1 = () => page.getByRole('heading', { level: 1 });

/** Switches to a 360 px phone and checks nothing is wider than the screen. */
async function onPhone(): Promise<void> {
  await page.setViewportSize({ width: 360, height: 780 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** No dialog is half-way open or closed: an open dialog holds the focus, and without one the page is not hidden. */
async function settled(): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (dialog !== null) return dialog.contains(document.activeElement);
    return document.getElementById('root')?.getAttribute('aria-hidden') !== 'true';
  });
}

/** Waits for the dialog the step before opened (the compliance feature's), then closes it with Escape. */
async function closeDialogWhenItOpens(): Promise<void> {
  await page.getByRole('dialog').waitFor();
  await settled();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await settled();
}

async function registerViaApi(email: string, password: string, firstName: string): Promise<void> {
  const res = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, firstName, lastName: 'Tester' }),
  });
  expect(res.status).toBe(201);
}

test('landing: hero, stat cards, features, curriculum and footer; no serious accessibility violation', async () => {
  // The server's HTML already holds the landing page (prerendered at build time), so it paints at once.
  const served = await (await fetch(`${app.url}/`)).text();
  expect(served).toContain('Learn futures trading the careful way');
  await open('/');
  await expect(h1().textContent()).resolves.toContain('Learn futures trading the careful way');
  await page.getByRole('button', { name: 'Start Learning Free' }).waitFor();
  expect(await page.getByTestId('stat-card').allTextContents()).toEqual([
    'Modules12',
    'Lessons48',
    'Quizzes12',
  ]);
  expect(await page.getByTestId('feature-card').count()).toBe(6);
  expect(await page.getByTestId('tier').locator('h3').allTextContents()).toEqual([
    'Beginner',
    'Intermediate',
    'Advanced',
  ]);
  const legal = page.getByRole('navigation', { name: 'Legal' }).getByRole('link');
  expect(await legal.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
    '/privacy-policy',
    '/terms-of-service',
    '/cookie-policy',
    '/cftc-compliance',
  ]);
  expect(await page.getByRole('link', { name: /Tickwise on GitHub/ }).getAttribute('rel')).toBe(
    'noopener noreferrer',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'landing-desktop');
  await page.setViewportSize({ width: 360, height: 780 });
  await screenshot(page, 'landing-mobile-360');
  await screenshot(page, 'landing-mobile-360-top', false);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Start Learning Free' }).click();
  await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
  await screenshot(page, 'login-dialog-mobile-360', false);
});

test('the particles canvas has 50 particles and takes no clicks: the button behind it works', async () => {
  await open('/');
  const canvas = page.getByTestId('particles');
  await canvas.waitFor({ state: 'attached' });
  expect(await canvas.getAttribute('data-particles')).toBe('50');
  expect(await canvas.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  const button = page.getByRole('button', { name: 'Start Learning Free' });
  const box = await button.boundingBox();
  if (box === null) throw new Error('the button has no box');
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('button')?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe('Start Learning Free');
  // A click on an empty spot lands on the page, never on the canvas.
  const empty = await page.evaluate(() => document.elementFromPoint(5, 400)?.tagName);
  expect(empty).not.toBe('CANVAS');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
});

test("'Start Learning Free' opens the login dialog when signed out; focus is trapped and restored", async () => {
  await open('/');
  const start = page.getByRole('button', { name: 'Start Learning Free' });
  await start.click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
  // Tab around: focus never leaves the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'login-dialog', false);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.textContent === 'Start Learning Free');
});

const closeWays: CloseWay[] = ['Escape', 'the close button'];

test.each(closeWays)(
  'the login, registration and cookie settings dialogs return focus to their opener when closed by %s',
  async (way) => {
    await open('/');
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    await expectFocusBackAfterClosing(page, button('Login'), 'Welcome Back', way);
    await expectFocusBackAfterClosing(page, button('Start Learning Free'), 'Welcome Back', way);
    await expectFocusBackAfterClosing(page, button('Create your free account'), 'Join Tickwise', way);
    const footerCookies = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' });
    await expectFocusBackAfterClosing(page, footerCookies, 'Cookie Settings', way);
    await settled();
  },
);

test('register → signed in (welcome line shows the first name) → logout → signed out', async () => {
  await open('/');
  await page.getByRole('button', { name: 'Create your free account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join Tickwise' });
  await dialog.waitFor();
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill('Hopper');
  await dialog.getByLabel(/^Email/).fill(`grace.${Date.now()}@example.com`);
  await dialog.getByLabel(/^Password/).fill('correct horse battery');
  await dialog.getByLabel(/^Confirm password/).fill('correct horse battery');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'register-dialog', false);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('welcome').filter({ hasText: 'Welcome, Grace' }).waitFor();
  // The holding screen; the compliance dialog may already cover it (800 ms after registration), which
  // hides the page from assistive technology, so the heading is looked for behind it too.
  await page.getByRole('heading', { level: 1, name: 'Compliance Required', includeHidden: true }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => sessionStorage.getItem('tickwise-position'))).toMatch(/^\d+(\/\d+)*$/);
  await screenshot(page, 'compliance-required');
  // 800 ms after registration the compliance feature opens its dialog: check the page once that
  // has settled, with focus inside the dialog, then close it to reach the navigation bar.
  await page.getByRole('dialog').waitFor();
  await settled();
  expect(await seriousViolations(page)).toEqual([]);
  await closeDialogWhenItOpens();

  // A reload keeps the session: the stored token is checked with the server. The prerendered landing page
  // is never shown meanwhile: it is hidden, or already replaced by the app.
  await page.reload({ waitUntil: 'domcontentloaded' });
  const landingShown = await page.evaluate(
    () =>
      document.querySelector('[data-prerendered]') !== null &&
      getComputedStyle(document.getElementById('root') ?? document.body).visibility !== 'hidden',
  );
  expect(landingShown).toBe(false);
  await page.getByTestId('welcome').filter({ hasText: 'Welcome, Grace' }).waitFor();
  // The holding screen opens the compliance dialog again after 1 s.
  await closeDialogWhenItOpens();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await expect(h1().textContent()).resolves.toContain('Learn futures trading');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('login with a wrong password shows the error; the right one closes the dialog and reloads after 500 ms', async () => {
  const email = `ada.${Date.now()}@example.com`;
  await registerViaApi(email, 'correct horse battery', 'Ada');
  // Playwright's clock: time flows as usual until it is paused below.
  await page.clock.install();
  await open('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill('not the password');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toBe('Invalid email or password');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'login-error', false);

  await dialog.getByLabel(/^Password/).fill('correct horse battery');
  // Stop the page's time, sign in, and let the clock run: no reload before 500 ms, one at 500 ms.
  // (A second ahead: on a loaded machine the page's clock may pass a nearer point before the call lands.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.evaluate(() => {
    (window as { beforeReload?: boolean }).beforeReload = true;
  });
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  for (let i = 0; (await page.evaluate(() => localStorage.getItem('token'))) === null; i++) {
    if (i > 200) throw new Error('the login did not store a token');
    await new Promise((wait) => setTimeout(wait, 50));
  }
  await page.clock.runFor(499);
  expect(await page.locator('[role="dialog"][data-state="open"]').count()).toBe(0);
  // Signing in replaced the Login button that opened the dialog: focus waits for the reload in the main region.
  expect(await focusedElement(page)).toBe('#main');
  expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBe(true);
  const reloaded = page.waitForEvent('load');
  await page.clock.runFor(1);
  await reloaded;
  await page.clock.resume();
  await page.getByTestId('welcome').filter({ hasText: 'Welcome, Ada' }).waitFor();
});

test('after registration focus waits in the main region (the landing page and its button are gone) until the compliance dialog opens at 800 ms', async () => {
  await page.clock.install();
  await open('/');
  await page.getByRole('button', { name: 'Create your free account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join Tickwise' });
  await dialog.getByLabel(/^Email/).fill(`joan.${Date.now()}@example.com`);
  await dialog.getByLabel(/^Password/).fill('correct horse battery');
  await dialog.getByLabel(/^Confirm password/).fill('correct horse battery');
  // The page's time stops before the dialog closes, so the 800 ms hand-off cannot overtake a slow close.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  const openDialogs = page.locator('[role="dialog"][data-state="open"]');
  for (let i = 0; (await openDialogs.count()) > 0; i++) {
    if (i > 400) throw new Error('the registration dialog did not close');
    await new Promise((wait) => setTimeout(wait, 50));
  }
  // Signed in, the landing page (and the button that opened the dialog) gives way to the holding screen.
  const opener = page.getByRole('button', { name: 'Create your free account' });
  for (let i = 0; (await opener.count()) > 0; i++) {
    if (i > 400) throw new Error('the landing page stayed');
    await new Promise((wait) => setTimeout(wait, 50));
  }
  // The dialog finishes closing on the page's clock; focus must reach the main region before the hand-off.
  for (let ms = 0; (await focusedElement(page)) !== '#main'; ms += 50) {
    if (ms >= 600) throw new Error(`600 ms after registration focus is on ${await focusedElement(page)}`);
    await page.clock.runFor(50);
    await new Promise((wait) => setTimeout(wait, 50));
  }
  expect(await page.getByRole('dialog', { name: 'Compliance Acknowledgment' }).count()).toBe(0);
  await page.clock.resume();
  await page.getByRole('dialog', { name: 'Compliance Acknowledgment' }).waitFor();
  await settled();
});

test.each([
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/cftc-compliance', 'CFTC Compliance'],
])('policy page %s: %s, dated January 17, 2025', async (path, title) => {
  await open(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const text = (await page.locator('article').textContent()) ?? '';
  expect(text).toContain('Effective date: January 17, 2025');
  expect(text).toContain('Last updated: January 17, 2025');
  expect(text.length).toBeGreaterThan(4000);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, `policy-${path.slice(1)}`);
  await onPhone();
  await screenshot(page, `policy-${path.slice(1)}-mobile-360`, false);
});

test("an unknown path answers 404 and shows '404 Page Not Found' with a way home, never the landing page", async () => {
  // The server knows the app's pages: a deep link that is one answers 200, anything else 404.
  expect((await fetch(`${app.url}/compliance`)).status).toBe(200);
  expect((await fetch(`${app.url}/course/`)).status).toBe(200);
  const missing = await fetch(`${app.url}/no/such/page`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).not.toContain('data-prerendered');
  // Watch from the first byte: does anything of the landing page ever reach the document?
  await context.addInitScript(() => {
    const w = window as unknown as { sawLanding: boolean };
    w.sawLanding = false;
    new MutationObserver(() => {
      if (
        document.querySelector('[data-prerendered]') ||
        document.body?.textContent?.includes('Start Learning Free')
      )
        w.sawLanding = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await open('/no/such/page');
  await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { sawLanding: boolean }).sawLanding)).toBe(false);
  // The document's own 404 is the point of this test, not a problem.
  expect(problems).toEqual(['404 /no/such/page']);
  problems = [];
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'not-found');
  await onPhone();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'not-found-mobile-360', false);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await page.getByRole('button', { name: 'Start Learning Free' }).waitFor();
});

describe('the cookie banner', () => {
  const T0 = new Date('2025-01-17T09:00:00Z');
  const banner = () => page.getByRole('region', { name: 'Cookie consent' });
  const stored = () =>
    page.evaluate(() => ({
      status: localStorage.getItem('cookie-consent'),
      preferences: JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null') as unknown,
    }));

  /**
   * Loads / with the clock paused and moves it on 1 ms at a time until the page is live (the clock
   * stands still while its code loads), so the banner's timer starts within the last millisecond; then
   * checks the banner is absent 998 ms later and present 2 ms after that.
   */
  async function bannerAfterOneSecond(): Promise<void> {
    await page.clock.install({ time: T0 });
    await page.clock.pauseAt(new Date(T0.getTime() + 60_000));
    await open('/', { consent: false, wait: false });
    // The landing page is live (landing/island.ts): its banner timer started in the same task.
    const ready = page.locator('[data-prerendered="landing"][data-live]');
    for (let step = 0; (await ready.count()) === 0; step++) {
      if (step > 1000) throw new Error('the app did not start');
      await page.clock.runFor(1);
      await page.waitForTimeout(20);
    }
    await page.clock.runFor(998);
    expect(await banner().count()).toBe(0);
    await page.clock.runFor(2);
    await banner().waitFor();
    await page.clock.resume();
  }

  test('appears after 1 s; Accept All stores accepted and every category', async () => {
    await bannerAfterOneSecond();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cookie-banner', false);
    await banner().getByRole('button', { name: 'Accept All' }).click();
    await banner().waitFor({ state: 'detached' });
    expect(await stored()).toEqual({
      status: 'accepted',
      preferences: { necessary: true, functional: true, analytics: true, marketing: true },
    });
    // What the page announces to tag managers (the consent feature sets it on window).
    const announced = () =>
      (window as Window & { tickwiseConsent?: { analyticsStorage?: string } }).tickwiseConsent
        ?.analyticsStorage;
    expect(await page.evaluate(announced)).toBe('granted');
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await banner().count()).toBe(0);
  });

  test('Reject All stores rejected and only the necessary category (on a 360 px phone)', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await bannerAfterOneSecond();
    await onPhone();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cookie-banner-mobile-360', false);
    await banner().getByRole('button', { name: 'Reject All' }).click();
    await banner().waitFor({ state: 'detached' });
    expect(await stored()).toEqual({
      status: 'rejected',
      preferences: { necessary: true, functional: false, analytics: false, marketing: false },
    });
  });

  test('settings: Preferences and Details tabs; Save Preferences stores customized', async () => {
    await bannerAfterOneSecond();
    await banner().getByRole('button', { name: 'Cookie Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Settings' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Necessary' }).isDisabled()).toBe(true);
    // Keyboard: focus the Functional switch and toggle it with Space.
    const functional = dialog.getByRole('checkbox', { name: 'Functional' });
    await functional.focus();
    await page.keyboard.press('Space');
    expect(await functional.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cookie-settings-preferences', false);
    await dialog.getByRole('tab', { name: 'Details' }).click();
    await dialog.getByText('90 days to 2 years').waitFor();
    await screenshot(page, 'cookie-settings-details', false);
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await stored()).toEqual({
      status: 'customized',
      preferences: { necessary: true, functional: true, analytics: false, marketing: false },
    });
    expect(await banner().count()).toBe(0);

    // The choice can be changed later from the footer; the dialog shows what is stored (here on a phone).
    await onPhone();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Functional' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Analytics' }).isChecked()).toBe(false);
    await screenshot(page, 'cookie-settings-mobile-360', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
