/**
 * `npm run audit -- verify-proof <bundle.json> [--key <pem>] [--witness <verifier key>]… [--quorum N]`: checks
 * an offline proof of one event alone: each event's hash from its content, the chain from the proven event to
 * the stream's head, that head's inclusion in the checkpoint's Merkle tree, the checkpoint's signature, and,
 * when asked, a quorum of witness cosignatures on it.
 */
import { decode, isLeft, ProofBundle, type StoredEvent } from '@tickwise/contracts';
import {
  type CheckpointKeys,
  canonicalJson,
  checkpointSignedBy,
  headIncluded,
  parsePublicKey,
  type RecordedEvent,
  recomputedHash,
  type VerifierKey,
} from '@tickwise/platform';
import { checkWitnessQuorum } from './verify-cosignatures';

export interface ProofOptions {
  /** The log's public key from an independent source; without it, the bundle's own (and the output says so). */
  key: Pick<CheckpointKeys, 'publicKey' | 'keyId'> | undefined;
  witnesses: readonly VerifierKey[];
  quorum: number;
}

const hashOf = (event: StoredEvent) => recomputedHash(event as unknown as RecordedEvent);

export function verifyProofBundle(value: unknown, options: ProofOptions): { ok: boolean; lines: string[] } {
  const fail = (problem: string) => ({ ok: false, lines: [`NOT VERIFIED: ${problem}`] });
  const decoded = decode(ProofBundle, value, 'proof');
  if (isLeft(decoded)) return fail(`the file is not a Tickwise proof bundle: ${decoded.left}`);
  const bundle = decoded.right;
  const [first] = bundle.chain;
  if (!first || canonicalJson(first) !== canonicalJson(bundle.event))
    return fail('the chain does not start with the proven event');
  const named = `${bundle.event.stream} revision ${bundle.event.revision}`;
  for (const [index, event] of bundle.chain.entries()) {
    if (event.stream !== bundle.event.stream || event.revision !== bundle.event.revision + index)
      return fail(
        `the chain is not the consecutive events of ${bundle.event.stream} from revision ${bundle.event.revision}`,
      );
    if (hashOf(event) !== event.metadata.hash)
      return fail(
        `${event.stream} revision ${event.revision} does not hash to the hash it carries: it was changed`,
      );
    const previous = bundle.chain[index - 1];
    if (previous && event.metadata.prevHash !== previous.metadata.hash)
      return fail(`${event.stream} revision ${event.revision} does not follow revision ${previous.revision}`);
  }
  const last = bundle.chain[bundle.chain.length - 1] ?? first;
  const { head } = bundle.inclusion;
  if (head.stream !== last.stream || head.revision !== last.revision || head.hash !== last.metadata.hash)
    return fail(
      `the chain does not end at the signed head of ${bundle.event.stream} (revision ${head.revision})`,
    );
  const { statement } = bundle.checkpoint;
  const checkpoint = `checkpoint #${statement.seq}`;
  if (!headIncluded(bundle.inclusion, statement))
    return fail(`the head of ${head.stream} is not in the Merkle tree of ${checkpoint}`);
  let key = options.key;
  if (key && key.keyId !== bundle.key.keyId)
    return fail(`${checkpoint} is signed by key ${statement.keyId}, not by the key given (${key.keyId})`);
  key ??= parsePublicKey(bundle.key.publicKey);
  if (!checkpointSignedBy(bundle.checkpoint, key))
    return fail(`${checkpoint} is not signed by key ${key.keyId}`);
  const lines = [
    `VERIFIED: ${bundle.event.type} at ${named} (hash ${String(bundle.event.metadata.hash)})`,
    `is in ${checkpoint} of ${statement.signedAt} (tree size ${statement.treeSize}), signed by key ${key.keyId}` +
      (options.key ? '' : ' (the key in the bundle: compare its id with the one the operator publishes)'),
  ];
  if (options.quorum > 0) {
    const quorum = checkWitnessQuorum(
      { signed: bundle.checkpoint, note: bundle.note },
      options.witnesses,
      options.quorum,
    );
    if (!quorum.ok) return fail(quorum.problem);
    lines.push(quorum.summary);
  }
  return { ok: true, lines };
}
