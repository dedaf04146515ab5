import type { CheckpointStatement } from '@tickwise/contracts';
import {
  checkpointHash,
  cosignatureTime,
  parseCheckpointNote,
  splitNote,
  type VerifierKey,
} from '@tickwise/platform';

/**
 * Does an export's checkpoint carry a quorum of cosignatures from the given witnesses? Its note must be the
 * note of the export's signed checkpoint (same tree size, root, number and hash), and at least `quorum` of
 * the witnesses must have a valid cosignature line on it. The answer names the checkpoint either way.
 */
export function checkWitnessQuorum(
  checkpoint:
    | { signed?: { statement?: CheckpointStatement; signature?: string }; note?: unknown }
    | null
    | undefined,
  witnesses: readonly VerifierKey[],
  quorum: number,
): { ok: true; summary: string } | { ok: false; problem: string } {
  const statement = checkpoint?.signed?.statement;
  if (!checkpoint?.signed || !statement)
    return { ok: false, problem: 'the export carries no signed checkpoint to be cosigned' };
  const named = `checkpoint #${statement.seq}`;
  const split = typeof checkpoint.note === 'string' ? splitNote(checkpoint.note) : null;
  if (!split) return { ok: false, problem: `${named} carries no signed note, so no witness cosignature` };
  const note = parseCheckpointNote(split.body);
  const hash = checkpointHash({ statement, signature: String(checkpoint.signed.signature) });
  if (
    typeof note === 'string' ||
    note.seq !== statement.seq ||
    note.treeSize !== statement.treeSize ||
    note.root !== statement.root ||
    note.checkpointHash !== hash
  )
    return { ok: false, problem: `${named}: its note is not the note of the signed checkpoint` };
  const cosigners = witnesses
    .filter((witness) => split.signatures.some((line) => cosignatureTime(split.body, line, witness) !== null))
    .map((witness) => witness.name);
  if (cosigners.length < quorum) {
    const missing = witnesses.map((w) => w.name).filter((name) => !cosigners.includes(name));
    return {
      ok: false,
      problem: `${named} is cosigned by ${cosigners.length} of the ${quorum} witnesses required (no valid cosignature from ${missing.join(', ')})`,
    };
  }
  return { ok: true, summary: `${named} cosigned by ${cosigners.join(', ')} (quorum ${quorum})` };
}
