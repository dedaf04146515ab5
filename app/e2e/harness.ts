/**
 * The real app for browser tests: the compiled server (app/dist/start.js, `npm run build:server`) on a free
 * port over a temporary DATA_DIR, in its own process group (stopped as a group), and Debian's chromium driven
 * by playwright-core. A suite that needs no settings of its own uses its jest worker's shared app
 * (`sharedApp`); one that does, or that stops its app, starts its own (`startApp`).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type ConsoleMessage, chromium, type Locator, type Page } from 'playwright-core';
import { ensureServerBuilt, serverDist } from '../build/server-build';
import { SERVER_ENV } from '../src/server-env';
import { processGroupAlive, stopProcessGroup } from '../src/testing/process-group';

/** The workspace root: the nearest folder up from the working directory whose package.json has workspaces. */
function findRepoRoot(from = process.cwd()): string {
  const manifest = join(from, 'package.json');
  if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return from;
  const parent = dirname(from);
  if (parent === from) throw new Error('run this from inside the Tickwise workspace');
  return findRepoRoot(parent);
}

export const repoRoot = findRepoRoot();
export const artifactsDir = join(repoRoot, 'app', 'e2e-artifacts');
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Headless chromium as root in a container without a GPU: no sandbox (chromium refuses one as root), no GPU,
 * and none of the background traffic (QUIC, updates, sync, first-run pages) a test has no use for.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface RunningApp {
  readonly url: string;
  readonly dataDir: string;
  /** Everything the server printed (its logs) so far. */
  output(): string;
  /** Stops the app; its DATA_DIR is removed unless `keepDataDir` (the caller removes it then). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

/**
 * Set by the global setup for the run: the folder where each jest worker records its shared app, for the
 * global teardown to stop. The server is built by then.
 */
export const RUN_DIR_VARIABLE = 'TICKWISE_E2E_RUN_DIR';
/** The shared apps' settings: acknowledgments need no reading time (the dialog's timer is the page's). */
export const SHARED_APP_ENV: Readonly<Record<string, string>> = { MIN_READ_SECONDS: '0' };
const STARTED_LINE = 'Tickwise is running at';
const START_TIMEOUT_MS = 120_000;

/** The compiled server, built when stale unless the e2e global setup has built it for this run. */
async function serverFile(): Promise<string> {
  const dist =
    process.env[RUN_DIR_VARIABLE] === undefined ? await ensureServerBuilt(repoRoot) : serverDist(repoRoot);
  return join(dist, 'start.js');
}

/** A server on `port` over `dataDir`: the test defaults, then `env`. */
async function launch(
  port: number,
  dataDir: string,
  env: Readonly<Record<string, string>>,
  stdio: 'pipe' | number,
  timeShift?: string,
): Promise<ChildProcess> {
  const server = [process.execPath, await serverFile()];
  // libfaketime moves the whole process's clock (its worker threads too): the server's own time, not the page's.
  const [command = process.execPath, ...args] =
    timeShift === undefined ? server : ['faketime', '-f', timeShift, ...server];
  return spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The app's own address: certificates' verify links and issuer id point back at it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      JWT_SECRET: '',
      ...env,
    },
    stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : ['ignore', stdio, stdio],
    detached: true,
  });
}

export interface StartOptions {
  /** A data folder to start on (one an earlier `stop({ keepDataDir: true })` kept); a new one otherwise. */
  readonly dataDir?: string;
  /** The server's clock moved by libfaketime, e.g. '+15m'. */
  readonly timeShift?: string;
}

/** Starts the suite's own server (`env` on top of the test defaults); resolves once it prints its URL. */
export async function startApp(
  env: Readonly<Record<string, string>> = {},
  options: StartOptions = {},
): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tickwise-e2e-'));
  const proc = await launch(port, dataDir, env, 'pipe', options.timeShift);
  let output = '';
  const started = new Promise<void>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the server did not come up:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(STARTED_LINE)) {
        clearTimeout(timer);
        ready();
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  try {
    await started;
  } catch (error) {
    // Nothing left behind: the group (if any of it still runs) and the folder.
    await stopGroup(proc, dataDir);
    throw error;
  }
  proc.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    stop: ({ keepDataDir = false } = {}) => stopGroup(proc, keepDataDir ? undefined : dataDir),
  };
}

