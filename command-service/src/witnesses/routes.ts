import { decode, isLeft, LogCheckpointSigned, streams } from '@tickwise/contracts';
import {
  checkpointHash,
  checkpointNote,
  cosignatureTime,
  HttpError,
  handleCommand,
  parseCheckpointNote,
  parseSignatureLine,
  type RouteHandlers,
  reply,
} from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { cosignatures } from './cosignatures';

/**
 * POST /api/log/cosignatures: a witness's cosignature of one of this log's checkpoints. Accepted only from a
 * witness key the operator configured (WITNESS_KEYS), over the exact note of a checkpoint in the log.
 */
export function witnessRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  return {
    async submitCosignature({ body }, request) {
      const { origin, keys } = deps.witnesses;
      const note = parseCheckpointNote(body.note);
      if (typeof note === 'string') throw new HttpError(400, `note: ${note}`);
      if (note.origin !== origin) throw new HttpError(422, `The note is not a checkpoint of ${origin}`);
      const line = parseSignatureLine(
        body.cosignature.endsWith('\n') ? body.cosignature : `${body.cosignature}\n`,
      );
      const witness = line && keys.find((key) => key.name === line.name && key.keyId === line.keyId);
      if (!line || !witness)
        throw new HttpError(403, 'Not a witness this Tickwise accepts cosignatures from');
      const time = cosignatureTime(body.note, `${body.cosignature.trimEnd()}\n`, witness);
      if (time === null)
        throw new HttpError(422, `The cosignature does not verify with ${witness.name}'s key`);
      const [stored] = await deps.log.readStream(streams.checkpoints(), {
        fromRevision: note.seq - 1,
        maxCount: 1,
      });
      const decoded = stored && decode(LogCheckpointSigned, stored.data, 'checkpoint');
      const checkpoint = decoded && !isLeft(decoded) ? decoded.right : undefined;
      if (!checkpoint || checkpointNote(origin, checkpoint) !== body.note)
        throw new HttpError(422, `Checkpoint #${note.seq} of this log is not the one cosigned`);
      const outcome = await handleCommand(deps, cosignatures, {
        stream: streams.cosignatures(),
        command: {
          kind: 'cosign',
          cosigned: {
            seq: note.seq,
            checkpointHash: checkpointHash(checkpoint),
            witness: witness.name,
            keyId: witness.keyId,
            time,
            cosignature: `${body.cosignature.trimEnd()}`,
          },
        },
        commandId: request.commandId,
        actor: `witness:${witness.name}`,
        correlationId: request.requestId,
      });
      return reply(outcome, { seq: note.seq, witness: witness.name, time });
    },
  };
}
