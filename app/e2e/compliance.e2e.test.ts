/**
 * The compliance gate in a real browser against the real app:
 * - one journey on REAL time end to end (the real 10 s on client and server): register, the dialog opens,
 *   all four documents read and acknowledged, the risk assessment, the reload into the compliant app;
 * - the same journey and the other paths on Playwright's clock, against a second app started with
 *   MIN_READ_SECONDS=0 (the server's minimum is then the dialog's business): the early tick refused,
 *   closing early, the holding screen after login, the Compliance Center (tiles, tabs, the viewer's timer,
 *   acknowledging a warning, the log, renewing the assessment);
 * - axe on the dialog's steps and on the Compliance Center.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  axeViolations,
  type CloseWay,
  expectFocusBackAfterClosing,
  launchChromium,
  type RunningApp,
  screenshot,
  sharedApp,
  startApp,
} from './harness';

jest.setTimeout(180_000);

/** Real server time: MIN_READ_SECONDS as shipped (10). */
let realApp: RunningApp;
/** MIN_READ_SECONDS=0 (the jest worker's shared app), for the journeys that fast-forward the page's clock. */
let fastApp: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, fastApp, realApp] = await Promise.all([launchChromium(), sharedApp(), startApp()]);
});

afterAll(async () => {
  await browser?.close();
  await realApp?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  // A cookie choice is stored so the banner stays out of the way.
  await context.addInitScript(() => {
    if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
  });
});

afterEach(async () => {
  await context.close();
});

const PASSWORD = 'correct horse battery';
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

// ---------------------------------------------------------------------------------------------------------
// The API, for seeding learners

interface Learner {
  readonly email: string;
  readonly token: string;
  position: string;
}

const call = apiCall;

async function registerViaApi(app: RunningApp, firstName: string): Promise<Learner> {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await call(app, 'POST', '/api/auth/register', {
    body: { email, password: PASSWORD, firstName, lastName: 'Tester' },
  });
  expect(res.status).toBe(201);
  return { email, token: (res.body as { token: string }).token, position: res.position ?? '0' };
}

/** On the fast app: views and acknowledges every active document (or all but `skip`). */
async function acknowledgeDocuments(learner: Learner, skip: readonly string[] = []): Promise<void> {
  const documents = await call(fastApp, 'GET', '/api/compliance/documents', {
    token: learner.token,
    position: learner.position,
  });
  expect(documents.status).toBe(200);
  for (const { documentType, version } of documents.body as { documentType: string; version: string }[]) {
    if (skip.includes(documentType)) continue;
    for (const path of ['/api/compliance/document-views', '/api/compliance/acknowledgment']) {
      const res = await call(fastApp, 'POST', path, {
        token: learner.token,
        body: { documentType, version },
      });
      expect(res.status).toBe(201);
      learner.position = res.position ?? learner.position;
    }
  }
}

async function assessRisk(learner: Learner, answers: Record<string, unknown>): Promise<void> {
  const res = await call(fastApp, 'POST', '/api/risk/assessment', {
    token: learner.token,
    body: { annualIncome: null, netWorth: null, riskCapacity: 5, ...answers },
  });
  expect(res.status).toBe(201);
  learner.position = res.position ?? learner.position;
}

/** The browser starts signed in as `learner` (token and read-your-writes position stored first). */
async function signInBrowser(learner: Learner): Promise<void> {
  await context.addInitScript(
    ({ token, position }) => {
      if (localStorage.getItem('token') === null) localStorage.setItem('token', token);
      if (sessionStorage.getItem('tickwise-position') === null)
        sessionStorage.setItem('tickwise-position', position);
    },
    { token: learner.token, position: learner.position },
  );
}

// ---------------------------------------------------------------------------------------------------------
// The pages

const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const dialog = (name: string) => page.getByRole('dialog', { name });
/**
 * The toasts' live region, found by its role as assistive technology finds it: a modal dialog hides
 * everything outside itself, but the region is a body-level live region and stays exposed.
 */
