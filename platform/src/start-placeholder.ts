// `npm start` until the services land: builds the frontend when its build is missing or stale and serves it
// on PORT (default 3000). The services-and-identity work replaces this with the one-process app.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
const frontend = join(root, 'frontend');
const dist = join(frontend, 'dist');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

function ensureBuilt(): void {
  const built = join(dist, 'index.html');
  const sources = Math.max(newestMtime(join(frontend, 'src')), newestMtime(join(frontend, 'index.html')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the frontend…');
  execFileSync('npm', ['run', 'build', '-w', '@tickwise/frontend'], { cwd: root, stdio: 'inherit' });
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

ensureBuilt();
const port = Number(process.env.PORT ?? 3000);
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    return;
  }
  const file = normalize(join(dist, decodeURIComponent(url.pathname)));
  const target =
    file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' });
  res.end(readFileSync(target));
});
server.listen(port, () => console.log(`Tickwise is running at http://localhost:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
