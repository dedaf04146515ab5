// Loaded into the process under load (`node --import tsx --import ./probe.ts …`): it answers the bench's
// 'sample' message with the event loop's delay since the last sample and the resident memory, so the figures
// come from the server's own loop, not the load generator's.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

export interface ProbeSample {
  readonly loopDelayMaxMs: number;
  readonly loopDelayP99Ms: number;
  readonly rssMb: number;
  /** The main thread's JavaScript heap in use, and memory outside it (buffers; SQLite's is not counted). */
  readonly heapUsedMb: number;
  readonly externalMb: number;
  /** CPU time the process has used since it started, all its threads together (user + system). */
  readonly cpuMs: number;
  /** The part of `cpuMs` spent in the kernel (system time: sockets, files, memory mapping). */
  readonly systemCpuMs: number;
  /** The main thread's longest garbage-collection pause since the last sample, and all of them together. */
  readonly gcPauseMaxMs: number;
  readonly gcMs: number;
}

let gcPauseMaxMs = 0;
let gcMs = 0;
new PerformanceObserver((entries) => {
  for (const { duration } of entries.getEntries()) {
    gcPauseMaxMs = Math.max(gcPauseMaxMs, duration);
    gcMs += duration;
  }
}).observe({ entryTypes: ['gc'] });

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('message', (message) => {
  if (message !== 'sample') return;
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const sample: ProbeSample = {
    loopDelayMaxMs: delay.max / 1e6,
    loopDelayP99Ms: delay.percentile(99) / 1e6,
    rssMb: memory.rss / 2 ** 20,
    heapUsedMb: memory.heapUsed / 2 ** 20,
    externalMb: memory.external / 2 ** 20,
    cpuMs: (cpu.user + cpu.system) / 1000,
    systemCpuMs: cpu.system / 1000,
    gcPauseMaxMs,
    gcMs,
  };
  delay.reset();
  gcPauseMaxMs = 0;
  gcMs = 0;
  process.send?.(sample);
});
// The IPC channel must not keep a finished server alive.
process.channel?.unref();

// 'profile:start' / 'profile:stop <file>': a CPU profile of the main thread over just the measured run
// (BENCH_HTTP_PROFILE), readable in Chrome DevTools or speedscope.
const session = new Session();
session.connect();
process.on('message', (message) => {
  if (message === 'profile:start') {
    session.post('Profiler.enable', () => session.post('Profiler.start'));
  } else if (typeof message === 'string' && message.startsWith('heap:snapshot ')) {
    // A heap snapshot of the main thread (HEAP=1 in profile-route), to see what the resident memory holds.
    writeHeapSnapshot(message.slice('heap:snapshot '.length));
    process.send?.('heap:written');
  } else if (typeof message === 'string' && message.startsWith('profile:stop ')) {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(message.slice('profile:stop '.length), JSON.stringify(result.profile));
      process.send?.('profile:written');
    });
  }
});