const toast = () => page.getByRole('region', { name: 'Notifications' });

async function expectAxeClean(what: string): Promise<void> {
  expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
}

/**
 * The landing page is prerendered: its buttons work once its small script has made it live (before that a
 * click on the bare HTML does nothing); the click then starts the app. Waits for that, as a person's first
 * click would.
 */
async function openLanding(app: RunningApp): Promise<void> {
  await page.goto(`${app.url}/`);
  await page.locator('[data-prerendered][data-live]').waitFor({ state: 'attached' });
}

async function registerInBrowser(app: RunningApp, firstName: string): Promise<string> {
  await openLanding(app);
  await page.getByRole('button', { name: 'Create your free account' }).click();
  const form = dialog('Join Tickwise');
  await form.waitFor();
  const email = uniqueEmail(firstName.toLowerCase());
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill('Tester');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByLabel(/^Confirm password/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  return email;
}

const documentCard = (title: string | RegExp): Locator =>
  page
    .getByTestId('compliance-document')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });

async function documentTitles(): Promise<string[]> {
  await page.getByTestId('compliance-document').first().waitFor();
  return page.getByTestId('compliance-document').locator('h3').allTextContents();
}

/** The consent wording of a document as the server serves it (GET /api/compliance/documents). */
async function consentOf(title: string): Promise<string> {
  const documents = await page.evaluate(async () => {
    const res = await fetch('/api/compliance/documents', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await res.json()) as { title: string; consentText: string }[];
  });
  const consent = documents.find((d) => d.title === title)?.consentText;
  if (consent === undefined) throw new Error(`no served document titled ${title}`);
  return consent;
}

/**
 * Ticks a document's 'I acknowledge' box by its label, as a pointer user does; the box is labelled with
 * exactly the consent wording the server serves (and records with the acknowledgment).
 */
async function tick(card: Locator, title: string): Promise<void> {
  const consent = await consentOf(title);
  await card.getByText(consent, { exact: true }).click();
  await card.getByRole('checkbox', { name: consent, exact: true }).waitFor({ state: 'attached' });
  await page.waitForFunction(
    (input) => input instanceof HTMLInputElement && input.checked,
    await card.getByRole('checkbox').elementHandle(),
  );
}

/**
 * Opens a document in the dialog, waits for its view to be recorded (the timer shows 10 s left), lets
 * `wait` pass 10 s (real time or the page's clock), and ticks its box.
 */
async function readAndAcknowledge(title: string, wait: () => Promise<void>): Promise<void> {
  const card = documentCard(title);
  await card.getByRole('button', { name: 'Read Document' }).click();
  await card.getByText('Reading... 10 s left').waitFor();
  await card.getByRole('region', { name: `${title} text` }).waitFor();
  await wait();
  await card.getByText('Read', { exact: true }).waitFor();
  await tick(card, title);
  // Close it again, so the next one is found at the top of the list.
  await card.getByRole('button', { name: 'Hide Document' }).click();
}

async function completeRiskAssessment(answers: {
  experience: string;
  situation: string;
  objective: string;
}): Promise<void> {
  const risk = dialog('Risk Assessment');
  await risk.waitFor();
  const submit = risk.getByRole('button', { name: 'Complete Assessment' });
  expect(await submit.isDisabled()).toBe(true);
  await risk.getByLabel(/Trading experience/).selectOption({ label: answers.experience });
  await risk.getByLabel(/Financial situation/).selectOption({ label: answers.situation });
  expect(await submit.isDisabled()).toBe(true);
  await risk.getByLabel(/Investment objective/).selectOption({ label: answers.objective });
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();
}

