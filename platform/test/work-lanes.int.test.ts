import { BUSY_MESSAGE, workLanes } from '../src/http/shed-load';

/** A piece of work that runs until the test ends it. */
function held() {
  let finish: (value: string) => void = () => {};
  let started = false;
  const done = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return {
    work: () => {
      started = true;
      return done;
    },
    started: () => started,
    finish: (value: string) => finish(value),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('workLanes', () => {
  test('runs at most `lanes` pieces at once; the rest wait their turn, in order', async () => {
    const run = workLanes(2, 10);
    const pieces = [held(), held(), held(), held()];
    const results = pieces.map((piece) => run(piece.work));
    await turn();
    expect(pieces.map((p) => p.started())).toEqual([true, true, false, false]);
    pieces[1]?.finish('b');
    await turn();
    expect(pieces.map((p) => p.started())).toEqual([true, true, true, false]);
    pieces[0]?.finish('a');
    pieces[2]?.finish('c');
    await turn();
    expect(pieces[3]?.started()).toBe(true);
    pieces[3]?.finish('d');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  test('beyond `queue` waiting, new work is refused at once with 503 busy and Retry-After, and never runs', async () => {
    const run = workLanes(1, 1);
    const running = held();
    const waiting = held();
    const first = run(running.work);
    const second = run(waiting.work);
    let refusedRan = false;
    const refused = run(async () => {
      refusedRan = true;
      return 'never';
    });
    await expect(refused).rejects.toMatchObject({
      status: 503,
      message: BUSY_MESSAGE,
      headers: { 'Retry-After': '1' },
    });
    expect(refusedRan).toBe(false);
    running.finish('first');
    await turn();
    expect(waiting.started()).toBe(true);
    waiting.finish('second');
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    // Once the lanes are free again, work is accepted.
    expect(await run(async () => 'later')).toBe('later');
  });

  test('work that fails frees its lane and its place', async () => {
    const run = workLanes(1, 0);
    await expect(
      run(async () => {
        throw new Error('argon2 failed');
      }),
    ).rejects.toThrow('argon2 failed');
    expect(await run(async () => 'next')).toBe('next');
  });
});

describe('workLanes, bounded in time', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  test('a piece whose expected wait passes the bound is refused at once, though the queue has room', async () => {
    // One lane, room for 10 waiting, at most 350 ms of waiting; each piece runs 200 ms (a little more on a
    // busy machine: the second piece is refused only if a 200 ms timer fires 150 ms late).
    const run = workLanes(1, 10, 350);
    const piece = () => run(() => sleep(200).then(() => 'done'));
    // Measures a piece's run time: nothing waits, so nothing is refused.
    expect(await piece()).toBe('done');
    const first = piece(); // runs at once
    const second = piece(); // one piece ahead of it: ~200 ms of waiting
    const third = piece(); // two ahead: ~400 ms, past the bound
    await expect(third).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    // Once the lane is free again, work is accepted.
    expect(await piece()).toBe('done');
  });

  test('before any run time is known, only the queue bounds the wait', async () => {
    const run = workLanes(1, 2, 1);
    const pieces = [held(), held(), held()];
    const results = pieces.map((p) => run(p.work));
    await turn();
    expect(pieces[0]?.started()).toBe(true);
    for (const [i, p] of pieces.entries()) p.finish(String(i));
    expect(await Promise.all(results)).toEqual(['0', '1', '2']);
  });
});
