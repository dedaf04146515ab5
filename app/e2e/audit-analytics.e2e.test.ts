/**
 * The auditor's and the analyst's screens in a real browser against the real app: an auditor
 * finds a learner, reads the timeline with its evidence, moves the as-of time (the state changes) and
 * exports — the JSON export re-verifies offline with the audit CLI; an analyst sees the funnel and the item
 * analysis, and runs a rebuild whose progress bar shows until the projection is live again. Axe finds no
 * violation of any impact on either screen. Roles are granted with the admin CLI against the test
 * server's DATA_DIR, as an operator would.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import {
  apiCall,
  artifactsDir,
  axeViolations,
  launchChromium,
  type RunningApp,
  repoRoot,
  screenshot,
  startApp,
} from './harness';

jest.setTimeout(240_000);

const run = promisify(execFile);
const PASSWORD = 'correct horse battery';
const USER_AGENT = 'TickwiseE2E/1.0 (audit evidence)';
const stamp = Date.now().toString(36);

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let downloads: string;

/** A signed-in API user whose queries carry the highest position their writes reached. */
class Person {
  position: string | null = null;
  constructor(
    readonly email: string,
    readonly token: string,
    readonly userId: string,
  ) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const reply = await apiCall<T>(app, method, path, {
      token: this.token,
      body,
      position: this.position,
      headers: { 'User-Agent': USER_AGENT },
    });
    if (
      reply.position !== null &&
      (this.position === null || BigInt(reply.position) > BigInt(this.position))
    ) {
      this.position = reply.position;
    }
    return reply;
  }

  async expect<T>(method: 'GET' | 'POST', path: string, status: number, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status !== status) {
      throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return res.body;
  }
}

async function register(label: string, firstName: string, lastName: string): Promise<Person> {
  const email = `${label}.${stamp}@example.com`;
  const res = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
    body: JSON.stringify({ email, password: PASSWORD, firstName, lastName }),
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(body)}`);
  const person = new Person(email, body.token, body.user.id);
  person.position = res.headers.get('X-Position');
  return person;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The version of the risk disclosure in force, as the server serves it (set by acknowledgeAll). */
let riskVersion = '';

/**
 * Reads every document in force (the versions the server serves), acknowledges each one; returns the server
 * time of the last acknowledgment.
 */
async function acknowledgeAll(person: Person): Promise<string> {
  const documents = await person.expect<Array<{ documentType: string; version: string }>>(
    'GET',
    '/api/compliance/documents',
    200,
  );
  expect(documents).toHaveLength(4);
  riskVersion = documents.find((d) => d.documentType === 'risk_disclosure')?.version ?? '';
  for (const { documentType, version } of documents) {
    await person.expect('POST', '/api/compliance/document-views', 201, { documentType, version });
  }
  let last = '';
  for (const { documentType, version } of documents) {
    const ack = await person.expect<{ acknowledgedAt: string }>(
      'POST',
      '/api/compliance/acknowledgment',
      201,
      {
        documentType,
        version,
        consentText: `I have read and understood the ${documentType} document.`,
      },
    );
    last = ack.acknowledgedAt;
  }
  return last;
}

async function assessRisk(person: Person): Promise<void> {
  await person.expect('POST', '/api/risk/assessment', 201, {
    experienceLevel: 'beginner',
    financialSituation: 'volatile',
    riskCapacity: 3,
    investmentObjective: 'education',
    annualIncome: '40k',
    netWorth: '',
  });
}

interface QuizQuestion {
  id: number;
  options: string[];
}

/**
 * Module 1's answer key as authored. GET /api/modules/1/quiz no longer serves it, and learning it through the
 * API would add a scout's answers to the very item analysis this test checks, so it is read from content/.
 */
const moduleOneKey: ReadonlyMap<number, number> = new Map(
  (
    parseYaml(readFileSync(join(repoRoot, 'content/course/01-what-futures-are/quiz.yaml'), 'utf8')) as {
      questions: { id: number; correctAnswer: number }[];
    }
  ).questions.map((q) => [q.id, q.correctAnswer]),
);

/** Completes module 1: its lessons, its quiz answered after `pattern` (true = right), the quiz itself. */
async function completeModuleOne(person: Person, pattern: readonly boolean[]): Promise<void> {
  const lessons = await person.expect<{ id: number }[]>('GET', '/api/modules/1/lessons', 200);
  for (const lesson of lessons) {
    await person.expect('POST', '/api/progress', 201, { moduleId: 1, lessonId: lesson.id, completed: true });
  }
  const quiz = await person.expect<QuizQuestion[]>('GET', '/api/modules/1/quiz', 200);
  for (const [index, question] of quiz.entries()) {
    const right = pattern[index % pattern.length] ?? true;
    const correctAnswer = moduleOneKey.get(question.id);
    if (correctAnswer === undefined)
      throw new Error(`question ${question.id} is not in module 1's quiz.yaml`);
    const selectedAnswer = right ? correctAnswer - 1 : correctAnswer % question.options.length;
    await person.expect('POST', '/api/quiz/attempt', 201, { questionId: question.id, selectedAnswer });
  }
  await person.expect('POST', '/api/progress', 201, { moduleId: 1, lessonId: null, completed: true });
}

