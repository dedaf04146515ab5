import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** The places whose changes make a frontend build stale, relative to the workspace root. */
export const frontendSources = [
  'frontend/src',
  'frontend/index.html',
  'frontend/public',
  'frontend/vite.config.ts',
  'frontend/package.json',
  'contracts/src',
  'content/policies',
] as const;

/**
 * True when the frontend build is missing or older than its sources, the contracts it uses or the policy
 * texts it bundles (content/policies).
 */
export function frontendBuildIsStale(root: string): boolean {
  const built = join(root, 'frontend', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(...frontendSources.map((p) => newestMtime(join(root, p))));
  return statSync(built).mtimeMs < sources;
}

/** Builds the frontend when its build is stale (see frontendBuildIsStale); returns the dist folder. */
export function ensureFrontendBuilt(root: string, log: (message: string) => void = console.log): string {
  const dist = join(root, 'frontend', 'dist');
  if (!frontendBuildIsStale(root)) return dist;
  log('Building the frontend (first start, or its sources changed)…');
  execFileSync('npm', ['run', 'build', '-w', '@tickwise/frontend'], { cwd: root, stdio: 'inherit' });
  return dist;
}
