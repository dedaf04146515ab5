/**
 * Frontend budgets, printed, not asserted:
 * - the landing route's initial JS (every script a signed-out visitor loads), gzip; budget ≤ 220 kB;
 * - Lighthouse on the landing page, desktop and mobile (CHROME_PATH, default /usr/bin/chromium).
 *
 *   npm run bench -w @tickwise/frontend            # both
 *   npm run bench -w @tickwise/frontend -- --size  # bundle size only (no Lighthouse)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM, chromiumArgs, launchChromium, repoRoot, startApp } from '../e2e/harness';

const LANDING_BUDGET_KB = 220;
const dist = join(repoRoot, 'frontend', 'dist');
const resultsDir = join(repoRoot, 'frontend', 'bench-results');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The JavaScript a signed-out visitor's browser loads for the landing page: every script requested until
 * the page is interactive and the network is idle (the entry, the app chunk it imports after first paint,
 * their dependencies) — not the dialogs and routes that load on demand.
 */
async function landingJs(url: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js') && path.startsWith('/assets/')) scripts.add(path);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Start Learning Free' }).waitFor();
    await page.waitForLoadState('networkidle');
    const rows = [...scripts].map((src) => {
      const code = readFileSync(join(dist, src));
      return { file: src, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    });
    const html = readFileSync(join(dist, 'index.html'));
    const total = rows.reduce((sum, r) => sum + r.gzip, 0);
    console.log('\nLanding route: JavaScript loaded by a signed-out visitor (gzip -9)');
    for (const r of rows)
      console.log(`  ${r.file.padEnd(52)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
    const verdict = total <= LANDING_BUDGET_KB * 1000 ? 'within' : 'OVER';
    console.log(
      `  ${'total JS'.padEnd(52)} ${''.padStart(10)}  gzip ${kb(total).padStart(9)}  (${verdict} the ${LANDING_BUDGET_KB} kB budget)`,
    );
    console.log(
      `  ${'index.html (prerendered landing page and its CSS)'.padEnd(52)} ${kb(html.length).padStart(10)}  gzip ${kb(gzipSync(html, { level: 9 }).length).padStart(9)}`,
    );
    return total;
  } finally {
    await browser.close();
  }
}

type Scores = Record<string, number | null>;

async function lighthouseScores(url: string, form: 'desktop' | 'mobile'): Promise<Scores> {
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
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, `lighthouse-${form}.json`), JSON.stringify(result.lhr, null, 2));
    const { categories, audits } = result.lhr;
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    console.log(
      `  ${form.padEnd(8)} performance ${categories.performance?.score ?? '?'}  accessibility ${categories.accessibility?.score ?? '?'}  best practices ${categories['best-practices']?.score ?? '?'}   (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
    );
    return Object.fromEntries(Object.entries(categories).map(([id, c]) => [id, c.score]));
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build', '-w', '@tickwise/frontend'], { cwd: repoRoot, stdio: 'ignore' });
  const app = await startApp();
  try {
    await landingJs(`${app.url}/`);
    if (process.argv.includes('--size')) return;
    console.log(
      '\nLighthouse, landing page (budgets: desktop performance ≥ 0.95, accessibility 1.0, best practices ≥ 0.95)',
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
