/**
 * Signed checkpoints of the whole event log (in the manner of Certificate Transparency's signed tree heads,
 * RFC 9162): a Merkle tree over the head (last revision, last hash) of every stream, its root signed with
 * Ed25519 by a key kept outside the database. docs/security/tamper-evidence.md says what they prove.
 */
import * as t from 'io-ts';
import {
  isoDateTime,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  positiveInt,
  sha256Hex,
  struct,
} from './codecs';
import { limits } from './limits';

const streamName = nonEmptyString(limits.title);

/** A stream's head: its last revision and that event's hash. A leaf of the checkpoint's Merkle tree. */
export const SignedStreamHead = struct(
  { stream: streamName, revision: nonNegativeInt, hash: sha256Hex },
  'SignedStreamHead',
);
export type SignedStreamHead = t.TypeOf<typeof SignedStreamHead>;

/**
 * What is signed (as RFC 8785 canonical JSON): checkpoint number `seq`, the log position it covers up to
 * (inclusive), the Merkle root over `treeSize` stream heads, the hash of the previous checkpoint (64 zeros
 * for #1), the signing time and the id of the key (SHA-256 of its SPKI DER).
 */
export const CheckpointStatement = struct(
  {
    log: t.literal('tickwise-checkpoint/1'),
    seq: positiveInt,
    position: nonEmptyString(limits.title),
    treeSize: nonNegativeInt,
    root: sha256Hex,
    previous: sha256Hex,
    signedAt: isoDateTime,
    keyId: sha256Hex,
  },
  'CheckpointStatement',
);
export type CheckpointStatement = t.TypeOf<typeof CheckpointStatement>;

/** A statement with its Ed25519 signature (base64). Carried by exports and kept in DATA_DIR's head file. */
export const SignedCheckpoint = struct(
  { statement: CheckpointStatement, signature: nonEmptyString(200) },
  'SignedCheckpoint',
);
export type SignedCheckpoint = t.TypeOf<typeof SignedCheckpoint>;

/**
 * The event of the `log-checkpoints` stream: a signed checkpoint and the heads of the streams changed since
 * the previous one, in leaf order (a stream new to the tree becomes its next leaf). Replaying the heads of
 * every checkpoint rebuilds the tree, whose root must equal the signed one.
 */
export const LogCheckpointSigned = struct(
  { statement: CheckpointStatement, signature: nonEmptyString(200), heads: t.array(SignedStreamHead) },
  'LogCheckpointSigned',
);

/** RFC 9162 inclusion proof of one stream head in a checkpoint's tree (audit path bottom-up, hex). */
export const HeadInclusionProof = struct(
  {
    head: SignedStreamHead,
    leafIndex: nonNegativeInt,
    path: t.array(sha256Hex),
  },
  'HeadInclusionProof',
);
export type HeadInclusionProof = t.TypeOf<typeof HeadInclusionProof>;

/** GET /api/log/checkpoint-key: the public key that verifies checkpoints (SPKI PEM) and its id. */
export const CheckpointKey = struct(
  { algorithm: t.literal('Ed25519'), keyId: sha256Hex, publicKey: nonEmptyString(2000) },
  'CheckpointKey',
);
export type CheckpointKey = t.TypeOf<typeof CheckpointKey>;

/**
 * Which signed checkpoint a verification rests on: its number and signing time, or null when the log holds
 * none that verifies; `problem` says in plain words why the evidence cannot rest on a newer one (a broken or
 * forged checkpoint, checkpoints deleted from the database), null when all is well.
 */
export const CheckpointBasis = struct(
  {
    seq: nullable(positiveInt),
    signedAt: nullable(isoDateTime),
    keyId: sha256Hex,
    problem: nullable(t.string),
  },
  'CheckpointBasis',
);
export type CheckpointBasis = t.TypeOf<typeof CheckpointBasis>;
