import { comparePositions, type Position, type ReadModelStore } from '@tickwise/platform';
import { checkpointName, readState } from './generations';

/** True when the active generation of every named projection has passed `position`. */
export async function projectionsReached(
  store: ReadModelStore,
  names: readonly string[],
  position: Position,
) {
  for (const name of names) {
    const state = await readState(store, name);
    const checkpoint = await store.getCheckpoint(checkpointName(name, state?.activeGeneration ?? 1));
    if (!checkpoint || comparePositions(checkpoint.position, position) < 0) return false;
  }
  return true;
}

/** Waits (polling the checkpoints, which works across processes) until the projections pass `position`. */
export async function waitForProjections(
  store: ReadModelStore,
  names: readonly string[],
  position: Position,
  timeoutMs: number,
  pollMs = 5,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await projectionsReached(store, names, position)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