async function takePsychologyAssessment(person: Person, value: number): Promise<void> {
  const questions = await person.expect<{ id: number }[]>('GET', '/api/trading-psychology/questions', 200);
  await person.expect('POST', '/api/trading-psychology/assessment', 201, {
    responses: questions.map((q, i) => ({ questionId: q.id, value: ((value + i) % 5) + 1 })),
  });
}

/** `npm run admin -- grant-role` against the test server's DATA_DIR; then waits until /me shows the role. */
async function grantRole(person: Person, role: 'auditor' | 'analyst'): Promise<void> {
  const { stdout } = await run(
    'node',
    ['--import', 'tsx', 'command-service/src/admin/cli.ts', 'grant-role', person.email, role],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: app.dataDir },
    },
  );
  expect(stdout).toContain(`Role ${role} granted`);
  for (let i = 0; i < 100; i++) {
    const me = await person.expect<{ roles: string[] }>('GET', '/api/auth/me', 200);
    if (me.roles.includes(role)) return;
    await sleep(100);
  }
  throw new Error(`the role ${role} never reached ${person.email}`);
}

/** Opens `path` signed in as `person` (a fresh login, so the token carries nothing stale). */
async function openAs(person: Person, path: string): Promise<void> {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await context.addInitScript((t) => {
    localStorage.setItem('token', t);
    if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
  }, token);
  await page.goto(`${app.url}${path}`);
}

/**
 * At the page's current (phone) width: nothing sticks out of the page sideways; a box that
 * scrolls sideways is a focusable region with a name (reachable and announced from the keyboard); no table
 * caption runs out of the box it sits in (captions wrap); and axe finds no violation of any impact.
 */
