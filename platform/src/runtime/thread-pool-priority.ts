// Password hashing (argon2, ~50 ms of CPU a hash) runs on libuv's thread pool, beside the event loop that
// answers every other request. On two cores a storm of logins keeps the pool's four threads busy, and the
// scheduler then shares the cores evenly among them and the loop: every page waits behind the hashes. With
// the pool's threads at a lower priority (nice 10) the hashes get the CPU the loop leaves idle, and the
// password lanes (workLanes) refuse with 503 the logins that even that cannot serve in time.
import { readlink } from 'node:fs/promises';
import { setPriority } from 'node:os';

/** The pool threads' niceness: 10 gives a busy event loop about nine tenths of a core they compete for. */
export const THREAD_POOL_NICENESS = 10;

/** libuv's pool size, as libuv reads it (`UV_THREADPOOL_SIZE`, default 4, at most 1024). */
export const threadPoolSize = (env: NodeJS.ProcessEnv = process.env) =>
  Math.min(1024, Math.max(1, Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10) || 4));

/**
 * The thread ids of libuv's pool, each found by having a pool thread read `/proc/thread-self` (Linux), which
 * names the thread that reads it: many reads at once until every thread of the pool has answered.
 */
export async function threadPoolThreadIds(size = threadPoolSize(), rounds = 200): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const found = new Set<number>();
  for (let round = 0; round < rounds && found.size < size; round++) {
    const links = await Promise.all(Array.from({ length: 4 * size }, () => readlink('/proc/thread-self')));
    for (const link of links) {
      const id = Number(link.split('/').at(-1));
      if (Number.isInteger(id) && id !== process.pid) found.add(id);
    }
  }
  return [...found];
}

/**
 * Lowers the priority of libuv's pool threads to `niceness`, so that hashing yields the CPU to the event
 * loop. Returns the threads lowered: none for niceness 0, or where threads cannot be named this way (not Linux, or no /proc),
 * which leaves the pool as it was; never fails.
 */
export async function lowerThreadPoolPriority(niceness = THREAD_POOL_NICENESS): Promise<number[]> {
  if (niceness === 0) return [];
  try {
    const threads = await threadPoolThreadIds();
    // On Linux a thread id is a valid `who` for setpriority, and the priority is the thread's own.
    for (const thread of threads) setPriority(thread, niceness);
    return threads;
  } catch {
    return [];
  }
}
