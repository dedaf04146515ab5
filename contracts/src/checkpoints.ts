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
  refine,
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
  {
    /** The witnesses (key names) whose cosignature of that checkpoint was accepted. */
    cosignedBy: t.array(t.string),
  },
  'CheckpointBasis',
);
export type CheckpointBasis = t.TypeOf<typeof CheckpointBasis>;

// ---- witnesses (C2SP tlog-checkpoint, signed-note, tlog-cosignature) ----

/** A witness's key name: no spaces, as signed-note requires. */
const witnessName = refine(
  nonEmptyString(limits.title),
  (s) => !/[\s+]/.test(s),
  'a key name without spaces',
);

/**
 * A witness's cosignature of checkpoint `seq`, accepted from a witness key the operator configured
 * (WITNESS_KEYS): the signed-note line as the witness sent it, its key id and the time it vouches for.
 */
export const CheckpointCosigned = struct(
  {
    seq: positiveInt,
    checkpointHash: sha256Hex,
    witness: witnessName,
    keyId: refine(t.string, (s) => /^[0-9a-f]{8}$/.test(s), 'a 4-byte key id in hex'),
    time: nonNegativeInt,
    cosignature: nonEmptyString(400),
  },
  'CheckpointCosigned',
);
export type CheckpointCosigned = t.TypeOf<typeof CheckpointCosigned>;

/** GET /api/log/checkpoints?after=N: what a witness needs to follow the checkpoint chain from its last one. */
export const CheckpointFeed = struct(
  {
    /** The origin line of this log's checkpoint notes. */
    origin: t.string,
    key: CheckpointKey,
    /** The newest verified checkpoint as a C2SP signed note (null before the first). */
    note: nullable(t.string),
    /** The checkpoints after `after`, oldest first, up to the newest verified one (at most 500). */
    checkpoints: t.array(LogCheckpointSigned),
  },
  'CheckpointFeed',
);
export type CheckpointFeed = t.TypeOf<typeof CheckpointFeed>;

/** A count written in a query string, e.g. "3" → 3. */
const countFromString = new t.Type<number, string, unknown>(
  'a whole number',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    if (typeof u === 'number' && Number.isInteger(u) && u >= 0) return t.success(u);
    return typeof u === 'string' && /^\d{1,9}$/.test(u) ? t.success(Number(u)) : t.failure(u, c);
  },
  String,
);

/** ?after=N: the number of the last checkpoint the witness has (none: from the first). */
export const CheckpointFeedQuery = struct({}, { after: countFromString }, 'CheckpointFeedQuery');

/** POST /api/log/cosignatures: a checkpoint note's body and one witness cosignature line over it. */
export const CosignatureBody = struct(
  {
    // Byte for byte, final newline included: it is what the cosignature signs.
    note: refine(
      t.string,
      (s) => s.length >= 1 && s.length <= 2000,
      'a checkpoint note of at most 2000 characters',
    ),
    cosignature: nonEmptyString(400),
  },
  'CosignatureBody',
);

export const CosignatureAccepted = struct(
  { seq: positiveInt, witness: t.string, time: nonNegativeInt },
  'CosignatureAccepted',
);
