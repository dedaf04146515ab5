/**
 * The unit tier's guard: a unit test that opens a SQLite file, a socket, a child process or a worker thread
 * fails at once with a message saying where such a test belongs. Node's core modules are shared by every
 * test file a jest worker runs, so what is replaced here is put back after each file.
 */
import childProcess from 'node:child_process';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

const refuse = (what: string) => () => {
  throw new Error(`A unit test may not ${what}: name the file *.int.test.ts to run it in the int tier`);
};

// Loading the module is allowed (the storage barrel exports the SQLite adapters); opening a database is not.
jest.mock('better-sqlite3', () =>
  jest.fn(() => {
    refuse('open a SQLite database')();
  }),
);

type Patch = [target: object, key: string, what: string];
const patches: Patch[] = [
  [net.Server.prototype, 'listen', 'listen on a socket'],
  [net.Socket.prototype, 'connect', 'open a socket'],
  ...['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'].map(
    (name): Patch => [childProcess, name, 'start a process'],
  ),
  [workerThreads, 'Worker', 'start a worker thread'],
];
const saved: Array<[object, string, PropertyDescriptor | undefined]> = [];

beforeAll(() => {
  for (const [target, key, what] of patches) {
    saved.push([target, key, Object.getOwnPropertyDescriptor(target, key)]);
    Object.defineProperty(target, key, { value: refuse(what), configurable: true, writable: true });
  }
});

afterAll(() => {
  for (const [target, key, descriptor] of saved.splice(0)) {
    if (descriptor) Object.defineProperty(target, key, descriptor);
    else delete (target as Record<string, unknown>)[key];
  }
});
