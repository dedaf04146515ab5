// npm run projections -- status | rebuild <name|all>
import { listDamagedEvents, loadStorageConfig, openStorage } from '@tickwise/platform';
import { SingleBar } from 'cli-progress';
import { allProjections, findProjections } from './catalog';
import { checkpointName, heldBuild, heldMessage, readState } from './runtime/generations';
import { lag, type RebuildProgress } from './runtime/progress';
import { rebuild } from './runtime/runner';

const USAGE = 'usage: npm run projections -- status | rebuild <name|all>';

const formatEta = (seconds: number | null) =>
  seconds === null
    ? '?'
    : seconds < 60
      ? `${Math.ceil(seconds)}s`
      : `${Math.floor(seconds / 60)}m${Math.ceil(seconds % 60)}s`;

/** A progress bar on a terminal; plain lines (about one a second) when the output is a file or a pipe. */
function progressReporter(name: string) {
  if (process.stdout.isTTY) {
    const bar = new SingleBar({
      format: `${name.padEnd(20)} [{bar}] {percentage}% | {events} events | {rate} ev/s | ETA {eta_text}`,
      hideCursor: true,
    });
    bar.start(100, 0, { events: 0, rate: 0, eta_text: '?' });
    return {
      update: (p: RebuildProgress) =>
        bar.update(Math.round(p.fraction * 100), {
          events: p.events,
          rate: Math.round(p.eventsPerSecond),
          eta_text: formatEta(p.etaSeconds),
        }),
      stop: () => bar.stop(),
    };
  }
  let last = 0;
  return {
    update: (p: RebuildProgress) => {
      if (!p.done && Date.now() - last < 1000) return;
      last = Date.now();
      console.log(
        `${name}: ${(p.fraction * 100).toFixed(1)}% ${p.events} events ${Math.round(p.eventsPerSecond)} ev/s ETA ${formatEta(p.etaSeconds)}`,
      );
    },
    stop: () => undefined,
  };
}

async function main(args: string[]): Promise<number> {
  const [command, selector] = args;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'rebuild' && !selector) {
    console.error(USAGE);
    return 2;
  }
  const projections = command === 'rebuild' ? findProjections(selector ?? 'all') : [...allProjections];
  const storage = await openStorage(loadStorageConfig());
  try {
    if (command === 'status') {
      const head = await storage.log.headPosition();
      console.log(`log head: ${head} (${storage.describe.log}; read models: ${storage.describe.readModels})`);
      if (projections.length === 0) console.log('no projections registered');
      for (const projection of projections) {
        const state = await readState(storage.store, projection.name);
        const generation = state?.activeGeneration ?? 1;
        const checkpoint = (await storage.store.getCheckpoint(checkpointName(projection.name, generation)))
          ?.position;
        const held = heldBuild(state);
        const building = held
          ? held.stalledSince === null
            ? ` building g${held.building.generation}`
            : ` rebuild of g${held.building.generation} STALLED: no heartbeat since ${held.stalledSince}; its lease holds the projection until ${held.leaseEndsAt}`
          : state?.building
            ? ` (a rebuild of g${state.building.generation} died; its lease ran out)`
            : '';
        console.log(
          `${projection.name.padEnd(20)} version ${state?.activeVersion ?? '-'} (code ${projection.version}) g${generation} checkpoint ${checkpoint ?? 'none'} lag ${lag(head, checkpoint)}${building}`,
        );
      }
      const damaged = await listDamagedEvents(storage.store);
      if (damaged.length === 0) console.log('damaged events: none');
      else {
        console.log(
          `damaged events: ${damaged.length} (skipped by the projections; their learners are answered 503 until repaired)`,
        );
        for (const event of damaged) {
          console.log(
            `  ${event.stream} revision ${event.revision}${event.position ? ` (position ${event.position})` : ''}: ${event.reason}; found by ${event.foundBy} at ${event.foundAt}`,
          );
        }
      }
      return 0;
    }
    // A projection held by another rebuild (running, or stalled until its lease ends) is named before any
    // rebuild starts, rather than after the others were rebuilt.
    const held = [];
    for (const projection of projections) {
      const holder = heldBuild(await readState(storage.store, projection.name));
      if (holder) held.push(heldMessage(projection.name, holder));
    }
    if (held.length > 0) {
      for (const line of held) console.error(line);
      console.error(
        'Nothing was rebuilt. Run it again once that rebuild has finished or its lease has ended.',
      );
      return 1;
    }
    for (const projection of projections) {
      const reporter = progressReporter(projection.name);
      const result = await rebuild(storage, projection, { onProgress: reporter.update });
      reporter.stop();
      console.log(
        `${projection.name}: rebuilt generation ${result.generation} from ${result.events} events (of the types it handles) at ${Math.round(result.eventsPerSecond)} events/s; now serving`,
      );
    }
    return 0;
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
