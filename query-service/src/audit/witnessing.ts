import {
  type CheckpointBasis,
  CheckpointCosigned as Cosigned,
  decode,
  isLeft,
  type SignedCheckpoint,
  streams,
} from '@tickwise/contracts';
import { checkpointHash, checkpointNote, signedNote } from '@tickwise/platform';
import type { QueryServiceDeps } from '../app/deps';

/** A checkpoint as witnesses saw it: its C2SP note (operator signature and cosignatures) and who cosigned it. */
export interface Witnessing {
  /** The signed note: body, the operator's signature, then each accepted cosignature line. */
  note: string;
  /** The witnesses that cosigned it, by key name, in the order they did. */
  cosignedBy: string[];
}

/** The note and cosignatures of `checkpoint` (null when there is none). */
export async function witnessingOf(
  deps: Pick<QueryServiceDeps, 'log' | 'checkpointNotes'>,
  checkpoint: SignedCheckpoint | null,
): Promise<Witnessing | null> {
  if (!checkpoint) return null;
  const hash = checkpointHash(checkpoint);
  const { seq } = checkpoint.statement;
  const lines: string[] = [];
  const cosignedBy: string[] = [];
  for (const event of await deps.log.readStream(streams.cosignatures())) {
    const decoded = decode(Cosigned, event.data, 'cosignature');
    if (isLeft(decoded)) continue;
    const cosigned = decoded.right;
    if (cosigned.seq !== seq || cosigned.checkpointHash !== hash) continue;
    lines.push(`${cosigned.cosignature}\n`);
    cosignedBy.push(cosigned.witness);
  }
  const { origin, sign } = deps.checkpointNotes;
  const body = checkpointNote(origin, checkpoint);
  return { note: signedNote(body, [sign(body), ...lines]), cosignedBy };
}

/** A checkpoint basis with the witnesses that cosigned its checkpoint. */
export const withCosigners = (basis: CheckpointBasis, witnessing: Witnessing | null): CheckpointBasis => ({
  ...basis,
  cosignedBy: witnessing?.cosignedBy ?? [],
});
