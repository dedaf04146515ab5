/**
 * Every screen of Tickwise on a phone (390 px) and on a desktop (1280 px), in one real Chromium against one
 * real app: axe finds no violation of any impact on any of them, nothing is logged to the console as an error
 * and no exception escapes, and a picture of each lands in app/e2e-artifacts/screens/ (`<screen>-<width>`)
 * for a person to look at.
 *
 * At each size one learner goes the whole way as a person would, in one browser tab watched for errors from
 * the first page to the last: the signed-out landing page (cookie banner), the registration and login
 * dialogs, the four policy pages, the 404 page (and the server's 404 for it), registration in the browser,
 * the compliance gate (the documents step, a box ticked too early refused by a toast the live region
 * announces while the dialog is open, the reading timer, the risk assessment), a new learner's dashboard,
 * the Compliance Center's tabs and document viewer, the course, a lesson, the quiz with its feedback and
 * results, the trading psychology assessment and its results, the dashboard with progress, and the account
 * page (download, the deletion dialog). Then an auditor finds that learner and opens the history, and an
 * analyst reads the funnel and the item analysis.
 *
 * The app (the jest worker's shared app, with other suites' learners in its log) runs with
 * MIN_READ_SECONDS=0 and the page's clock is Playwright's, so the 10 s of reading are moved on by the test;
 * the reading timer itself is on screen. The reload during the documents step ("2 of 4") is
 * compliance.e2e.test.ts's, on the server's real 10 s, at both sizes.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiCall,
  axeViolations,
  grantRole,
  launchChromium,
  type RunningApp,
  registerLearner,
  screenshot,
  sharedApp,
  watchForErrors,
} from './harness';

jest.setTimeout(300_000);

const PASSWORD = 'correct horse battery';
const stamp = Date.now().toString(36);
let app: RunningApp;
let browser: Browser;
const staff = {
  auditor: { email: `auditor.${stamp}@example.com`, token: '' },
  analyst: { email: `analyst.${stamp}@example.com`, token: '' },
};

/** A few learners through the API with module 1's quiz answered (varied choices), so the analytics have data. */
async function seedLearners(): Promise<void> {
  for (let n = 0; n < 3; n++) {
    const learner = await registerLearner(app, `seed${n}.${stamp}@example.com`, `Seed${n}`);
    const post = async (path: string, body: unknown) => {
      const res = await apiCall(app, 'POST', path, { token: learner.token, body });
      if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      learner.position = res.position ?? learner.position;
    };
    const get = async <T>(path: string) =>
      (await apiCall<T>(app, 'GET', path, { token: learner.token, position: learner.position })).body;
    for (const { id } of await get<{ id: number }[]>('/api/modules/1/lessons'))
      await post('/api/progress', { moduleId: 1, lessonId: id, completed: true });
    for (const [i, q] of (await get<{ id: number; options: unknown[] }[]>('/api/modules/1/quiz')).entries())
      await post('/api/quiz/attempt', { questionId: q.id, selectedAnswer: (i * (n + 1)) % q.options.length });
    await post('/api/progress', { moduleId: 1, lessonId: null, completed: true });
  }
}

