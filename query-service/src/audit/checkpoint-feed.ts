import { type CheckpointFeed, decode, isLeft, LogCheckpointSigned } from '@tickwise/contracts';
import { CHECKPOINT_STREAM, checkpointNote, type RouteHandlers, signedNote } from '@tickwise/platform';
import type { QueryServiceDeps } from '../app/deps';

/** At most this many checkpoints an answer: a witness far behind asks again from where it got to. */
const FEED_PAGE = 500;

/**
 * GET /api/log/checkpoints?after=N: what a witness needs to check that the log only grew since the checkpoint
 * it last cosigned: every checkpoint after it, up to the newest one this service verified, with its heads,
 * and the newest as a C2SP signed note that the witness cosigns.
 */
export function checkpointFeedQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  return {
    async checkpointFeed({ query }) {
      const { checkpoint } = await deps.checkpoints.view([]);
      const newest = checkpoint?.statement.seq ?? 0;
      const after = Math.min(query.after ?? 0, newest);
      const events =
        after < newest
          ? await deps.log.readStream(CHECKPOINT_STREAM, {
              fromRevision: after,
              maxCount: Math.min(FEED_PAGE, newest - after),
            })
          : [];
      const checkpoints = events.map((event) => {
        const decoded = decode(LogCheckpointSigned, event.data, 'checkpoint');
        if (isLeft(decoded)) throw new Error(`checkpoint at revision ${event.revision} does not decode`);
        return decoded.right;
      });
      const { origin, sign } = deps.checkpointNotes;
      const body: CheckpointFeed = {
        origin,
        key: deps.checkpoints.key,
        note: checkpoint
          ? signedNote(checkpointNote(origin, checkpoint), [sign(checkpointNote(origin, checkpoint))])
          : null,
        checkpoints,
      };
      return { body };
    },
  };
}
