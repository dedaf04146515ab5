/**
 * A learner's privacy rights in a real browser against an app of its own, end to end: she registers,
 * reads and acknowledges the documents (the page's clock runs the 10 s reading timers), takes the risk
 * assessment, completes a lesson, answers a quiz question, takes the psychology assessment, downloads her
 * data (the file holds all of it) and deletes her account with her password. Afterwards: logging in fails
 * as for an unknown address, her old token gets 401, the same address registers again, an auditor sees an
 * "Erased learner" with the erasure date and verified evidence, and an export taken before the erasure still
 * verifies with `npm run audit -- verify`. Then the app is stopped, `npm run projections -- rebuild all` runs
 * against its DATA_DIR, and no file there (nor the server's log output) holds her e-mail, names, address,
 * browser or password hash.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  axeViolations,
  launchChromium,
  type RunningApp,
  registerLearner,
  repoRoot,
  screenshot,
  startApp,
} from './harness';

jest.setTimeout(300_000);

const run = promisify(execFile);
const PASSWORD = 'correct horse battery';
/** Her browser and address: distinctive, so a byte scan can look for them (the app trusts X-Forwarded-For). */
const AGENT = 'PrivacyJourneyBrowser/4.1 (Quillfeather)';
const IP = '198.51.100.77';
const FIRST = 'Henrietta';
const LAST = 'Quillfeather';
const INCOME = '$61,500 exactly';
const email = `henrietta.quillfeather.${Date.now()}@example.com`;

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const scratch = mkdtempSync(join(tmpdir(), 'tickwise-privacy-e2e-'));

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({ MIN_READ_SECONDS: '0', TRUST_PROXY: '1', LOG_LEVEL: 'info' }),
    launchChromium(),
  ]);
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    userAgent: AGENT,
    extraHTTPHeaders: { 'X-Forwarded-For': IP },
  });
  await context.addInitScript(() => {
    if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
  });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const dialog = (name: string) => page.getByRole('dialog', { name });
const toast = () => page.getByRole('region', { name: 'Notifications' });
const documentCard = (title: string): Locator =>
  page
    .getByTestId('compliance-document')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });

async function expectAxeClean(what: string): Promise<void> {
  expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
}

/** The browser's own request: her token, her browser, her address. */
async function inPage<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('token');
      const res = await fetch(path, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text === '' ? null : JSON.parse(text) };
    },
    { method, path, body },
  );
}

const login = (address: string, password = PASSWORD) =>
  apiCall<{ token: string; error?: string }>(app, 'POST', '/api/auth/login', {
    body: { email: address, password },
  });

/** The compliance gate as she meets it after registering: four documents, 10 s each, then the assessment. */
async function passTheGate(): Promise<void> {
  const gate = dialog('Compliance Acknowledgment');
  await gate.waitFor();
  await page.getByTestId('compliance-document').first().waitFor();
  const titles = await page.getByTestId('compliance-document').locator('h3').allTextContents();
  expect(titles).toHaveLength(4);
  const served = (await inPage<{ title: string; consentText: string }[]>('GET', '/api/compliance/documents'))
    .body;
  for (const title of titles) {
    const card = documentCard(title);
    await card.getByRole('button', { name: 'Read Document' }).click();
    await card.getByText('Reading... 10 s left').waitFor();
    await page.clock.runFor(10_000);
    await card.getByText('Read', { exact: true }).waitFor();
    const consent = served.find((d) => d.title === title)?.consentText ?? '';
    await card.getByText(consent, { exact: true }).click();
    await page.waitForFunction(
      (input) => input instanceof HTMLInputElement && input.checked,
      await card.getByRole('checkbox').elementHandle(),
    );
    await card.getByRole('button', { name: 'Hide Document' }).click();
  }
  await gate.getByRole('button', { name: 'Next' }).click();
  const risk = dialog('Risk Assessment');
  await risk.waitFor();
  await risk.getByLabel(/Trading experience/).selectOption({ label: 'Beginner (0-1 years)' });
  await risk.getByLabel(/Financial situation/).selectOption({ label: 'Stable' });
  await risk.getByLabel(/Investment objective/).selectOption({ label: 'Education' });
  await risk.getByLabel('Annual income (optional)').fill(INCOME);
  await risk.getByRole('button', { name: 'Complete Assessment' }).click();
  await toast().getByText('Welcome to Tickwise!').waitFor();
  await Promise.all([page.waitForEvent('load'), page.clock.runFor(1_000)]);
  await h1('Trading Dashboard').waitFor();
}

/** Lesson 1 of module 1 completed with Next, then the module quiz's first question answered. */
async function lessonAndQuiz(): Promise<void> {
  await page.goto(`${app.url}/course`);
  await h1('Course').waitFor();
  await page.getByRole('button', { name: 'Start Lesson' }).click();
  await h1('What Futures Are').waitFor();
  for (let n = 2; n <= 4; n++) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(`Lesson ${n} of 4`).waitFor();
  }
  await page.getByRole('button', { name: 'Take Module Quiz' }).click();
  await h1('Module 1 Quiz').waitFor();
  await page.getByTestId('quiz-option').first().click();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByTestId('quiz-feedback').waitFor();
}

