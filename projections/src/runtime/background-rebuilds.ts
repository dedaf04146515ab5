import type { RebuildStarted } from '@tickwise/contracts';
import { type DomainError, domainError } from '@tickwise/platform';
import type { Logger } from 'pino';
import { allProjections } from '../catalog';
import { heldBuild, heldMessage, readState } from './generations';
import { type ProjectionContext, rebuild } from './runner';

export interface BackgroundRebuilds {
  /** Refuses an unknown projection (not_found) and one whose rebuild is already running (conflict). */
  start(name: string): Promise<{ ok: true; started: RebuildStarted } | { ok: false; error: DomainError }>;
}

/**
 * Starts the same blue/green rebuild as the CLI, in the background of this process; the current generation
 * keeps serving until the new one has caught up. One rebuild per projection at a time, also across
 * processes (the registry records a rebuild in progress).
 */
export function backgroundRebuilds(
  context: ProjectionContext & { logger: Logger; now: () => Date },
): BackgroundRebuilds {
  const running = new Set<string>();
  return {
    async start(name) {
      const projection = allProjections.find((p) => p.name === name);
      if (!projection) return { ok: false, error: domainError('not_found', `Unknown projection "${name}"`) };
      const held = heldBuild(await readState(context.store, projection.name));
      if (running.has(projection.name) || held) {
        const message =
          held && !running.has(projection.name)
            ? heldMessage(projection.name, held)
            : `A rebuild of ${projection.name} is already running`;
        return { ok: false, error: domainError('conflict', message) };
      }
      running.add(projection.name);
      const startedAt = context.now().toISOString();
      rebuild(context, projection)
        .then((result) =>
          context.logger.info({ projection: projection.name, events: result.events }, 'rebuild finished'),
        )
        .catch((err: unknown) => context.logger.error({ err, projection: projection.name }, 'rebuild failed'))
        .finally(() => running.delete(projection.name));
      return { ok: true, started: { name: projection.name, targetVersion: projection.version, startedAt } };
    },
  };
}