beforeAll(async () => {
  [app, browser] = await Promise.all([sharedApp(), launchChromium()]);
  await seedLearners();
  for (const [role, person] of Object.entries(staff) as ['auditor' | 'analyst', { email: string }][]) {
    await registerLearner(app, person.email, role === 'auditor' ? 'Avery' : 'Ana', { gate: false });
    await grantRole(app, person.email, role);
  }
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The visible headings whose line height is more than 1.5 times their font size: of the open dialog when
 * there is one (that is the screen then), else of the page.
 */
function looseHeadings(on: Page): Promise<string[]> {
  return on.evaluate(() =>
    [
      ...(
        document.querySelector('[role="dialog"], [role="alertdialog"]') ?? document
      ).querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6'),
    ]
      .filter((h) => h.getClientRects().length > 0)
      .flatMap((h) => {
        const { lineHeight, fontSize } = getComputedStyle(h);
        const loose = Number.parseFloat(lineHeight) / Number.parseFloat(fontSize) > 1.5;
        return loose
          ? [`${h.tagName} "${h.textContent?.trim().slice(0, 40)}": ${lineHeight} on ${fontSize}`]
          : [];
      }),
  );
}

/**
 * What sticks out sideways on the screen (the open dialog when there is one, else the page): a page wider
 * than the window, a control whose box is not within the window's width (cut off, or out of view inside a
 * sideways scroller, as a phone's user would have to hunt for it), a chart's text running out of its chart.
 */
function layoutProblems(on: Page): Promise<string[]> {
  return on.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const root = document.querySelector('[role="dialog"], [role="alertdialog"]') ?? document;
    for (const control of root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')) {
      const box = control.getBoundingClientRect();
      // Hidden, or a visually hidden native input under its drawn control.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = control.getAttribute('aria-label') ?? control.textContent ?? control.tagName;
        found.push(
          `off-screen: ${name.trim().slice(0, 50)} (${Math.round(box.left)}..${Math.round(box.right)})`,
        );
      }
    }
    for (const chart of root.querySelectorAll('svg')) {
      const frame = chart.getBoundingClientRect();
      for (const text of chart.querySelectorAll('text')) {
        const box = text.getBoundingClientRect();
        if (box.width > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1))
          found.push(`chart text cut: ${text.textContent}`);
      }
    }
    return found;
  });
}

/**
 * A new tab signed in afresh as `email` (so the token carries the role granted since), watched for errors
 * from before its first page, opening `path`.
 */