async function psychologyAssessment(): Promise<void> {
  await page.goto(`${app.url}/trading-psychology-assessment`);
  await h1('Trading Psychology Assessment').waitFor();
  const options = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];
  for (let n = 1; n <= 30; n++) {
    await page
      .getByTestId('question-counter')
      .filter({ hasText: `Question ${n} of 30` })
      .waitFor();
    await page
      .getByTestId('question-step')
      .getByText(options[(n * 3) % 5] ?? '', { exact: true })
      .click();
    if (n < 30) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('heading', { level: 2, name: 'Your Trading Psychology Profile' }).waitFor();
}

interface PersonalData {
  format: string;
  profile: { id: string; email: string; firstName: string; lastName: string };
  logins: { ip: string; userAgent: string }[];
  acknowledgments: { documentType: string; ip?: string; userAgent?: string; secondsRead: number }[];
  documentViews: unknown[];
  riskAssessments: { annualIncome: string | null }[];
  lessonsCompleted: { moduleId: number; lessonId: number }[];
  quizAnswers: unknown[];
  psychologyAssessments: { responses: unknown[] }[];
}

let userId = '';
let oldToken = '';
let erasedAt = '';
let auditor = { email: `auditor.${Date.now()}@example.com`, token: '' };
let exportBefore = '';

