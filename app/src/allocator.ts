/**
 * How the services' processes are started, so that a login does not leave memory behind.
 *
 * An argon2 hash allocates its 19 MiB on a libuv thread with malloc. glibc serves a block that large with mmap
 * the first time, but freeing it raises the process's mmap threshold to the block's size, so every later hash
 * is carved from the thread's arena and that memory stays with the process: about 80 MB of resident memory
 * for four password lanes, measured. A fixed threshold turns the adjustment off: a block of 1 MiB or more is
 * always mapped, and given back when the hash ends. glibc reads the setting once, at start-up, so it is set in
 * the environment that starts node: `npm start` (root, app and command-service), the service images
 * (Dockerfile), and the HTTP bench's server, which imports this. `app/test/allocator.test.ts` keeps them equal.
 */
export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '1048576' } as const;