/** The compliant app after the reload: the dashboard, with Course and Compliance in the navigation. */
async function expectCompliantApp(): Promise<void> {
  try {
    await h1('Trading Dashboard').waitFor();
  } catch (error) {
    await screenshot(page, 'compliance-failure-after-reload');
    const text = await page.evaluate(() => (document.body.textContent ?? '').slice(0, 500));
    throw new Error(`${String(error)}\nurl: ${page.url()}\npage: ${text}`);
  }
  await page.getByRole('link', { name: 'Compliance', exact: true }).waitFor();
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/auth/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await res.json()) as { isCompliant: boolean };
  });
  expect(me.isCompliant).toBe(true);
}

// ---------------------------------------------------------------------------------------------------------

test('REAL TIME: a new user registers, reads and acknowledges all four documents (10 s each, client and server), completes the risk assessment and lands in the compliant app', async () => {
  const started = Date.now();
  await registerInBrowser(realApp, 'Rita');
  await page.getByTestId('welcome').filter({ hasText: 'Welcome, Rita' }).waitFor();
  const registeredAt = Date.now();
  const gate = dialog('Compliance Acknowledgment');
  await gate.waitFor();
  // The hand-off opens the dialog 800 ms after the registration succeeded.
  expect(Date.now() - registeredAt).toBeGreaterThanOrEqual(500);
  const titles = await documentTitles();
  expect(titles).toHaveLength(4);
  const next = gate.getByRole('button', { name: 'Next' });
  expect(await next.isDisabled()).toBe(true);
  await expectAxeClean('documents step');
  await screenshot(page, 'compliance-dialog-documents', false);

  for (const [i, title] of titles.entries()) {
    await readAndAcknowledge(title, async () => {
      const card = documentCard(title);
      const opened = Date.now();
      if (i === 0) {
        await card.getByText('Reading... 7 s left').waitFor();
        await screenshot(page, 'compliance-dialog-reading', false);
      }
      await card.getByText('Read', { exact: true }).waitFor({ timeout: 15_000 });
      // The real 10 seconds passed on this side.
      expect(Date.now() - opened).toBeGreaterThanOrEqual(9_000);
    });
    if (i < titles.length - 1) expect(await next.isDisabled()).toBe(true);
  }
  expect(await gate.getByTestId('documents-progress').textContent()).toBe(
    '4 of 4 documents read and acknowledged',
  );
  expect(await next.isEnabled()).toBe(true);
  await next.click();

  // The server accepted every acknowledgment against its own 10 seconds. The welcome toast shows for the
  // second before the reload: watched for from before the submit, as a loaded machine may be slow to look.
  const welcomed = toast().getByText('Welcome to Tickwise!').waitFor();
  await completeRiskAssessment({
    experience: 'Beginner (0-1 years)',
    situation: 'Stable',
    objective: 'Education',
  });
  await welcomed;
  await Promise.all([page.waitForEvent('load'), gate.waitFor({ state: 'detached' })]);
  await expectCompliantApp();

  const log = await page.evaluate(async () => {
    const res = await fetch('/api/compliance/log', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await res.json()) as { kind: string; summary: string }[];
  });
  const acknowledged = log.filter((e) => e.kind === 'document_acknowledged');
  expect(acknowledged).toHaveLength(4);
  for (const entry of acknowledged) {
    const seconds = Number(/after (\d+) s of reading/.exec(entry.summary)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(10);
  }
  expect(log.some((e) => e.kind === 'risk_assessed')).toBe(true);
  process.stdout.write(`real-time journey: ${Math.round((Date.now() - started) / 1000)} s\n`);
});

test("CLOCK: the same journey with the page's clock; a tick before 10 s is refused with the toast and the dialog text", async () => {
  await page.clock.install();
  await registerInBrowser(fastApp, 'Clara');
  const gate = dialog('Compliance Acknowledgment');
  await gate.waitFor();
  const titles = await documentTitles();
  expect(titles).toHaveLength(4);
  const [first = ''] = titles;

  // Ticked before reading (keyboard, as the box is marked disabled): refused.
  const card = documentCard(first);
  await card.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await toast().getByText('Document Must Be Read').waitFor();
  await toast().getByText('Please read the full document before acknowledging.').waitFor();
  // Announced while the dialog is open: the region sits directly in <body>, outside the aria-hidden app.
  expect(
    await toast().evaluate((region) => ({
      inBody: region.parentElement === document.body,
      live: region.getAttribute('aria-live'),
      hidden: region.closest('[aria-hidden="true"]') !== null,
    })),
  ).toEqual({ inBody: true, live: 'polite', hidden: false });
  expect(await page.locator('#root').getAttribute('aria-hidden')).toBe('true');
  await card.getByText('Please read the full document before acknowledging (minimum 10 seconds)').waitFor();
  expect(await card.getByRole('checkbox').isChecked()).toBe(false);
  await screenshot(page, 'compliance-dialog-refused', false);

  // 6 s into reading: still refused.
  await card.getByRole('button', { name: 'Read Document' }).click();
  await card.getByText('Reading... 10 s left').waitFor();
  await page.clock.runFor(4_000);
  await card.getByText('Reading... 6 s left').waitFor();
  await card.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  expect(await card.getByRole('checkbox').isChecked()).toBe(false);
  await page.clock.runFor(6_000);
  await card.getByText('Read', { exact: true }).waitFor();
  await tick(card, first);
  await card.getByRole('button', { name: 'Hide Document' }).click();

  for (const title of titles.slice(1)) {
    await readAndAcknowledge(title, () => page.clock.runFor(10_000));
  }
  await gate.getByRole('button', { name: 'Next' }).click();
  await completeRiskAssessment({
    experience: 'Intermediate (1-3 years)',
    situation: 'Growing',
    objective: 'Growth',
  });
  await toast().getByText('Welcome to Tickwise!').waitFor();
  await Promise.all([page.waitForEvent('load'), page.clock.runFor(1_000)]);
  await expectCompliantApp();
});

test.each([
  [1280, 900],
  [390, 844],
])(
  'REAL TIME, %i px: a reload after two documents read and ticked finds "2 of 4", from the views the server recorded',
  async (width, height) => {
    await page.setViewportSize({ width, height });
    const learner = await registerViaApi(realApp, 'Rena');
    await signInBrowser(learner);
    await page.goto(`${realApp.url}/`);
    const gate = dialog('Compliance Acknowledgment');
    await gate.waitFor();
    const [first = '', second = ''] = await documentTitles();
    for (const title of [first, second]) {
      await readAndAcknowledge(title, () =>
        documentCard(title).getByText('Read', { exact: true }).waitFor({ timeout: 15_000 }),
      );
    }
    const progress = gate.getByTestId('documents-progress');
    expect(await progress.textContent()).toBe('2 of 4 documents read and acknowledged');

    await page.reload();
    await gate.waitFor();
    await page.getByTestId('compliance-document').first().waitFor();
    await gate.getByTestId('reading-restored').waitFor();
    expect(await progress.textContent()).toBe('2 of 4 documents read and acknowledged');
    expect(await gate.getByTestId('reading-restored').textContent()).toBe(
      'Welcome back: 2 documents you opened earlier count as read, as we recorded when you opened them, and the boxes you ticked are still ticked.',
    );
    for (const title of [first, second]) {
      expect(await documentCard(title).getByText('Read', { exact: true }).count()).toBe(1);
      expect(await documentCard(title).getByRole('checkbox').isChecked()).toBe(true);
    }
    expect(await documentCard(/./).nth(2).getByText('Not read yet').count()).toBe(1);
    await expectAxeClean(`documents step after a reload at ${width} px`);
    await screenshot(page, `compliance-dialog-restored-${width}`, false);
  },
);

test("closing the dialog before completion shows the destructive 'Compliance Required' toast", async () => {
  await registerInBrowser(fastApp, 'Cody');
  const gate = dialog('Compliance Acknowledgment');
  await gate.waitFor();
  await page.getByTestId('compliance-document').first().waitFor();
  await gate.getByRole('button', { name: 'Close' }).click();
  await gate.waitFor({ state: 'detached' });
  const alert = toast().getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toContain('Compliance Required');
  expect(await alert.textContent()).toContain(
    'You must acknowledge all compliance documents to complete registration',
  );
  expect(await alert.getAttribute('data-variant')).toBe('destructive');
  await h1('Compliance Required').waitFor();
  await screenshot(page, 'compliance-closed-early');
  // It does not open again by itself; the holding screen's button does.
  await page.waitForTimeout(1_500);
  expect(await gate.count()).toBe(0);
  await page.getByRole('button', { name: 'Start compliance steps' }).click();
  await gate.waitFor();
});

test("holding screen: a registered user who is not compliant logs in, '/' shows 'Compliance Required', the dialog opens after 1 s at the risk assessment, completion reloads into the app", async () => {
  const learner = await registerViaApi(fastApp, 'Hugo');
  await acknowledgeDocuments(learner);
  await openLanding(fastApp);
  await page.getByRole('button', { name: 'Login' }).click();
  const login = dialog('Welcome Back');
  await login.getByLabel(/^Email/).fill(learner.email);
  await login.getByLabel(/^Password/).fill(PASSWORD);
  await Promise.all([page.waitForEvent('load'), login.getByRole('button', { name: 'Sign In' }).click()]);

  await h1('Compliance Required').waitFor();
  const shown = Date.now();
  expect(await dialog('Risk Assessment').count()).toBe(0);
  await screenshot(page, 'compliance-holding-screen');
  // Every document is acknowledged: it opens straight at the risk assessment.
  await dialog('Risk Assessment').waitFor();
  expect(Date.now() - shown).toBeGreaterThanOrEqual(600);
  await expectAxeClean('risk-assessment step');
  await screenshot(page, 'compliance-dialog-risk', false);
  await completeRiskAssessment({
    experience: 'Advanced (3+ years)',
    situation: 'Stable',
    objective: 'Conservative',
  });
  await toast().getByText('Assessment Complete').waitFor();
  await page.waitForEvent('load');
  await expectCompliantApp();
});

test('holding screen on a phone: with a document still to acknowledge the dialog opens at the documents, showing the others as done', async () => {
  const learner = await registerViaApi(fastApp, 'Ines');
  await acknowledgeDocuments(learner, ['privacy_policy']);
  await signInBrowser(learner);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.clock.install();
  await page.goto(`${fastApp.url}/`);
  await h1('Compliance Required').waitFor();
  const gate = dialog('Compliance Acknowledgment');
  await gate.waitFor();
  await page.getByTestId('compliance-document').first().waitFor();
  expect(await page.getByTestId('compliance-document').filter({ hasText: 'Acknowledged' }).count()).toBe(3);
  expect(await gate.getByTestId('documents-progress').textContent()).toBe(
    '3 of 4 documents read and acknowledged',
  );
  await documentCard('Privacy Policy').getByRole('button', { name: 'Read Document' }).click();
  await documentCard('Privacy Policy').getByText('Reading... 10 s left').waitFor();
  // The dialog fits the phone's width, and nothing in it overflows sideways.
  const fit = await gate.evaluate((content) => {
    const box = content.getBoundingClientRect();
    const wide = [...content.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1);
    return {
      inside: box.left >= 0 && box.right <= window.innerWidth,
      overflowing: wide.filter((e) => getComputedStyle(e).overflowX !== 'auto').map((e) => e.tagName),
    };
  });
  expect(fit).toEqual({ inside: true, overflowing: [] });
  await expectAxeClean('documents step on a phone');
  await screenshot(page, 'compliance-dialog-mobile-360', false);
  await page.clock.runFor(10_000);
  await documentCard('Privacy Policy').getByText('Read', { exact: true }).waitFor();
  await tick(documentCard('Privacy Policy'), 'Privacy Policy');
  await gate.getByRole('button', { name: 'Next' }).click();
  await dialog('Risk Assessment').waitFor();
  await screenshot(page, 'compliance-dialog-risk-mobile-360', false);
});

test('Compliance Center: tiles, tabs, the document viewer with its timer, a warning acknowledged, the log, a renewed assessment; no serious accessibility violation', async () => {
  const learner = await registerViaApi(fastApp, 'Cora');
  await acknowledgeDocuments(learner);
  // A speculative beginner with a volatile situation: the rules issue warnings.
  await assessRisk(learner, {
    experienceLevel: 'beginner',
    financialSituation: 'volatile',
    investmentObjective: 'speculative',
    riskCapacity: 2,
    annualIncome: '$40,000',
  });
  await signInBrowser(learner);
  await page.clock.install();
  await page.goto(`${fastApp.url}/compliance`);
  await h1('Compliance Center').waitFor();

  const tiles = page.getByTestId('compliance-tile');
  await tiles.filter({ hasText: 'Risk Status' }).filter({ hasText: 'Current' }).waitFor();
  await tiles.filter({ hasText: 'Acknowledged' }).filter({ hasText: '4' }).waitFor();
  expect(await tiles.allTextContents()).toEqual(['Documents4', 'Acknowledged4', 'Risk StatusCurrent']);
  expect(await page.getByRole('tab').allTextContents()).toEqual([
    'Documents',
    'Risk Assessment',
    'Compliance Log',
  ]);

  // Documents: every one Acknowledged; the viewer shows the text and the reading timer.
  const docs = page.getByTestId('center-document');
  await docs.first().waitFor();
  expect(await docs.count()).toBe(4);
  expect(await docs.filter({ hasText: 'Acknowledged' }).count()).toBe(4);
  await expectAxeClean('center, documents tab');
  await screenshot(page, 'compliance-center-documents');
  await page.getByRole('button', { name: 'Read Document: Futures Risk Disclosure' }).click();
  const viewer = dialog('Futures Risk Disclosure');
  // The view the API seeding recorded a moment ago counts already (restored from the server's record):
  // the timer starts from the seconds since then, not from 10.
  await viewer.getByText(/^Reading\.\.\. \d+ s left$/).waitFor();
  await viewer.getByRole('region', { name: 'Futures Risk Disclosure text' }).waitFor();
  await expectAxeClean('document viewer');
  await screenshot(page, 'compliance-center-viewer', false);
  await page.clock.runFor(10_000);
  await viewer.getByText('Read', { exact: true }).waitFor();
  await viewer.getByRole('button', { name: 'Close' }).last().click();
  await viewer.waitFor({ state: 'detached' });

  // Risk Assessment: the latest assessment, Renew, and the warnings.
  await page.getByRole('tab', { name: 'Risk Assessment' }).click();
  await page.getByTestId('risk-summary').waitFor();
  expect(await page.getByTestId('risk-summary').textContent()).toContain('Beginner (0-1 years)');
  const warnings = page.getByTestId('regulatory-warning');
  await warnings.first().waitFor();
  expect(await warnings.count()).toBeGreaterThanOrEqual(3);
  expect(await warnings.filter({ hasText: 'Unacknowledged' }).count()).toBe(await warnings.count());
  await expectAxeClean('center, risk tab');
  await screenshot(page, 'compliance-center-risk');
  const general = warnings.filter({ hasText: 'General futures risk' });
  await general.getByRole('button', { name: /^Acknowledge warning/ }).click();
  await toast().getByText('Warning Acknowledged').waitFor();
  await toast().getByText('Your acknowledgment has been recorded.').waitFor();
  await general.getByText('Acknowledged', { exact: true }).waitFor();
  expect(await general.getByRole('button').count()).toBe(0);

  // Renew: the assessment dialog, completion refreshes the tab.
  await page.getByRole('button', { name: 'Renew Assessment' }).click();
  await completeRiskAssessment({
    experience: 'Intermediate (1-3 years)',
    situation: 'Stable',
    objective: 'Education',
  });
  await toast().getByText('Assessment Complete').waitFor();
  await dialog('Risk Assessment').waitFor({ state: 'detached' });
  await page.getByTestId('risk-summary').filter({ hasText: 'Intermediate (1-3 years)' }).waitFor();

  // Compliance Log: newest first, with what was just done.
  await page.getByRole('tab', { name: 'Compliance Log' }).click();
  const entries = page.getByTestId('log-entry');
  await entries.filter({ hasText: 'Warning acknowledged' }).waitFor();
  const texts = await entries.allTextContents();
  expect(texts[0]).toMatch(/Risk assessment|Warning issued/);
  expect(texts.filter((t) => t.includes('Document acknowledged'))).toHaveLength(4);
  expect(texts.some((t) => t.includes('Document viewed'))).toBe(true);
  await expectAxeClean('center, log tab');
  await screenshot(page, 'compliance-center-log');
});

const closeWays: CloseWay[] = ['Escape', 'the close button'];

test.each(closeWays)(
  "the holding screen's dialog returns focus to 'Start compliance steps' when closed by %s",
  async (way) => {
    await signInBrowser(await registerViaApi(fastApp, 'Fay'));
    await page.goto(`${fastApp.url}/`);
    const gate = dialog('Compliance Acknowledgment');
    // It opens by itself after 1 s; closed, focus goes to the button that opens it again.
    await gate.waitFor();
    await page.keyboard.press('Escape');
    await gate.waitFor({ state: 'detached' });
    const start = page.getByRole('button', { name: 'Start compliance steps' });
    await page.waitForFunction((el) => el === document.activeElement, await start.elementHandle());
    await expectFocusBackAfterClosing(page, start, 'Compliance Acknowledgment', way);
  },
);

test.each(closeWays)(
  'the Compliance Center’s document viewer and assessment dialog return focus to their opener when closed by %s',
  async (way) => {
    const learner = await registerViaApi(fastApp, 'Flo');
    await acknowledgeDocuments(learner);
    await assessRisk(learner, {
      experienceLevel: 'intermediate',
      financialSituation: 'stable',
      investmentObjective: 'growth',
    });
    await signInBrowser(learner);
    await page.goto(`${fastApp.url}/compliance`);
    await h1('Compliance Center').waitFor();
    const read = page.getByRole('button', { name: 'Read Document: Futures Risk Disclosure' });
    await expectFocusBackAfterClosing(page, read, 'Futures Risk Disclosure', way);
    await page.getByRole('tab', { name: 'Risk Assessment' }).click();
    const renew = page.getByRole('button', { name: 'Renew Assessment' });
    await renew.waitFor();
    await expectFocusBackAfterClosing(page, renew, 'Risk Assessment', way);
  },
);

test('Compliance Center on a phone: nothing overflows, the log lists the history; no serious accessibility violation', async () => {
  const learner = await registerViaApi(fastApp, 'Mo');
  await acknowledgeDocuments(learner);
  await assessRisk(learner, {
    experienceLevel: 'advanced',
    financialSituation: 'stable',
    investmentObjective: 'conservative',
  });
  await signInBrowser(learner);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${fastApp.url}/compliance`);
  await h1('Compliance Center').waitFor();
  await page.getByTestId('center-document').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Compliance Log' }).click();
  await page.getByTestId('log-entry').first().waitFor();
  expect(await page.getByText('No compliance history available').count()).toBe(0);
  await expectAxeClean('center on a phone');
  await screenshot(page, 'compliance-center-mobile-360');
});
