import { sign, verify } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointStatement, HeadInclusionProof, SignedCheckpoint } from '@tickwise/contracts';
import { canonicalJson, sha256Hex } from '../eventlog/hash-chain';
import { headLeaf, verifyInclusion } from './merkle-tree';
import type { CheckpointKeys } from './signing-key';

/** The `previous` of checkpoint #1. */
export const NO_PREVIOUS_CHECKPOINT = '0'.repeat(64);

/** The file under DATA_DIR, outside the database, that keeps the newest signed checkpoint. */
export const CHECKPOINT_HEAD_FILE = 'checkpoint-head.json';
export const checkpointHeadFile = (dataDir: string) => join(dataDir, CHECKPOINT_HEAD_FILE);

/** The bytes that are signed: the statement's RFC 8785 canonical JSON. */
const signedBytes = (statement: CheckpointStatement) => Buffer.from(canonicalJson(statement));

export function signCheckpoint(
  statement: CheckpointStatement,
  keys: Pick<CheckpointKeys, 'privateKey'>,
): SignedCheckpoint {
  if (!keys.privateKey) throw new Error('no private key to sign checkpoints with');
  return { statement, signature: sign(null, signedBytes(statement), keys.privateKey).toString('base64') };
}

/** Is the checkpoint signed by this key? (Its keyId must name the key, and the signature verify.) */
export function checkpointSignedBy(
  checkpoint: SignedCheckpoint,
  keys: Pick<CheckpointKeys, 'publicKey' | 'keyId'>,
): boolean {
  if (checkpoint.statement.keyId !== keys.keyId) return false;
  try {
    return verify(
      null,
      signedBytes(checkpoint.statement),
      keys.publicKey,
      Buffer.from(checkpoint.signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** What the next checkpoint names as `previous`: SHA-256 of the signed checkpoint's canonical JSON. */
export const checkpointHash = (checkpoint: SignedCheckpoint): string =>
  sha256Hex(canonicalJson({ statement: checkpoint.statement, signature: checkpoint.signature }));

/** Does the proof show this head as a leaf of the checkpoint's signed tree? */
export function headIncluded(proof: HeadInclusionProof, statement: CheckpointStatement): boolean {
  return verifyInclusion(
    headLeaf(proof.head),
    proof.leafIndex,
    statement.treeSize,
    proof.path.map((hex) => Buffer.from(hex, 'hex')),
    Buffer.from(statement.root, 'hex'),
  );
}

/** Replaces the head file atomically (a reader never sees half a file), mode 0600. */
export function writeHeadFile(file: string, checkpoint: SignedCheckpoint): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(checkpoint, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