async function checkNarrow(): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const nameOf = (el: Element): string =>
      (
        el.getAttribute('aria-label') ??
        (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      ).trim();
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        const what = el.querySelector('caption')?.textContent ?? el.className;
        if (el.tabIndex < 0) found.push(`not focusable: ${what}`);
        if (el.getAttribute('role') !== 'region' || nameOf(el) === '') found.push(`no named region: ${what}`);
      }
    }
    for (const caption of document.querySelectorAll('caption')) {
      let box: HTMLElement = caption.parentElement ?? document.body;
      while (box !== document.body && getComputedStyle(box).overflowX === 'visible') {
        box = box.parentElement ?? document.body;
      }
      const range = document.createRange();
      range.selectNodeContents(caption);
      const text = range.getBoundingClientRect();
      const frame = box.getBoundingClientRect();
      if (text.width > 0 && (text.left < frame.left - 1 || text.right > frame.right + 1)) {
        found.push(`caption cut off: ${caption.textContent}`);
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
}

/** A picture of one part of the screen, under app/e2e-artifacts/ (taken from the whole page, scrolled to
 * the top, so the sticky navigation bar does not cover it). */
async function shoot(part: Locator, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await part.boundingBox();
  if (box === null) throw new Error(`${name}: nothing to take a picture of`);
  await page.screenshot({
    path: join(artifactsDir, `${name}.png`),
    fullPage: true,
    clip: box,
    animations: 'disabled',
  });
}

// The learner whose history is audited, and the moment between their acknowledgments and risk assessment.
let grace: Person;
let betweenAckAndRisk: string;
const graceLast = `Hopper${stamp}`;

beforeAll(async () => {
  // An app of its own: the funnel and the item analysis count every learner in its log. Acknowledgments need
  // no 10 s wait here; the rule itself is covered by the command-service tests.
  [app, browser] = await Promise.all([startApp({ MIN_READ_SECONDS: '0' }), launchChromium()]);
  downloads = mkdtempSync(join(tmpdir(), 'tickwise-e2e-downloads-'));

  grace = await register('grace', 'Grace', graceLast);
  const lastAck = await acknowledgeAll(grace);
  // A whole second after the last acknowledgment, before the risk assessment: acknowledged, not compliant.
  betweenAckAndRisk = new Date(Math.floor(Date.parse(lastAck) / 1000) * 1000 + 1000).toISOString();
  await sleep(Math.max(0, Date.parse(betweenAckAndRisk) - Date.now()) + 1200);
  await assessRisk(grace);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

test('an auditor finds a learner, reads the timeline, moves the as-of time, exports a JSON that verifies offline', async () => {
  const auditor = await register('auditor', 'Avery', 'Auditor');
  await grantRole(auditor, 'auditor');
  await openAs(auditor, '/audit');
  await page.getByRole('heading', { level: 1, name: 'Compliance audit' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).waitFor();

  // Find Grace by her last name and open her history.
  await page.getByLabel('E-mail or name').fill(graceLast);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('table', { name: new RegExp(`1 learner matching “${graceLast}”`) });
  await results.waitFor();
  await results.getByRole('button', { name: new RegExp(`Open history: Grace ${graceLast}`) }).click();
  await page.getByRole('heading', { name: `History of Grace ${graceLast}` }).waitFor();

  // Now: compliant, every chain verified, the timeline with the evidence of each entry.
  await expect(page.getByTestId('audit-compliance').textContent()).resolves.toBe('Compliant');
  await expect(page.getByTestId('audit-verification').textContent()).resolves.toContain('Verified');
  const entries = page.getByTestId('audit-entry');
  const countNow = await entries.count();
  // The registration warning, 4 views, 4 acknowledgments, the risk assessment (and any warnings it issued).
  expect(countNow).toBeGreaterThanOrEqual(10);
  const ack = entries.filter({ hasText: `Acknowledged Futures Risk Disclosure v${riskVersion}` });
  await expect(ack.count()).resolves.toBe(1);
  const ackText = (await ack.textContent()) ?? '';
  expect(ackText).toContain(USER_AGENT);
  // The consent wording is the server's own text of the box the learner ticked.
  expect(ackText).toMatch(/Consent wordingI have read and understood the Futures Risk Disclosure/);
  expect(ackText).toMatch(/Content hash[0-9a-f]{64}/);
  expect(ackText).toMatch(/Seconds read\d+/);
  const risk = entries.filter({ hasText: 'Completed the risk assessment' });
  expect(await risk.textContent()).toContain('Volatile');
  await screenshot(page, 'audit-history');

  // As of a moment between the acknowledgments and the risk assessment: acknowledged, but not compliant.
  await page.getByLabel('History as of', { exact: true }).fill(betweenAckAndRisk.slice(0, 19));
  await page.getByTestId('audit-compliance').filter({ hasText: 'Not compliant' }).waitFor();
  await expect(page.getByTestId('audit-risk').textContent()).resolves.toBe('No risk assessment');
  await expect(page.getByTestId('audit-as-of').textContent()).resolves.toBe(
    `As of ${betweenAckAndRisk.replace('T', ' ').replace('Z', '')} UTC`,
  );
  expect(await entries.count()).toBeLessThan(countNow);
  expect(page.url()).toContain(`asOf=${encodeURIComponent(betweenAckAndRisk)}`);
  // Axe once over the whole screen: search results, history, state, verification, timeline and coverage.
  await page.getByTestId('coverage-acknowledged').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'audit-as-of');

  // Export JSON (fetched with the token, handed over as a blob) and verify it with the audit CLI.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export history as JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tickwise-history-.+\.json$/);
  const file = join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  const exported = JSON.parse(readFileSync(file, 'utf8')) as { kind: string; report: { asOf: string } };
  expect(exported.kind).toBe('learner-history');
  expect(exported.report.asOf).toBe(betweenAckAndRisk);
  // On the server, as an auditor would: the CLI checks the export's signed checkpoint with this installation's key.
  const verified = await run('node', ['--import', 'tsx', 'query-service/src/audit/cli.ts', 'verify', file], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: app.dataDir },
  });
  expect(verified.stdout).not.toMatch(/NOT VERIFIED/);
  await page
    .getByRole('region', { name: `History of Grace ${graceLast}` })
    .getByTestId('export-status')
    .filter({ hasText: /^Downloaded tickwise-history-.+\.json/ })
    .waitFor();

  // CSV as well: one header row and one row per event up to the as-of time.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export history as CSV' }).click(),
  ]);
  const csvFile = join(downloads, csv.suggestedFilename());
  await csv.saveAs(csvFile);
  expect(readFileSync(csvFile, 'utf8').split('\r\n')[0]).toMatch(/^occurredAt,type,stream,revision/);

  // Back to now from the picker.
  await page.getByRole('button', { name: 'History as of: now' }).click();
  await page
    .getByTestId('audit-compliance')
    .filter({ hasText: /^Compliant$/ })
    .waitFor();

  // Coverage of the version in force: Grace acknowledged it.
  const acknowledged = page.getByTestId('coverage-acknowledged');
  await acknowledged.waitFor();
  expect(await acknowledged.textContent()).toContain(grace.email);
  await page.getByRole('heading', { name: 'Document coverage' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'audit-coverage', false);

  // Narrow screens: nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'audit-mobile-390');
  // The auditor's action is in reach on a phone: each learner is a card, 'Open history' inside the screen's
  // width, with no box to scroll sideways to find it.
  const open = page.getByTestId('learner-result').getByRole('button', { name: /^Open history: Grace/ });
  await open.scrollIntoViewIfNeeded();
  const reach = await open.evaluate((button) => {
    const box = button.getBoundingClientRect();
    let scroller: Element | null = button.parentElement;
    while (
      scroller !== null &&
      !(scroller.scrollWidth > scroller.clientWidth + 1 && getComputedStyle(scroller).overflowX !== 'visible')
    )
      scroller = scroller.parentElement;
    return { inside: box.left >= 0 && box.right <= window.innerWidth, scroller: scroller?.tagName ?? null };
  });
  expect(reach).toEqual({ inside: true, scroller: null });
  await page.screenshot({ path: '/tmp/shots/audit-390-open-history.png', animations: 'disabled' });
  await ack.scrollIntoViewIfNeeded();
  await screenshot(page, 'audit-mobile-390-timeline', false);

  // The narrowest phone (360 px): the search with its results, the timeline and the coverage tables.
  await page.setViewportSize({ width: 360, height: 800 });
  await shoot(page.getByRole('region', { name: 'Find a learner' }), 'audit-360-search');
  await shoot(entries.first(), 'audit-360-timeline-first');
  await shoot(ack, 'audit-360-timeline-ack');
  await shoot(page.getByRole('region', { name: 'Document coverage' }), 'audit-360-coverage');
  await checkNarrow();
  // Timeline titles that wrap keep their lines together.
  const titleSpacing = await entries
    .locator('h4')
    .first()
    .evaluate(
      (h) =>
        Number.parseFloat(getComputedStyle(h).lineHeight) / Number.parseFloat(getComputedStyle(h).fontSize),
    );
  expect(titleSpacing).toBeLessThanOrEqual(1.4);
});

