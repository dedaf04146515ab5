import { request } from 'node:http';
import { listen } from '../src/runtime/process';
import { turnGate, turns } from '../src/runtime/turns';

/** Keeps the thread busy, as a request's synchronous work does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Resolves in this turn's immediates (the next turn's when called from one), after those queued before it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves once the event loop has run a timer set now, with how many pieces of work ran before it. */
const timerAfter = (ran: () => number) =>
  new Promise<number>((resolve) => setTimeout(() => resolve(ran()), 0));

describe('turnGate: each turn of the event loop spends at most its budget on gated work', () => {
  it('runs work at once while the turn is under its budget and nothing waits', () => {
    const gate = turnGate(8);
    const ran: number[] = [];
    gate.run(() => ran.push(1));
    gate.run(() => ran.push(2));
    expect(ran).toEqual([1, 2]);
  });

  it('lets timers run between the pieces of a burst, and runs every piece once, in order', async () => {
    const gate = turnGate(8);
    const ran: number[] = [];
    const timer = timerAfter(() => ran.length);
    let done!: () => void;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    // 40 pieces of 2 ms arriving together: 80 ms of work for one turn without the gate.
    for (let i = 0; i < 40; i += 1)
      gate.run(() => {
        busy(2);
        ran.push(i);
        if (i === 39) done();
      });
    // The first turn runs about its budget's worth (4 pieces), the next turn's immediates about as many again.
    const beforeTimer = await timer;
    expect(beforeTimer).toBeGreaterThan(0);
    expect(beforeTimer).toBeLessThanOrEqual(12);
    await finished;
    expect(ran).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('spreads promises settled together over turns (`later`), in order', async () => {
    const gate = turnGate(8);
    const continued: number[] = [];
    const settled = Array.from(
      { length: 40 },
      (_, i) =>
        new Promise<number>((resolve) => {
          gate.later(() => resolve(i));
        }),
    );
    const all = settled.map((p) =>
      p.then((i) => {
        busy(2);
        continued.push(i);
      }),
    );
    const beforeTimer = await timerAfter(() => continued.length);
    expect(beforeTimer).toBeLessThanOrEqual(12);
    await Promise.all(all);
    expect(continued).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('keeps the turn short once a server has accepted a connection, until the loop has come round', async () => {
    const gate = turnGate(50, 2);
    const ran: number[] = [];
    gate.connectionAccepted();
    gate.run(() => {
      busy(3);
      ran.push(1);
    });
    gate.run(() => ran.push(2));
    // 3 ms spent: over the 2 ms of a turn that accepted a connection (within the 50 ms of any other).
    expect(ran).toEqual([1]);
    await nextTurn();
    expect(ran).toEqual([1, 2]);
    await nextTurn();
    // The loop has come round with no new connection: a full budget again.
    gate.run(() => {
      busy(3);
      ran.push(3);
    });
    gate.run(() => ran.push(4));
    expect(ran).toEqual([1, 2, 3, 4]);
  });

  it('gives waiting work only the short budget in a turn that accepted a connection', async () => {
    const gate = turnGate(50, 2);
    const ran: number[] = [];
    // Over the turn's budget: the 20 pieces after it wait for the next turn.
    gate.run(() => busy(51));
    for (let i = 0; i < 20; i += 1)
      gate.run(() => {
        busy(1);
        ran.push(i);
      });
    gate.connectionAccepted();
    // Queued behind the waiting pieces: with the full budget all 20 would run before it.
    await nextTurn();
    expect(ran.length).toBeLessThanOrEqual(3);
    for (let turn = 0; ran.length < 20 && turn < 100; turn += 1) await nextTurn();
    expect(ran).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('starts with the full budget after an accept once the loop has come round with nothing waiting', async () => {
    const gate = turnGate(50, 2);
    gate.connectionAccepted();
    await nextTurn();
    await nextTurn();
    const ran: number[] = [];
    gate.run(() => {
      busy(3);
      ran.push(1);
    });
    gate.run(() => ran.push(2));
    expect(ran).toEqual([1, 2]);
  });

  it('refuses a budget of 0, which would leave waiting work waiting for ever', () => {
    expect(() => turnGate(0)).toThrow(RangeError);
    expect(() => turnGate(8, 0)).toThrow(RangeError);
  });

  it('starts over with a full budget once the loop has been idle', async () => {
    const gate = turnGate(8);
    gate.run(() => busy(10));
    await new Promise((resolve) => setTimeout(resolve, 5));
    let ranAtOnce = false;
    gate.run(() => {
      ranAtOnce = true;
    });
    expect(ranAtOnce).toBe(true);
  });
});

describe('listen: requests that arrive together share the turns', () => {
  it('tells the turns of each connection it accepts', async () => {
    const accepted = jest.spyOn(turns, 'connectionAccepted');
    const server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1');
    try {
      for (let i = 0; i < 3; i += 1) {
        await new Promise<void>((resolve, reject) => {
          const req = request({ port: server.port, host: '127.0.0.1', path: '/', agent: false }, (res) => {
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', reject);
          req.end();
        });
      }
      expect(accepted).toHaveBeenCalledTimes(3);
    } finally {
      accepted.mockRestore();
      await server.close();
    }
  });

  it('answers every request of a burst of slow ones', async () => {
    let started = 0;
    const server = await listen(
      (_req, res) => {
        started += 1;
        busy(3);
        res.end('ok');
      },
      0,
      '127.0.0.1',
    );
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const req = request({ port: server.port, host: '127.0.0.1', path: '/', agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const statuses = await Promise.all(Array.from({ length: 30 }, get));
      expect(statuses).toEqual(Array(30).fill(200));
      expect(started).toBe(30);
    } finally {
      await server.close();
    }
  });
});
