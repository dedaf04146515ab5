/**
 * How the services' processes are started, so that a login neither leaves memory behind nor pays for fresh
 * memory page by page.
 *
 * An argon2 hash allocates its 19 MiB on a libuv thread with malloc. glibc serves a block that large with mmap
 * the first time, but freeing it raises the process's mmap threshold to the block's size, so every later hash
 * is carved from the thread's arena and that memory stays with the process: about 80 MB of resident memory
 * for four password lanes, measured. A fixed threshold turns the adjustment off: a block of
 * 1 MiB or more is always mapped, and given back when the hash ends.
 *
 * A freshly mapped block is faulted in 4 KiB page at a time, about 4,900 faults a hash: 20.5 → 32 ms a verify
 * here, measured. `hugetlb=1` (glibc 2.35+) asks the kernel for transparent huge pages on mapped blocks
 * (madvise), which makes those faults 2 MiB each: 22 ms a verify with the memory still given back, and two cores
 * verify 68 a second instead of 52. An older glibc ignores the tunable it does not know.
 *
 * The threshold keeps its long-standing variable; huge pages have only the tunable.
 *
 * glibc reads the settings once, at start-up, so it is set in the environment that starts node: `npm start`
 * (root, app and command-service), the service images (Dockerfile), and the HTTP bench's server, which imports
 * this. `app/test/allocator.unit.test.ts` keeps them equal.
 */
export const ALLOCATOR_ENV = {
  MALLOC_MMAP_THRESHOLD_: '1048576',
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
} as const;