test('she registers, passes the gate, learns, downloads her data and deletes her account in the browser', async () => {
  await page.clock.install();
  await page.goto(`${app.url}/`);
  await page.locator('[data-prerendered][data-live]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Create your free account' }).click();
  const form = dialog('Join Tickwise');
  await form.waitFor();
  await form.getByLabel('First name').fill(FIRST);
  await form.getByLabel('Last name').fill(LAST);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByLabel(/^Confirm password/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page
    .getByTestId('welcome')
    .filter({ hasText: `Welcome, ${FIRST}` })
    .waitFor();
  await passTheGate();
  await lessonAndQuiz();
  await psychologyAssessment();
  // A sign-in from her browser, so the file has one to show.
  const signedIn = await inPage<{ token: string }>('POST', '/api/auth/login', { email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  const me = await inPage<{ id: string }>('GET', '/api/auth/me');
  userId = me.body.id;
  oldToken = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';

  // An auditor (made by the admin CLI) takes an export of her history before the erasure.
  const registered = await registerLearner(app, auditor.email, 'Avery', { gate: false });
  auditor = { ...auditor, token: registered.token };
  const granted = await run(
    'node',
    ['--import', 'tsx', 'command-service/src/admin/cli.ts', 'grant-role', auditor.email, 'auditor'],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: app.dataDir } },
  );
  expect(granted.stdout).toContain('Role auditor granted');
  const taken = await apiCall(app, 'GET', `/api/audit/learners/${userId}/export?format=json`, {
    token: auditor.token,
  });
  expect(taken.status).toBe(200);
  exportBefore = join(scratch, 'export-before-erasure.json');
  writeFileSync(exportBefore, JSON.stringify(taken.body));

  // The account page, from her name in the navigation bar's welcome line.
  await page.getByTestId('welcome').getByRole('link', { name: FIRST, exact: true }).click();
  await h1('Your account').waitFor();
  await expectAxeClean('account page');
  await screenshot(page, 'privacy-account');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-my-data').click(),
  ]);
  const file = join(scratch, download.suggestedFilename());
  await download.saveAs(file);
  await page.getByText(/^Downloaded tickwise-my-data-\d{4}-\d{2}-\d{2}\.json/).waitFor();
  const data = JSON.parse(readFileSync(file, 'utf8')) as PersonalData;
  expect(data.format).toBe('tickwise-personal-data/1');
  expect(data.profile).toMatchObject({ id: userId, email, firstName: FIRST, lastName: LAST });
  expect(data.logins).toEqual([expect.objectContaining({ ip: IP, userAgent: AGENT })]);
  expect(data.documentViews).toHaveLength(4);
  expect(data.acknowledgments).toHaveLength(4);
  for (const ack of data.acknowledgments) expect(ack).toMatchObject({ ip: IP, userAgent: AGENT });
  expect(data.riskAssessments).toEqual([expect.objectContaining({ annualIncome: INCOME })]);
  expect(data.lessonsCompleted.map((l) => [l.moduleId, l.lessonId])).toEqual([
    [1, 1],
    [1, 2],
    [1, 3],
    [1, 4],
  ]);
  expect(data.quizAnswers).toHaveLength(1);
  expect(data.psychologyAssessments).toEqual([expect.objectContaining({ responses: expect.any(Array) })]);
  expect(data.psychologyAssessments[0]?.responses).toHaveLength(30);

  // Delete: a wrong password first (said on the field, nothing recorded), then hers.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await confirm.waitFor();
  await confirm.getByText('This cannot be undone.').waitFor();
  await expectAxeClean('the deletion dialog');
  await screenshot(page, 'privacy-delete-dialog', false);
  await confirm.getByLabel('Your password').fill('not my password');
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await confirm.getByText('The password is not correct').waitFor();
  expect((await inPage('GET', '/api/auth/me')).status).toBe(200);
  await confirm.getByLabel('Your password').fill(PASSWORD);
  const [erased] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/account/erasure') && r.status() === 200),
    confirm.getByRole('button', { name: 'Delete my account for good' }).click(),
  ]);
  erasedAt = ((await erased.json()) as { erasedAt: string }).erasedAt;
  await page.waitForURL(`${app.url}/`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('afterwards: her login fails like an unknown address, her old token gets 401, the address registers again', async () => {
  const hers = await login(email);
  const nobody = await login(`nobody.${Date.now()}@example.com`);
  expect([hers.status, hers.body]).toEqual([nobody.status, nobody.body]);
  expect(hers.status).toBe(401);
  expect((await apiCall(app, 'GET', '/api/auth/me', { token: oldToken })).status).toBe(401);
  expect((await apiCall(app, 'GET', '/api/account/data', { token: oldToken })).status).toBe(401);
  const again = await apiCall<{ user: { id: string }; token: string }>(app, 'POST', '/api/auth/register', {
    body: { email, password: 'another password 42', firstName: 'New', lastName: 'Account' },
  });
  expect(again.status).toBe(201);
  expect(again.body.user.id).not.toBe(userId);
  // The new account is someone's too: deleted again here, so the scan below looks for no live data.
  const gone = await apiCall(app, 'POST', '/api/account/erasure', {
    token: again.body.token,
    body: { password: 'another password 42' },
  });
  expect(gone.status).toBe(200);
});

test('an auditor sees an "Erased learner" with the erasure date and verified evidence', async () => {
  const auditorPage = await context.browser()?.newContext({ viewport: { width: 1280, height: 900 } });
  if (!auditorPage) throw new Error('no browser');
  await auditorPage.addInitScript((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('cookie-consent', 'rejected');
  }, auditor.token);
  const view = await auditorPage.newPage();
  await view.goto(`${app.url}/audit`);
  await view.getByRole('heading', { level: 1, name: 'Compliance audit' }).waitFor();
  await view.getByLabel('E-mail or name').fill(userId);
  await view.getByRole('button', { name: 'Search' }).click();
  const open = view.getByRole('button', { name: /^Open history: Erased learner/ });
  await open.waitFor();
  await open.click();
  const day = erasedAt.slice(0, 10);
  await view
    .getByRole('heading', { name: new RegExp(`^History of Erased learner \\(erased ${day} `) })
    .waitFor();
  await view.getByTestId('audit-verification').filter({ hasText: 'Verified' }).waitFor();
  expect(await view.getByTestId('audit-entry').count()).toBeGreaterThanOrEqual(9);
  expect(await view.locator('body').textContent()).not.toContain(LAST);
  await screenshot(view, 'privacy-auditor-erased-learner');
  await auditorPage.close();

  // The export taken before the erasure still verifies offline.
  const verified = await run(
    'node',
    ['--import', 'tsx', 'query-service/src/audit/cli.ts', 'verify', exportBefore],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: app.dataDir },
    },
  );
  expect(verified.stdout).not.toMatch(/NOT VERIFIED/);
  expect(verified.stdout).toMatch(/verified/i);
});

test('with the app stopped and every read model rebuilt, no file under DATA_DIR holds her personal data', async () => {
  const logs = app.output();
  await app.stop({ keepDataDir: true });
  try {
    const rebuilt = await run('npm', ['run', 'projections', '--', 'rebuild', 'all'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: app.dataDir },
    });
    expect(rebuilt.stdout).toMatch(/users: rebuilt generation/);
    const files = (function under(folder: string): string[] {
      return readdirSync(folder).flatMap((name) => {
        const path = join(folder, name);
        return statSync(path).isDirectory() ? under(path) : [path];
      });
    })(app.dataDir);
    expect(files.map((f) => f.slice(app.dataDir.length + 1))).toEqual(
      expect.arrayContaining(['events.db', 'read-models.db', 'keys.db']),
    );
    const bytes = `${files.map((f) => readFileSync(f).toString('latin1')).join('\n')}\n${logs}`;
    for (const value of [email, FIRST, LAST, IP, AGENT, INCOME, '$argon2id$'])
      expect({ value, found: bytes.includes(value) }).toEqual({ value, found: false });
  } finally {
    rmSync(app.dataDir, { recursive: true, force: true });
  }
});