/** Stops the app's process group (`stopProcessGroup`), then removes `dataDir`. A failed removal rejects. */
async function stopGroup(proc: Pick<ChildProcess, 'pid'>, dataDir: string | undefined): Promise<void> {
  await stopProcessGroup(proc as ChildProcess);
  if (dataDir !== undefined)
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** What a worker's shared app leaves in the run folder for the suites after it and for the teardown. */
interface SharedAppRecord {
  readonly pid: number;
  readonly url: string;
  readonly dataDir: string;
  readonly log: string;
}

const runDir = (): string => {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (dir === undefined)
    throw new Error(`sharedApp() runs under the e2e global setup, which sets ${RUN_DIR_VARIABLE}`);
  return dir;
};

function sharedAppOf(record: SharedAppRecord): RunningApp {
  return {
    url: record.url,
    dataDir: record.dataDir,
    output: () => readFileSync(record.log, 'utf8'),
    stop: () =>
      Promise.reject(new Error('a shared app runs until the end of the run (the e2e global teardown)')),
  };
}

/**
 * This jest worker's shared app, with SHARED_APP_ENV: started by the first suite on the worker that asks,
 * then used by every later one, each with learners of its own; the global teardown stops it. It outlives the
 * suite that started it, so it holds no handle of that suite: its output goes to a file, and the process is
 * unreferenced. A suite must not stop it.
 */
export async function sharedApp(): Promise<RunningApp> {
  const file = join(runDir(), `worker-${process.env.JEST_WORKER_ID ?? '1'}.json`);
  if (existsSync(file)) {
    const record = JSON.parse(readFileSync(file, 'utf8')) as SharedAppRecord;
    if (!processGroupAlive(record.pid))
      throw new Error(`this worker's shared app has exited:\n${readFileSync(record.log, 'utf8')}`);
    return sharedAppOf(record);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-e2e-'));
  const log = `${file.slice(0, -'.json'.length)}.log`;
  const fd = openSync(log, 'a');
  let proc: ChildProcess;
  try {
    proc = await launch(port, dataDir, SHARED_APP_ENV, fd);
  } finally {
    closeSync(fd);
  }
  proc.unref();
  const pid = proc.pid;
  if (pid === undefined) throw new Error(`the shared app did not start:\n${readFileSync(log, 'utf8')}`);
  const record: SharedAppRecord = { pid, url: `http://127.0.0.1:${port}`, dataDir, log };
  // Recorded at once, so the teardown stops it even when it never comes up.
  writeFileSync(file, JSON.stringify(record));
  for (const deadline = Date.now() + START_TIMEOUT_MS; !readFileSync(log, 'utf8').includes(STARTED_LINE); ) {
    if (proc.exitCode !== null || proc.signalCode !== null || Date.now() > deadline)
      throw new Error(`the shared app did not come up:\n${readFileSync(log, 'utf8')}`);
    await new Promise((tick) => setTimeout(tick, 25));
  }
  return sharedAppOf(record);
}

/** Stops every shared app of the run (the global teardown), then removes their folders and the run's. */
export async function stopSharedApps(dir: string): Promise<void> {
  const records = readdirSync(dir)
    .filter((name) => /^worker-\d+\.json$/.test(name))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SharedAppRecord);
  await Promise.all(records.map((record) => stopGroup({ pid: record.pid }, record.dataDir)));
  rmSync(dir, { recursive: true, force: true });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs });
}

/** Saves a screenshot under app/e2e-artifacts/ (`name` may name a subfolder: 'screens/course-390'). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const path = join(artifactsDir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage, animations: 'disabled' });
}

/**
 * Collects what a person would find in the browser's console as a fault: console errors (with the file that
 * logged them) and uncaught exceptions, from now on. The returned list grows as they happen.
 */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** `npm run admin -- grant-role` against the running app's DATA_DIR, as an operator would. */
export async function grantRole(
  app: RunningApp,
  email: string,
  role: 'auditor' | 'analyst' | 'admin',
): Promise<void> {
  const { stdout } = await promisify(execFile)(
    'node',
    ['--import', 'tsx', 'command-service/src/admin/cli.ts', 'grant-role', email, role],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: app.dataDir } },
  );
  if (!stdout.includes(`Role ${role} granted`)) throw new Error(`grant-role ${email} ${role}: ${stdout}`);
}

