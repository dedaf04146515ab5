/**
 * The SPA's files over HTTP: the app's pages answer 200 with index.html (the prerendered landing page
 * inside), any other path 404 with the app minus that landing page, so it starts on its not-found page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { staticFrontend, withoutPrerender } from '../src/static-frontend';

const index = `<!doctype html>
<html lang="en"><head><title>Tickwise</title><script type="module" src="/assets/index-abc.js"></script></head>
  <body>
    <div id="root"><div data-prerendered="landing"><style>.x{}</style><nav><div>Tickwise</div></nav><h1>Learn futures</h1></div></div>
  </body>
</html>`;

let dist: string;
let server: ReturnType<Koa['callback']>;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'tickwise-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), index);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  const app = new Koa();
  app.use(staticFrontend(dist));
  server = app.callback();
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

test.each([
  '/',
  '/course',
  '/course/',
  '/compliance',
  '/dashboard',
  '/audit',
  '/analytics',
  '/privacy-policy',
])('%s is a page: 200 with the prerendered landing page', async (path) => {
  const res = await request(server).get(path);
  expect(res.status).toBe(200);
  expect(res.text).toContain('data-prerendered="landing"');
  expect(res.headers['cache-control']).toBe('no-cache');
});

test.each(['/no-such-page', '/course/module/3', '/assets/missing.js', '/dashboard/x'])(
  '%s is not a page: 404 with the app and no landing page',
  async (path) => {
    const res = await request(server).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('/assets/index-abc.js');
    expect(res.text).not.toContain('Learn futures');
  },
);

test('files of the build are served as they are', async () => {
  const asset = await request(server).get('/assets/index-abc.js');
  expect(asset.status).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request(server).get('/favicon.svg')).status).toBe(200);
});

test('withoutPrerender empties only the root', () => {
  expect(withoutPrerender(index)).toBe(
    index.replace(/<div id="root">.*<\/div>\n/, '<div id="root"></div>\n'),
  );
});
