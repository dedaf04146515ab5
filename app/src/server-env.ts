/**
 * What node reads only as it starts, set in the environment that starts the server: the `start` scripts of the
 * root, `app` and `command-service` packages and the service images (Dockerfile), which a test keeps equal to
 * this, and the servers the benches and browser tests start. Both hold the app's resident memory within its
 * 400 MB budget at capacity scale (ADR 0013):
 *
 * - `UV_THREADPOOL_SIZE=2`: libuv's pool, where argon2 hashes a password, one password lane a thread. glibc
 *   keeps a hashing thread's 19 MiB block for its next hash (faulting it in afresh each time cost a fifth of the
 *   app's CPU), so two threads keep 38 MiB where four kept 76. Two lanes verify about 90 passwords a second on
 *   two cores.
 * - `--max-semi-space-size=4`: the main thread's young generation, where new objects start, 8 MiB instead of
 *   V8's 32; the worker threads cap theirs themselves.
 * - `--v8-pool-size=0`: V8's helper threads (garbage collection, optimising compiles) one fewer than the cores,
 *   one on two cores, instead of node's four. Four helpers for three isolates on two cores waited for a core
 *   and held the main thread's collections waiting for them (ADR 0022).
 *
 * At 2,000 learners the first two together held the app at 367–391 MB against 431–473 MB.
 */
export const SERVER_ENV = {
  UV_THREADPOOL_SIZE: '2',
  NODE_OPTIONS: '--max-semi-space-size=4 --v8-pool-size=0',
} as const;
