/**
 * Frontend budgets, printed, not asserted:
 * - the landing route's initial JS (every script a signed-out visitor loads), gzip; budget ≤ 150 kB; and
 *   what the first click ('Start Learning Free') loads on top, the app itself;
 * - Lighthouse on the landing page, desktop and mobile (CHROME_PATH, default /usr/bin/chromium); budgets:
 *   performance ≥ 0.95 on a phone and 1 on desktop, accessibility and best practices 1. Each form factor runs
 *   LIGHTHOUSE_RUNS times (default 5) and the median run is reported with the range of the performance
 *   scores, as Lighthouse's documentation advises for its run-to-run variance (its own computeMedianRun);
 *   a run that records no page load (Lighthouse's NO_NAVSTART and kin) is repeated, up to three times.
 *
 *   npx tsx app/bench/browser.ts          # both
 *   npx tsx app/bench/browser.ts --size   # bundle size only (no Lighthouse)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM, chromiumArgs, launchChromium, repoRoot, startApp } from '../e2e/harness';

const LANDING_BUDGET_KB = 150;
const LIGHTHOUSE_ATTEMPTS = 3;
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const dist = join(repoRoot, 'frontend', 'dist');
const resultsDir = join(repoRoot, 'frontend', 'bench-results');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The JavaScript a signed-out visitor's browser loads for the landing page: every script requested until
 * the page is interactive and the network is idle (the entry, the app chunk it imports after first paint,
 * their dependencies) — not the dialogs and routes that load on demand.
 */
const gzipSize = (src: string) => {
  const code = readFileSync(join(dist, src));
  return { file: src, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
};

function printScripts(title: string, files: readonly string[], budgetKb?: number): number {
  const rows = files.map(gzipSize);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log(`\n${title}`);
  for (const r of rows)
    console.log(`  ${r.file.padEnd(52)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
  const verdict =
    budgetKb === undefined
      ? ''
      : `  (${total <= budgetKb * 1000 ? 'within' : 'OVER'} the ${budgetKb} kB budget)`;
  console.log(`  ${'total JS'.padEnd(52)} ${''.padStart(10)}  gzip ${kb(total).padStart(9)}${verdict}`);
  return total;
}

async function landingJs(url: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js') && path.startsWith('/assets/') && !scripts.includes(path)) scripts.push(path);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Start Learning Free' }).waitFor();
    await page.waitForLoadState('networkidle');
    const initial = scripts.length;
    const total = printScripts(
      'Landing route: JavaScript loaded by a signed-out visitor (gzip -9)',
      scripts.slice(0, initial),
      LANDING_BUDGET_KB,
    );
    const html = readFileSync(join(dist, 'index.html'));
    console.log(
      `  ${'index.html (prerendered landing page and its CSS)'.padEnd(52)} ${kb(html.length).padStart(10)}  gzip ${kb(gzipSync(html, { level: 9 }).length).padStart(9)}`,
    );
    await page.getByRole('button', { name: 'Start Learning Free' }).click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
    await page.waitForLoadState('networkidle');
    printScripts(
      "…and what the visitor's first click loads on top: the app (gzip -9)",
      scripts.slice(initial),
    );
    return total;
  } finally {
    await browser.close();
  }
}

type Scores = Record<string, number | null>;

/** Lighthouse's run-time errors that mean the page load was not recorded, not that the page failed. */
const UNRECORDED = /NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|PROTOCOL_TIMEOUT/;

async function lighthouseRun(url: string, form: 'desktop' | 'mobile') {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      form === 'desktop' ? desktopConfig : undefined,
    );
    if (result === undefined) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** One recorded Lighthouse run: a run that records no page load is repeated, up to LIGHTHOUSE_ATTEMPTS times. */
async function recordedRun(url: string, form: 'desktop' | 'mobile') {
  let lhr = await lighthouseRun(url, form);
  for (
    let attempt = 2;
    attempt <= LIGHTHOUSE_ATTEMPTS && UNRECORDED.test(lhr.runtimeError?.code ?? '');
    attempt++
  ) {
    console.log(
      `  ${form.padEnd(8)} run not recorded (${lhr.runtimeError?.code}); again (attempt ${attempt})`,
    );
    lhr = await lighthouseRun(url, form);
  }
  return lhr;
}

async function lighthouseScores(url: string, form: 'desktop' | 'mobile'): Promise<Scores> {
  const runs = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await recordedRun(url, form));
  const recorded = runs.filter((run) => run.runtimeError === undefined);
  // The run closest to the median FCP and time to interactive (Lighthouse's own choice of a median run).
  const lhr: (typeof runs)[number] | undefined =
    recorded.length > 0 ? computeMedianRun(recorded) : runs[runs.length - 1];
  if (lhr === undefined) throw new Error('no Lighthouse run');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `lighthouse-${form}.json`), JSON.stringify(lhr, null, 2));
  const { categories, audits } = lhr;
  const metric = (id: string) => audits[id]?.displayValue ?? '?';
  const error = lhr.runtimeError === undefined ? '' : `   ERROR ${lhr.runtimeError.code}`;
  const performances = recorded.map((run) => run.categories.performance?.score ?? 0);
  const range =
    performances.length > 1
      ? `; performance over ${performances.length} runs ${Math.min(...performances)}–${Math.max(...performances)}`
      : '';
  console.log(
    `  ${form.padEnd(8)} performance ${categories.performance?.score ?? '?'}  accessibility ${categories.accessibility?.score ?? '?'}  best practices ${categories['best-practices']?.score ?? '?'}   (median run: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}${range})${error}`,
  );
  return Object.fromEntries(Object.entries(categories).map(([id, c]) => [id, c.score]));
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build', '-w', '@tickwise/frontend'], { cwd: repoRoot, stdio: 'ignore' });
  const app = await startApp();
  try {
    await landingJs(`${app.url}/`);
    if (process.argv.includes('--size')) return;
    console.log(
      '\nLighthouse, landing page (budgets: performance 1 on desktop and ≥ 0.95 on a phone; accessibility and best practices 1)',
    );
    await lighthouseScores(`${app.url}/`, 'desktop');
    await lighthouseScores(`${app.url}/`, 'mobile');
    console.log(`  reports: ${resultsDir}/lighthouse-{desktop,mobile}.json`);
  } finally {
    await app.stop();
  }
}

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
if (only.length === 0 || only.includes('landing'))
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
