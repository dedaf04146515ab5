import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { processGroupAlive, stopProcessGroup } from '../src/testing/process-group';

/** Every group started here is killed after its test, whatever the test found. */
const groups: number[] = [];
afterEach(() => {
  for (const pgid of groups.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone: the test stopped it.
    }
  }
});

/**
 * A group shaped like `npm start`: a shell leader that dies at once on SIGTERM, and a node child under it that
 * handles SIGTERM by finishing its work first (`exitAfterMs`, or never, for one that ignores it).
 */
async function npmLikeGroup(onTerm: 'exit-after-800ms' | 'ignore') {
  const child = `process.on('SIGTERM', () => { ${onTerm === 'ignore' ? '' : 'setTimeout(() => process.exit(0), 800);'} });
    console.log(process.pid); setInterval(() => {}, 1000);`;
  const proc = spawn('sh', ['-c', `${process.execPath} -e "${child}" & wait`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const childPid = await new Promise<number>((resolve) =>
    proc.stdout?.once('data', (chunk) => resolve(Number(String(chunk)))),
  );
  groups.push(proc.pid ?? 0);
  return { proc, childPid };
}
/** Whether `pid` runs: an exited process not yet reaped (a zombie; PID 1 here may never reap) does not. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

test('stopping a group waits for the child that outlives its leader, not for the leader alone', async () => {
  const { proc, childPid } = await npmLikeGroup('exit-after-800ms');
  const leaderExited = new Promise((resolve) => proc.once('exit', resolve));
  const stopping = stopProcessGroup(proc);
  await leaderExited;
  expect(alive(childPid)).toBe(true); // the moment the old harness removed DATA_DIR
  expect(await stopping).toBe(true);
  expect(alive(childPid)).toBe(false);
  expect(processGroupAlive(proc.pid ?? 0)).toBe(false);
});

test('a group that ignores SIGTERM is killed after the grace, and the answer says so', async () => {
  const { proc, childPid } = await npmLikeGroup('ignore');
  const started = Date.now();
  expect(await stopProcessGroup(proc, 500)).toBe(false);
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  expect(alive(childPid)).toBe(false);
});