test('an analyst sees the funnel and the item analysis, and runs a rebuild with its progress bar', async () => {
  // Some history to analyse: learners who pass the gate and take module 1's quiz with different results.
  const patterns: readonly (readonly boolean[])[] = [
    [true, true, true, true, true, true, true, true, true],
    [true, true, true, true, true, true, true, false, true],
    [true, false, true, false, false, false, true, false, false],
    [false, true, false, false, false, true, false, false, false],
  ];
  for (const [index, pattern] of patterns.entries()) {
    const person = await register(`learner${index}`, `Learner${index}`, 'Analysed');
    await acknowledgeAll(person);
    await assessRisk(person);
    await completeModuleOne(person, pattern);
    await takePsychologyAssessment(person, index);
  }
  await register('visitor', 'Only', 'Registered');

  const analyst = await register('analyst', 'Ana', 'Lyst');
  await grantRole(analyst, 'analyst');
  await openAs(analyst, '/analytics');
  await page.getByRole('heading', { level: 1, name: 'Learning analytics' }).waitFor();

  // The funnel: everyone registered, Grace and the four learners passed the gate, four completed module 1.
  const funnel = page.getByTestId('funnel-chart');
  await funnel.waitFor();
  const steps = await funnel.getByRole('listitem').allTextContents();
  expect(steps[0]).toMatch(/^Registered\d+ learners100% of registered$/);
  expect(steps[1]).toMatch(/^Passed the compliance gate5 learners/);
  expect(steps[2]).toMatch(/^Module 1 completed: .+4 learners/);

  // Item analysis: the plot and the exact numbers.
  const plot = page.getByTestId('item-analysis-chart');
  await plot.waitFor();
  expect(await plot.getAttribute('role')).toBe('img');
  expect(await plot.locator('circle, rect[transform]').count()).toBeGreaterThan(0);
  const items = page.getByTestId('items-table');
  const rows = items.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(9);
  expect(await rows.first().textContent()).toMatch(/4(100|75|50|25|0)(\.\d)?%/);
  await page.getByTestId('psychology-assessments').filter({ hasText: '4' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'analytics');

  // A real rebuild of the analytics projection: the bar shows, the button stays disabled meanwhile, and the
  // projection comes back live with the button usable again.
  const row = page.getByTestId('projection-analytics');
  await row.scrollIntoViewIfNeeded();
  const button = row.getByRole('button', { name: 'Rebuild analytics' });
  expect(await button.isEnabled()).toBe(true);
  // The button's state is read in the same render the bar first appears in: a small history rebuilds in
  // moments, and a separate look after the bar showed could already find it finished and the button back.
  await row.evaluate((element) => {
    const seen = window as unknown as { disabledWithBar?: Promise<boolean> };
    seen.disabledWithBar = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!element.querySelector('[role="progressbar"]')) return;
        observer.disconnect();
        const rebuild = element.querySelector('button[aria-label="Rebuild analytics"]');
        resolve(rebuild instanceof HTMLButtonElement && rebuild.disabled);
      });
      observer.observe(element, { subtree: true, childList: true, attributes: true });
    });
  });
  await button.click();
  await row.getByRole('progressbar', { name: 'Rebuild of analytics' }).waitFor();
  expect(
    await page.evaluate(() => (window as unknown as { disabledWithBar?: Promise<boolean> }).disabledWithBar),
  ).toBe(true);
  await screenshot(page, 'analytics-rebuild-started', false);
  await row.getByTestId('rebuild-finished').waitFor({ timeout: 60_000 });
  await expect(row.getByTestId('projection-state').textContent()).resolves.toBe('Live');
  expect(await button.isEnabled()).toBe(true);
  await expect(page.getByTestId('rebuild-announcement').textContent()).resolves.toBe(
    'Rebuild of analytics finished: live again.',
  );
  // The figures are served by the rebuilt version: the same funnel.
  expect(await funnel.getByRole('listitem').allTextContents()).toEqual(steps);
  await screenshot(page, 'analytics-rebuild-finished', false);

  // A second rebuild right away is accepted too (the first has finished), and finishes.
  await button.click();
  await row.getByTestId('rebuild-finished').waitFor({ timeout: 60_000 });

  // This seeded history rebuilds in well under a poll, so no progress is ever reported while it runs. To look
  // at the bar with a running rebuild's numbers (events/s, ETA), the next answers of the status route are
  // replaced by one that reports progress; then the real route answers again and the row is live.
  let fake = true;
  await page.route('**/api/admin/projections', async (route) => {
    if (!fake) return route.continue();
    const real = await route.fetch();
    const list = (await real.json()) as { name: string }[];
    const body = list.map((p) =>
      p.name === 'analytics'
        ? {
            ...p,
            state: 'rebuilding',
            rebuild: {
              targetVersion: 1,
              processed: 12_480,
              total: 20_000,
              eventsPerSecond: 4160,
              etaSeconds: 2,
              startedAt: new Date().toISOString(),
            },
          }
        : p,
    );
    return route.fulfill({ response: real, json: body });
  });
  await page.getByRole('button', { name: 'Rebuild users' }).click();
  await row.getByText(/To version 1: 62\.4% · 12,480 of 20,000 events · 4,160 events\/s · ETA 2 s/).waitFor();
  await screenshot(page, 'analytics-rebuild-progress', false);
  fake = false;
  await row.getByRole('progressbar').waitFor({ state: 'detached' });
  await expect(row.getByTestId('projection-state').textContent()).resolves.toBe('Live');

  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'analytics-mobile-390');
  // Every funnel bar starts at the left edge of its track, like every other bar.
  const offsets = await funnel
    .locator('li [aria-hidden="true"]')
    .evaluateAll((tracks) =>
      tracks.map((track) =>
        Math.round(
          (track.firstElementChild?.getBoundingClientRect().left ?? -1) - track.getBoundingClientRect().left,
        ),
      ),
    );
  expect(offsets.length).toBeGreaterThanOrEqual(3);
  expect(new Set(offsets)).toEqual(new Set([0]));
  // The scatter's labels read at 11 px or more on the phone (the plot is drawn at about half its size).
  const smallest = await plot.evaluate((svg) => {
    const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
    return Math.min(
      ...[...svg.querySelectorAll('text')].map(
        (t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale,
      ),
    );
  });
  expect(smallest).toBeGreaterThanOrEqual(11);
  // No figure of the item table is cut: each cell shows all of its text.
  const cut = await items
    .locator('tbody td')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
  expect(cut).toEqual([]);
  await plot.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/analytics-390-scatter.png', animations: 'disabled' });
  await items.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/analytics-390-items.png', animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await funnel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/analytics-1280-funnel.png', animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });

  // The narrowest phone (360 px): the funnel, the item analysis and the projections panel.
  await page.setViewportSize({ width: 360, height: 800 });
  await shoot(page.getByRole('region', { name: 'Learner funnel' }), 'analytics-360-funnel');
  await shoot(page.getByRole('region', { name: 'Quiz item analysis' }), 'analytics-360-items');
  await shoot(page.getByRole('region', { name: 'Projections' }), 'analytics-360-projections');
  await checkNarrow();
});
