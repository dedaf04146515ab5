import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds the frontend when its build is missing or older than its sources (or the contracts it uses). */
export function ensureFrontendBuilt(root: string, log: (message: string) => void = console.log): string {
  const frontend = join(root, 'frontend');
  const dist = join(frontend, 'dist');
  const built = join(dist, 'index.html');
  const sources = Math.max(
    ...['src', 'index.html', 'public', 'vite.config.ts', 'package.json'].map((p) =>
      newestMtime(join(frontend, p)),
    ),
    newestMtime(join(root, 'contracts', 'src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return dist;
  log('Building the frontend (first start, or its sources changed)…');
  execFileSync('npm', ['run', 'build', '-w', '@tickwise/frontend'], { cwd: root, stdio: 'inherit' });
  return dist;
}