async function openAsStaff(
  context: BrowserContext,
  email: string,
  path: string,
): Promise<{ staffPage: Page; staffErrors: string[] }> {
  const login = await apiCall<{ token: string }>(app, 'POST', '/api/auth/login', {
    body: { email, password: PASSWORD },
  });
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status}`);
  await context.addInitScript((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('cookie-consent', 'rejected');
  }, login.body.token);
  const staffPage = await context.newPage();
  const staffErrors = watchForErrors(staffPage);
  await staffPage.goto(`${app.url}${path}`);
  return { staffPage, staffErrors };
}

describe.each([
  ['phone', 390, 844],
  ['desktop', 1280, 900],
])('every screen on a %s (%i px)', (size, width, height) => {
  /** The learner's tab, kept from test to test: one journey. */
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const firstName = size === 'phone' ? 'Paula' : 'Desmond';
  const lastName = `Screens${size}${stamp}`;
  const email = `${size}.${stamp}@example.com`;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
    page = await context.newPage();
    errors = watchForErrors(page);
    // Playwright's clock, running with real time until a test moves it on (the 10 s of reading).
    await page.clock.install();
  });

  afterAll(async () => {
    await context?.close();
  });

  /**
   * A screen as a person meets it: axe finds nothing of any impact on it (unless `axe` is false: the same
   * screen again, in another state), no heading has the loose line height of body text (a title that wraps
   * falls apart into separate lines), nothing sticks out sideways or hides a control out of view, and its
   * picture is saved (the page from the top, or the viewport).
   */
  async function look(
    what: string,
    { fullPage = true, on = page, axe = true, headings = true } = {},
  ): Promise<void> {
    if (axe) expect({ what, violations: await axeViolations(on) }).toEqual({ what, violations: [] });
    if (headings) expect({ what, loose: await looseHeadings(on) }).toEqual({ what, loose: [] });
    expect({ what, layout: await layoutProblems(on) }).toEqual({ what, layout: [] });
    if (fullPage) await on.evaluate(() => window.scrollTo(0, 0));
    await screenshot(on, `screens/${what}-${width}`, fullPage);
  }

  const h1 = (name: string, on = page) => on.getByRole('heading', { level: 1, name, exact: true });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const toasts = () => page.getByRole('region', { name: 'Notifications' });
  const nav = () => page.getByRole('navigation', { name: 'Main' });
  /** Back to the dashboard by the brand link, as from any screen. */
  async function home(): Promise<void> {
    await nav().getByRole('link', { name: 'Tickwise home' }).click();
    await h1('Trading Dashboard').waitFor();
  }
  /** A link or button of the signed-in navigation: behind the Menu button on a phone. */
  async function navItem(role: 'link' | 'button', name: string) {
    if (size === 'phone') await nav().getByRole('button', { name: 'Menu' }).click();
    return nav().getByRole(role, { name, exact: true });
  }

  test('signed out: the landing page with the cookie banner, the registration and login dialogs, the policy pages, the 404 page', async () => {
    await page.goto(`${app.url}/`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    // The prerendered landing page's own headings are checked by the landing page's bench, not here.
    await look('landing-cookie-banner', { fullPage: false, headings: false });
    await banner.getByRole('button', { name: 'Reject All' }).click();
    await banner.waitFor({ state: 'detached' });
    await look('landing', { axe: false, headings: false });

    await page.getByRole('button', { name: 'Create your free account' }).click();
    await dialog('Join Tickwise').waitFor();
    await look('register-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog('Join Tickwise').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog('Welcome Back').waitFor();
    await look('login-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog('Welcome Back').waitFor({ state: 'detached' });

    for (const [path, title] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
      ['/cookie-policy', 'Cookie Policy'],
      ['/cftc-compliance', 'CFTC Compliance'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await h1(title).waitFor();
      await look(`policy${path.replace('/', '-')}`);
    }

    // A path that is no page: the server says so (404), and the app shows its not-found page.
    expect((await fetch(`${app.url}/no-such-page`)).status).toBe(404);
    const before = errors.length;
    await page.goto(`${app.url}/no-such-page`);
    await h1('404 Page Not Found').waitFor();
    await look('not-found');
    // The browser logs the document's own 404 status; that is the point here, not a fault of the page.
    const logged = errors.splice(before);
    expect(logged.filter((e) => !(e.includes('status of 404') && e.includes('/no-such-page')))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('registration in the browser and the compliance gate: documents, an early tick refused (the toast announced over the dialog), the reading timer, the risk assessment', async () => {
    await page.goto(`${app.url}/`);
    await page.locator('[data-prerendered][data-live]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Create your free account' }).click();
    const form = dialog('Join Tickwise');
    await form.getByLabel('First name').fill(firstName);
    await form.getByLabel('Last name').fill(lastName);
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByLabel(/^Confirm password/).fill(PASSWORD);
    await look('register-dialog-filled', { fullPage: false, axe: false });
    await form.getByRole('button', { name: 'Create Account' }).click();

    const gate = dialog('Compliance Acknowledgment');
    await gate.waitFor();
    const cards = page.getByTestId('compliance-document');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    await look('compliance-dialog-documents', { fullPage: false });

    // Ticked before reading: refused, and the toast is found by its live region while the dialog is open.
    const first = cards.first();
    await first.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    const refusal = toasts().getByText('Document Must Be Read');
    await refusal.waitFor();
    expect(await page.locator('#root').getAttribute('aria-hidden')).toBe('true');
    expect(await toasts().evaluate((region) => region.closest('[aria-hidden="true"]') === null)).toBe(true);
    await first
      .getByText('Please read the full document before acknowledging (minimum 10 seconds)')
      .waitFor();
    await look('compliance-dialog-refused', { fullPage: false });
    // Its 5 s on screen, moved on.
    await page.clock.runFor(5_000);
    await refusal.waitFor({ state: 'detached' });

    for (const [i, card] of (await cards.all()).entries()) {
      await card.getByRole('button', { name: 'Read Document' }).click();
      await card.getByText('Reading... 10 s left').waitFor();
      if (i === 0) {
        await page.clock.runFor(3_000);
        await card.getByText('Reading... 7 s left').waitFor();
        await look('compliance-dialog-reading', { fullPage: false });
      }
      await page.clock.runFor(10_000);
      await card.getByText('Read', { exact: true }).waitFor();
      await card.getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      await page.waitForFunction(
        (input) => input instanceof HTMLInputElement && input.checked,
        await card.getByRole('checkbox').elementHandle(),
      );
      if (i === 0) await look('compliance-dialog-read-ticked', { fullPage: false, axe: false });
      await card.getByRole('button', { name: 'Hide Document' }).click();
    }
    expect(await gate.getByTestId('documents-progress').textContent()).toBe(
      '4 of 4 documents read and acknowledged',
    );
    await gate.getByRole('button', { name: 'Next' }).click();

    const risk = dialog('Risk Assessment');
    await risk.waitFor();
    await look('compliance-dialog-risk', { fullPage: false });
    await risk.getByLabel(/Trading experience/).selectOption({ label: 'Beginner (0-1 years)' });
    await risk.getByLabel(/Financial situation/).selectOption({ label: 'Volatile' });
    await risk.getByLabel(/Investment objective/).selectOption({ label: 'Speculative' });
    await look('compliance-dialog-risk-filled', { fullPage: false, axe: false });
    await risk.getByRole('button', { name: 'Complete Assessment' }).click();
    await toasts().getByText('Welcome to Tickwise!').waitFor();
    await Promise.all([page.waitForEvent('load'), page.clock.runFor(1_000)]);
    await h1('Trading Dashboard').waitFor();
    expect(errors).toEqual([]);
  });

  test("a new learner's dashboard and the Compliance Center: documents, the document viewer, risk assessment with warnings, the log", async () => {
    await page.getByText('No Psychology Assessment completed yet').waitFor();
    await look('dashboard-new-learner');
    if (size === 'phone') {
      await nav().getByRole('button', { name: 'Menu' }).click();
      await nav().getByRole('button', { name: 'Logout' }).waitFor();
      await look('navigation-menu-open', { fullPage: false });
      await page.keyboard.press('Escape');
    }

    await (await navItem('link', 'Compliance')).click();
    await h1('Compliance Center').waitFor();
    await page.getByTestId('center-document').first().waitFor();
    await look('compliance-center-documents');
    await page.getByRole('button', { name: 'Read Document: Futures Risk Disclosure' }).click();
    const viewer = dialog('Futures Risk Disclosure');
    await viewer.getByRole('region', { name: 'Futures Risk Disclosure text' }).waitFor();
    await look('compliance-center-viewer', { fullPage: false });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Risk Assessment' }).click();
    await page.getByTestId('risk-summary').waitFor();
    await page.getByTestId('regulatory-warning').first().waitFor();
    await look('compliance-center-risk');
    await page.getByRole('tab', { name: 'Compliance Log' }).click();
    await page.getByTestId('log-entry').first().waitFor();
    await look('compliance-center-log');
    expect(errors).toEqual([]);
  });

  test('the course: the overview, a lesson, the quiz with answer feedback, its results', async () => {
    await home();
    await page.getByRole('link', { name: 'Continue Learning' }).click();
    await h1('Course').waitFor();
    await page.getByTestId('module-detail').waitFor();
    await look('course-overview');

    await page.getByRole('button', { name: 'Start Lesson' }).click();
    await h1('What Futures Are').waitFor();
    await page.locator('#lesson-title').waitFor();
    await look('lesson');
    for (let n = 2; n <= 4; n++) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(`Lesson ${n} of 4`).waitFor();
    }
    await page.getByRole('button', { name: 'Take Module Quiz' }).click();
    await h1('Module 1 Quiz').waitFor();
    const position = page.getByTestId('quiz-position');
    await position.waitFor();
    const total = Number(/of (\d+)/.exec((await position.textContent()) ?? '')?.[1]);
    await look('quiz-question');

    for (let n = 1; n <= total; n++) {
      await position.filter({ hasText: new RegExp(`^(Question )?${n} of ${total}$`) }).waitFor();
      // One wrong answer and the rest the first option: both kinds of feedback appear.
      await page
        .getByTestId('quiz-option')
        .nth(n === 1 ? 1 : 0)
        .click();
      await page.getByRole('button', { name: 'Submit Answer' }).click();
      await page.getByTestId('quiz-feedback').waitFor();
      if (n < total) {
        await page.getByRole('button', { name: 'Pause' }).click();
        if (n <= 2) await look(`quiz-feedback-${n}`, { axe: n === 1 });
        await page.getByRole('button', { name: 'Continue' }).click();
      } else {
        await page.clock.runFor(3_000);
      }
    }
    await page.getByRole('heading', { name: 'Quiz Complete!' }).waitFor();
    await look('quiz-results');
    await page.getByRole('link', { name: 'Back to Course' }).click();
    await h1('Course').waitFor();
    expect(errors).toEqual([]);
  });

  test('the trading psychology assessment and its results; the dashboard with progress', async () => {
    await home();
    await page.getByRole('link', { name: 'Trading Psychology Assessment', exact: true }).click();
    await h1('Trading Psychology Assessment').waitFor();
    const counter = page.getByTestId('question-counter');
    await counter.filter({ hasText: 'Question 1 of 30' }).waitFor();
    await look('psychology-question');
    const options = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];
    for (let n = 1; n <= 30; n++) {
      await counter.filter({ hasText: `Question ${n} of 30` }).waitFor();
      await page
        .getByTestId('question-step')
        .getByText(options[(n * 7) % 5] ?? '', { exact: true })
        .click();
      if (n === 1) await look('psychology-question-answered', { axe: false });
      await page.getByRole('button', { name: n < 30 ? 'Next' : 'Complete', exact: true }).click();
    }
    await page.getByRole('heading', { level: 2, name: 'Your Trading Psychology Profile' }).waitFor();
    await look('psychology-results');

    await home();
    await h1('Trading Dashboard').waitFor();
    await page.getByTestId('psychology-summary').waitFor();
    await page.getByTestId('activity-item').first().waitFor();
    await look('dashboard-with-progress');
    expect(errors).toEqual([]);
  });

  test('the account page: the data downloaded, the deletion dialog open', async () => {
    if (size === 'phone') await nav().getByRole('button', { name: 'Menu' }).click();
    await nav()
      .getByTestId('welcome')
      .filter({ visible: true })
      .getByRole('link', { name: firstName, exact: true })
      .click();
    await h1('Your account').waitFor();
    await look('account');
    await Promise.all([page.waitForEvent('download'), page.getByTestId('download-my-data').click()]);
    await page.getByText(/^Downloaded tickwise-my-data-/).waitFor();
    await look('account-downloaded', { axe: false });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.waitFor();
    await look('account-delete-dialog', { fullPage: false });
    await confirm.getByRole('button', { name: 'Keep my account' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  test("the auditor: the learner search and this learner's history", async () => {
    const staffContext = await browser.newContext({ viewport: { width, height } });
    try {
      const { staffPage: audit, staffErrors: auditErrors } = await openAsStaff(
        staffContext,
        staff.auditor.email,
        '/audit',
      );
      await h1('Compliance audit', audit).waitFor();
      await look('audit-search', { on: audit, axe: false });
      await audit.getByLabel('E-mail or name').fill(lastName);
      await audit.getByRole('button', { name: 'Search' }).click();
      const open = audit.getByRole('button', { name: new RegExp(`Open history: ${firstName} ${lastName}`) });
      await open.waitFor();
      await look('audit-search-results', { on: audit });
      await open.click();
      await audit.getByRole('heading', { name: `History of ${firstName} ${lastName}` }).waitFor();
      await audit.getByTestId('audit-entry').first().waitFor();
      await audit.getByTestId('coverage-acknowledged').waitFor();
      await look('audit-history', { on: audit });
      expect(auditErrors).toEqual([]);
    } finally {
      await staffContext.close();
    }
  });

  test('the analyst: analytics with the funnel and the item analysis', async () => {
    const staffContext = await browser.newContext({ viewport: { width, height } });
    try {
      const { staffPage: analytics, staffErrors: analyticsErrors } = await openAsStaff(
        staffContext,
        staff.analyst.email,
        '/analytics',
      );
      await h1('Learning analytics', analytics).waitFor();
      await analytics.getByTestId('funnel-chart').waitFor();
      await analytics.getByTestId('item-analysis-chart').waitFor();
      await analytics.getByTestId('items-table').waitFor();
      await look('analytics', { on: analytics });
      expect(analyticsErrors).toEqual([]);
    } finally {
      await staffContext.close();
    }
  });
});
