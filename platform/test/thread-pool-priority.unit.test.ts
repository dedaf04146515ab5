import { pbkdf2 } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { loadServerConfig } from '../src/config/server-config';
import {
  lowerThreadPoolPriority,
  THREAD_POOL_NICENESS,
  threadPoolSize,
  threadPoolThreadIds,
} from '../src/runtime/thread-pool-priority';

/** A thread's niceness and CPU time (clock ticks), from /proc/self/task/<id>/stat. */
function threadStat(id: number) {
  // The fields after the command name, which is in parentheses: state is field 3.
  const fields = readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const field = (n: number) => Number(fields[n - 3]);
  return { nice: field(19), cpuTicks: field(14) + field(15) };
}

const onLinux = process.platform === 'linux';

describe('the thread pool at a lower priority', () => {
  test('finds every thread of libuv’s pool, none of them the event loop’s (Linux; none elsewhere)', async () => {
    const ids = await threadPoolThreadIds();
    if (!onLinux) return expect(ids).toEqual([]);
    expect(new Set(ids).size).toBe(threadPoolSize());
    expect(ids).not.toContain(process.pid);
    const tasks = readdirSync('/proc/self/task').map(Number);
    for (const id of ids) expect(tasks).toContain(id);
  });

  test('lowers those threads only, and the pool’s work (hashing) then runs on them', async () => {
    const loopNice = onLinux ? threadStat(process.pid).nice : 0;
    const lowered = await lowerThreadPoolPriority();
    if (!onLinux) return expect(lowered).toEqual([]);
    expect(lowered.map((id) => threadStat(id).nice)).toEqual(lowered.map(() => THREAD_POOL_NICENESS));
    expect(threadStat(process.pid).nice).toBe(loopNice);

    const ticks = () => lowered.reduce((sum, id) => sum + threadStat(id).cpuTicks, 0);
    const before = ticks();
    // About half a second of CPU on the pool, as four password hashes would take.
    await Promise.all(
      Array.from({ length: 4 }, (_, n) => promisify(pbkdf2)(`password ${n}`, 'salt', 150_000, 64, 'sha512')),
    );
    // Clock ticks are hundredths of a second: the hashes' time was counted on the lowered threads.
    expect(ticks() - before).toBeGreaterThanOrEqual(10);
  });

  test('PASSWORD_NICENESS sets it: 10 by default, 0 leaves the pool alone, past 19 is refused', async () => {
    expect(loadServerConfig({}).passwordNiceness).toBe(THREAD_POOL_NICENESS);
    expect(loadServerConfig({ PASSWORD_NICENESS: '0' }).passwordNiceness).toBe(0);
    expect(await lowerThreadPoolPriority(0)).toEqual([]);
    expect(() => loadServerConfig({ PASSWORD_NICENESS: '20' })).toThrow('PASSWORD_NICENESS');
    expect(() => loadServerConfig({ PASSWORD_NICENESS: 'low' })).toThrow('PASSWORD_NICENESS');
  });
});
