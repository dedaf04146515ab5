// Loaded into the process under load (`node --import tsx --import ./probe.ts …`): it answers the bench's
// 'sample' message with the event loop's delay since the last sample and the resident memory, so the figures
// come from the server's own loop, not the load generator's.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProbeSample {
  readonly loopDelayMaxMs: number;
  readonly loopDelayP99Ms: number;
  readonly rssMb: number;
}

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('message', (message) => {
  if (message !== 'sample') return;
  const sample: ProbeSample = {
    loopDelayMaxMs: delay.max / 1e6,
    loopDelayP99Ms: delay.percentile(99) / 1e6,
    rssMb: process.memoryUsage().rss / 2 ** 20,
  };
  delay.reset();
  process.send?.(sample);
});
// The IPC channel must not keep a finished server alive.
process.channel?.unref();