/**
 * Waits until no finite CSS animation or transition is running, such as a dialog's fade-in: axe measures
 * colour contrast through the opacity of that moment, so a half-faded dialog reads as too faint.
 * Endless animations (spinners) are not waited for.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * The accessibility violations axe finds on the page (ids and targets), of every impact unless `serious`,
 * once its animations have finished.
 */
export async function axeViolations(page: Page, { serious = false } = {}): Promise<string[]> {
  await animationsFinished(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The serious and critical accessibility violations axe finds on the page (ids and targets). */
export const seriousViolations = (page: Page): Promise<string[]> => axeViolations(page, { serious: true });

/** What has focus: 'body', '#id', or the element's tag and text. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return 'body';
    return el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 40)}`;
  });
}

export type CloseWay = 'Escape' | 'the close button';

/**
 * Opens a dialog with `opener` (from the keyboard to close it by Escape, with the mouse to close it by its
 * ×), closes it at once, without waiting for it to settle, and expects focus back on the opener.
 */
export async function expectFocusBackAfterClosing(
  page: Page,
  opener: Locator,
  dialogName: string,
  way: CloseWay,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  if (way === 'Escape') {
    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
  } else {
    await opener.click();
    // The × is the dialog's last 'Close' button (the document viewer also has a 'Close' action).
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  }
  await dialog.waitFor({ state: 'detached' });
  const target = await opener.elementHandle();
  try {
    await page.waitForFunction((el) => el === document.activeElement, target, { timeout: 10_000 });
  } catch {
    throw new Error(`after closing '${dialogName}' by ${way}, focus is on ${await focusedElement(page)}`);
  }
}

export interface ApiReply<T = unknown> {
  readonly status: number;
  readonly body: T;
  /** The X-Position of a command response: where its events landed in the log. */
  readonly position: string | null;
}

export interface ApiRequestOptions {
  readonly token?: string;
  readonly body?: unknown;
  /**
   * Sent as X-Min-Position, so the request is answered (or, for a command, authorised) against read models
   * that hold this client's own writes: a command right after the compliance gate is judged compliant.
   */
  readonly position?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One request to the running app's API as a test client (not the browser) makes it. */
export async function apiCall<T = unknown>(
  app: RunningApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  { token, body, position, headers: extra }: ApiRequestOptions = {},
): Promise<ApiReply<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (position) headers['X-Min-Position'] = position;
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text === '' ? null : JSON.parse(text)) as T,
    position: res.headers.get('X-Position'),
  };
}

/** A learner registered through the API, and the highest log position their writes reached. */
export interface ApiLearner {
  readonly email: string;
  readonly token: string;
  position: string;
}

/** Registers through the API and, unless `gate` is false, passes the compliance gate: every active document
 * viewed and acknowledged, risk assessed (the app must run with MIN_READ_SECONDS=0). */
export async function registerLearner(
  app: RunningApp,
  email: string,
  firstName: string,
  { gate = true } = {},
): Promise<ApiLearner> {
  const registered = await apiCall<{ token: string }>(app, 'POST', '/api/auth/register', {
    body: { email, password: 'correct horse battery', firstName, lastName: 'Tester' },
  });
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status}`);
  const learner: ApiLearner = { email, token: registered.body.token, position: registered.position ?? '0' };
  if (!gate) return learner;
  const post = async (path: string, body: unknown) => {
    const res = await apiCall(app, 'POST', path, { token: learner.token, body });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.position) learner.position = res.position;
  };
  const documents = await apiCall<{ documentType: string; version: string }[]>(
    app,
    'GET',
    '/api/compliance/documents',
    { token: learner.token, position: learner.position },
  );
  for (const { documentType, version } of documents.body)
    await post('/api/compliance/document-views', { documentType, version });
  for (const { documentType, version } of documents.body)
    await post('/api/compliance/acknowledgment', { documentType, version });
  await post('/api/risk/assessment', {
    experienceLevel: 'beginner',
    financialSituation: 'stable',
    riskCapacity: 5,
    investmentObjective: 'education',
    annualIncome: null,
    netWorth: null,
  });
  return learner;
}
