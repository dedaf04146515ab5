import { rmSync } from 'node:fs';
import Router from '@koa/router';
import { httpHeaders } from '@tickwise/contracts';
import { type NewEvent, readYourWrites, type TaggedEvent } from '@tickwise/platform';
import Koa from 'koa';
import request from 'supertest';
import { activeCollection, readState } from '../src/runtime/generations';
import { LiveProjectionRunner, rebuild } from '../src/runtime/runner';
import { waitForProjections } from '../src/runtime/wait';
import { countingProjection } from './fixtures/counting-projection';
import { meta, openCountingSqlite, seedCounted, tempDir } from './helpers';

const dir = tempDir('live');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const counted = (n: number): NewEvent<TaggedEvent> => ({ type: 'Counted', data: { n }, metadata: meta() });

describe('live projection runner', () => {
  const storage = openCountingSqlite(dir);
  const runner = new LiveProjectionRunner(storage, countingProjection(), { registryPollMs: 20 });
  beforeAll(() => runner.start());
  afterAll(async () => {
    await runner.stop();
    await storage.store.close();
    await storage.log.close();
  });

  const streamDoc = async (stream: string) =>
    storage.store.get(await activeCollection(storage.store, 'counting', 'streams'), stream);

  test('follows live appends; waiting on the commit position gives read-your-writes', async () => {
    const { position } = await storage.log.appendToStream('live-a', [counted(5), counted(7)], {
      expectedRevision: 'no_stream',
    });
    expect(await waitForProjections(storage.store, ['counting'], position, 3000)).toBe(true);
    expect(await streamDoc('live-a')).toMatchObject({ events: 2, sum: 12 });
  });

  function appWaitingFor(projections: string[]) {
    const app = new Koa();
    const router = new Router();
    router.get('/streams/:id', async (ctx) => {
      ctx.body = (await streamDoc(ctx.params.id ?? '')) ?? { missing: true };
    });
    app.use(
      readYourWrites({
        waitFor: (p, ms) => waitForProjections(storage.store, projections, p, ms),
        headPosition: () => storage.log.headPosition(),
        timeoutMs: 300,
      }),
    );
    app.use(router.routes());
    return app.callback();
  }

  test('a query naming a position waits for it; a read model that does not get there answers 503 with Retry-After', async () => {
    const { position } = await storage.log.appendToStream('live-b', [counted(1)], {
      expectedRevision: 'no_stream',
    });
    const fresh = await request(appWaitingFor(['counting']))
      .get('/streams/live-b')
      .set(httpHeaders.minPosition, position);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ events: 1, sum: 1 });

    // No runner keeps 'stalled' up to date, so it never reaches the position.
    const stalled = await request(appWaitingFor(['counting', 'stalled']))
      .get('/streams/live-b')
      .set(httpHeaders.minPosition, position);
    expect(stalled.status).toBe(503);
    expect(stalled.headers['retry-after']).toBe('1');
    expect(stalled.body).toEqual({ error: expect.any(String) });
  });

  test('a position beyond the end of the log is refused at once with 400, not held until the timeout', async () => {
    const server = appWaitingFor(['counting']);
    const future = await request(server).get('/streams/live-b').set(httpHeaders.minPosition, '999999999');
    expect(future.status).toBe(400);
    expect(future.body).toEqual({ error: 'X-Min-Position: is beyond the end of the log' });

    const bad = await request(server).get('/streams/live-b').set(httpHeaders.minPosition, 'abc');
    expect(bad.status).toBe(400);
  });

  test('a rebuild fills a new generation while the old one serves, switches, and live updates continue', async () => {
    await seedCounted(storage.log, 5000, 50, 3);
    const head = await storage.log.headPosition();
    expect(await waitForProjections(storage.store, ['counting'], head, 5000)).toBe(true);
    const before = await storage.store.find(await activeCollection(storage.store, 'counting', 'totals'));
    const generationBefore = (await readState(storage.store, 'counting'))?.activeGeneration ?? 0;

    const observed: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const totals = await storage.store.get(
          await activeCollection(storage.store, 'counting', 'totals'),
          'all',
        );
        observed.push(Number(totals?.events ?? 0));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const result = await rebuild(storage, countingProjection(), { batchSize: 500 });
    polling = false;
    await poller;

    expect(result.done).toBe(true);
    expect((await readState(storage.store, 'counting'))?.activeGeneration).toBe(generationBefore + 1);
    // Every read during the rebuild saw a complete read model: never empty, never partial.
    const complete = Number(before[0]?.events);
    expect(observed.length).toBeGreaterThan(0);
    expect(observed.every((events) => events >= complete)).toBe(true);
    expect(await storage.store.find(await activeCollection(storage.store, 'counting', 'totals'))).toEqual(
      before,
    );

    const { position } = await storage.log.appendToStream('after-switch', [counted(9)], {
      expectedRevision: 'no_stream',
    });
    expect(await waitForProjections(storage.store, ['counting'], position, 3000)).toBe(true);
    expect(await streamDoc('after-switch')).toMatchObject({ events: 1, sum: 9 });
  });

  test('a newer code version starts a blue/green rebuild by itself', async () => {
    const upgraded = new LiveProjectionRunner(storage, countingProjection(2), { registryPollMs: 20 });
    upgraded.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await upgraded.pendingRebuild;
    const state = await readState(storage.store, 'counting');
    await upgraded.stop();
    expect(state?.activeVersion).toBe(2);
  });
});
