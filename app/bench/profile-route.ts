// A CPU profile of the one-process app's main thread while one route is under load, to see where a
// request's time goes (open the file in Chrome DevTools or speedscope):
//   ROUTE=/api/progress [METHOD=POST BODY='{…}'] [N=300 learners] [CONNS=50] [SECS=8] [DIR=<seeded DATA_DIR>] \
//     npx tsx app/bench/profile-route.ts        → /tmp/prof/<route>-<method>.cpuprofile   (PROF=0: no profile)
// ROUTE=mix drives the bench's learner mix instead of one route, ROUTE='POST /api/progress' (any name of the
// bench's read and write workloads, or 'POST /api/auth/login') that route as the bench drives it, each learner their own requests; RATE=<req/s> makes it an open loop; HEAP=1 also
// writes a heap snapshot of the main thread after the run (/tmp/prof/<route>.heapsnapshot).
import { createSecretKey } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argon2Hasher, documentsInForce } from '@tickwise/command-service/testing';
import { createTokenService, loadStorageConfig, openStorage } from '@tickwise/platform';
import { seededEmail, seededUserId, seedHistory } from '@tickwise/projections/bench/history';
import { startBenchApp } from './app-process';
import { drive, driveAtRate, type Workload } from './load';
import { LESSONS_PER_LEARNER, lessonDone, login, mix, reads, writes } from './workloads';

const N = Number(process.env.N ?? 300);
const route = process.env.ROUTE ?? '/api/progress';
const method = (process.env.METHOD ?? 'GET') as 'GET' | 'POST';
const body = process.env.BODY ? JSON.parse(process.env.BODY) : undefined;
const conns = Number(process.env.CONNS ?? 50);
const prof = process.env.PROF !== '0';
const heap = process.env.HEAP === '1';
const rate = process.env.RATE ? Number(process.env.RATE) : undefined;
/** The mix, one of the bench's own route workloads by name ('POST /api/progress'), or a fixed request. */
const workload: Workload =
  route === 'mix'
    ? mix
    : route === 'POST /api/auth/login'
      ? login
      : (reads[route] ?? writes[route] ?? (() => ({ method, path: route, ...(body ? { body } : {}) })));
const PROFILE_DIR = '/tmp/prof';
async function main() {
  const dir = process.env.DIR || mkdtempSync(join(tmpdir(), 'tw-prof-'));
  const secret = 'x'.repeat(64);
  const tokens = createTokenService({
    secret: createSecretKey(Buffer.from(secret, 'utf8')),
    expiresInSeconds: 86400,
  });
  if (!process.env.DIR) {
    const documents = documentsInForce().map(({ documentType, version, contentHash }) => ({
      documentType,
      version,
      contentHash,
    }));
    const storage = await openStorage(loadStorageConfig({ DATA_DIR: dir }));
    await seedHistory(storage.log, N, 20261126, undefined, {
      documents,
      passwordHash: await argon2Hasher().hash('bench password 2026'),
    });
    await storage.close();
    console.log('seeded', dir);
  }
  const app = startBenchApp(dir, secret);
  const { child } = app;
  const url = await app.url;
  const learners = Array.from({ length: N }, (_, index) => ({
    index,
    userId: seededUserId(index),
    email: seededEmail(index),
    address: `10.0.${index >> 8}.${index & 255}`,
    token: tokens.sign(seededUserId(index)),
  }));
  for (;;) {
    const r = await fetch(`${url}/api/auth/me`, {
      headers: { authorization: `Bearer ${learners.at(-1)?.token}` },
    });
    if (r.ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  const compliant = [];
  for (const l of learners) {
    const me = (await (
      await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${l.token}` } })
    ).json()) as { isCompliant?: boolean };
    if (me.isCompliant) compliant.push(l);
  }
  console.log('compliant', compliant.length);
  await drive({
    url,
    learners: compliant,
    workload,
    connections: conns,
    seconds: 2,
  });
  if (prof) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    child.send('profile:start');
  }
  const run = {
    url,
    learners: compliant,
    workload,
    // As the bench: a learner completes a few lessons of theirs, nearly all new to them, then the next one does.
    ...(workload === lessonDone ? { requestsPerLearner: LESSONS_PER_LEARNER } : {}),
    connections: conns,
    seconds: Number(process.env.SECS ?? 8),
  };
  // The probe's figures cover the measured run only: in a closed loop, its measured part (as the bench's).
  const probe = () =>
    new Promise<unknown>((d) => {
      const on = (m: unknown) => {
        if (typeof m !== 'object' || m === null || !('rssMb' in m)) return;
        child.off('message', on);
        d(m);
      };
      child.on('message', on);
      child.send('sample');
    });
  await probe();
  let measured: unknown;
  const r = rate
    ? await driveAtRate({ ...run, rate })
    : await drive({
        ...run,
        onMeasuring: () => void probe(),
        onMeasured: async () => {
          measured = await probe();
        },
      });
  console.log(
    route,
    conns,
    'rps',
    Math.round(r.rps),
    'p50',
    r.p50,
    'p99',
    r.p99,
    'max',
    r.max,
    'err',
    r.errors,
    JSON.stringify(r.statuses),
  );
  for (const [name, times] of Object.entries(r.routes ?? {}))
    console.log(
      `  client ${name}: ${times.count} answers, p50 ${times.p50.toFixed(1)} ms, p99 ${times.p99.toFixed(1)} ms`,
    );
  if (prof) {
    child.send(`profile:stop ${PROFILE_DIR}/${route.replace(/\W+/g, '_')}-${method}.cpuprofile`);
    await new Promise((d) => child.on('message', (m) => m === 'profile:written' && d(null)));
  }
  console.log(serverTimes(await (await fetch(`${url}/metrics`)).text()));
  if (heap) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    child.send(`heap:snapshot ${PROFILE_DIR}/${route.replace(/\W+/g, '_')}.heapsnapshot`);
    await new Promise((d) => child.on('message', (m) => m === 'heap:written' && d(null)));
  }
  console.log('server', JSON.stringify(measured ?? (await probe())));
  child.kill('SIGTERM');
  await new Promise((d) => child.once('exit', d));
}
/** Per route, from the server's own request histogram: count, and the bucket bounds under which half and 99 % fell. */
function serverTimes(metrics: string): string {
  const routes = new Map<string, Array<[number, number]>>();
  for (const m of metrics.matchAll(/^http_request_duration_seconds_bucket\{(.*)\} (\d+)$/gm)) {
    const labels = Object.fromEntries(
      [...(m[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]),
    );
    const key = `${labels.method} ${labels.route} ${labels.status}`;
    const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
    routes.set(key, [...(routes.get(key) ?? []), [le, Number(m[2])]]);
  }
  const bound = (buckets: Array<[number, number]>, q: number) =>
    buckets.find(([, count]) => count >= q * (buckets.at(-1)?.[1] ?? 0))?.[0] ?? Number.NaN;
  return [...routes]
    .filter(([, b]) => (b.at(-1)?.[1] ?? 0) > 0)
    .map(
      ([key, b]) =>
        `  ${key}: ${b.at(-1)?.[1]} requests, p50 ≤ ${bound(b, 0.5) * 1000} ms, p99 ≤ ${bound(b, 0.99) * 1000} ms, max ≤ ${bound(b, 1) * 1000} ms`,
    )
    .join('\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
