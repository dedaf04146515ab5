import type { EventOf } from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';

/** The `log-cosignatures` stream: each witness cosigns each checkpoint once. */
type CosignatureEvent = EventOf<'CheckpointCosigned'>;

export interface CosignatureCommand {
  kind: 'cosign';
  /** The cosignature, already checked against the witness's key and the checkpoint's note by the route. */
  cosigned: CosignatureEvent['data'];
}

export const cosignatures: Decider<CosignatureCommand, ReadonlySet<string>, CosignatureEvent> = {
  initialState: new Set(),
  evolve: (state, event) => new Set([...state, `${event.data.witness} ${event.data.seq}`]),
  decide(command, state) {
    const { witness, seq } = command.cosigned;
    if (seq < 1) return refuse(domainError('validation', 'seq: must be a checkpoint number'));
    // The same witness cosigning the same checkpoint again adds nothing.
    if (state.has(`${witness} ${seq}`)) return accept();
    return accept({ type: 'CheckpointCosigned', data: command.cosigned });
  },
};
