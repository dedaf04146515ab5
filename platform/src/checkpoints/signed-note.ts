/**
 * Checkpoints as C2SP signed notes (tlog-checkpoint, signed-note) and witness cosignatures
 * (tlog-cosignature/v1). A note's body is the origin, the tree size and the base64 root hash, one a line,
 * then extension lines; signature lines follow a blank line: "— <key name> <base64(key id ‖ signature)>".
 * Key ids are the first 4 bytes of SHA-256(name ‖ "\n" ‖ type ‖ public key): type 0x01 for an Ed25519 note
 * signature, 0x04 for an Ed25519 cosignature, whose signed message is "cosignature/v1\ntime <T>\n" ‖ body and
 * whose signature bytes carry the 8-byte big-endian time before the signature.
 */
import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { SignedCheckpoint } from '@tickwise/contracts';
import { checkpointHash } from './checkpoint';

const ED25519_NOTE = 0x01;
const ED25519_COSIGNATURE = 0x04;
const SPKI_PREFIX_LENGTH = 12;
const DASH = '\u2014';

const rawKey = (publicKey: KeyObject): Buffer =>
  publicKey.export({ type: 'spki', format: 'der' }).subarray(SPKI_PREFIX_LENGTH);

const keyFromRaw = (raw: Buffer): KeyObject =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  });

export function noteKeyId(name: string, type: number, publicKey: KeyObject): Buffer {
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`), Buffer.from([type]), rawKey(publicKey)]))
    .digest()
    .subarray(0, 4);
}

/** A verifier key as signed-note writes it: `<name>+<hex key id>+<base64(type ‖ public key)>`. */
export function verifierKey(name: string, publicKey: KeyObject, type = ED25519_COSIGNATURE): string {
  const id = noteKeyId(name, type, publicKey).toString('hex');
  return `${name}+${id}+${Buffer.concat([Buffer.from([type]), rawKey(publicKey)]).toString('base64')}`;
}

export interface VerifierKey {
  name: string;
  keyId: string;
  type: number;
  publicKey: KeyObject;
}

export function parseVerifierKey(text: string): VerifierKey {
  // The base64 key may itself hold '+': only the first two separate the parts.
  const [name, id] = text.trim().split('+', 2);
  const key = text.trim().slice(`${name}+${id}+`.length);
  if (!name || !id || !key || /\s/.test(name))
    throw new Error('a verifier key is <name>+<hex key id>+<base64 key>');
  const bytes = Buffer.from(key, 'base64');
  const type = bytes[0] ?? -1;
  if (bytes.length !== 33 || (type !== ED25519_NOTE && type !== ED25519_COSIGNATURE))
    throw new Error('the verifier key is not an Ed25519 key');
  const publicKey = keyFromRaw(bytes.subarray(1));
  if (noteKeyId(name, type, publicKey).toString('hex') !== id)
    throw new Error('the verifier key id does not match its name and key');
  return { name, keyId: id, type, publicKey };
}

/** The origin line of this installation's checkpoints: its public host and the log's name. */
export const noteOrigin = (publicUrl: string): string => `${new URL(publicUrl).host}/tickwise-log`;

/**
 * A checkpoint's note body: origin, tree size, base64 root, and one extension line naming the Tickwise
 * checkpoint it is (its number and hash), so a witness can follow the checkpoint chain.
 */
export function checkpointNote(origin: string, checkpoint: SignedCheckpoint): string {
  const { statement } = checkpoint;
  return (
    `${origin}\n${statement.treeSize}\n${Buffer.from(statement.root, 'hex').toString('base64')}\n` +
    `tickwise-checkpoint ${statement.seq} ${checkpointHash(checkpoint)}\n`
  );
}

/** What a note body says, or why it is not a checkpoint note. */
export function parseCheckpointNote(
  body: string,
): { origin: string; treeSize: number; root: string; seq: number; checkpointHash: string } | string {
  const lines = body.split('\n');
  if (lines.length !== 5 || lines[4] !== '')
    return 'the note is not a Tickwise checkpoint (wrong line count)';
  const [origin = '', size = '', root = '', extension = ''] = lines;
  const match = /^tickwise-checkpoint (\d+) ([0-9a-f]{64})$/.exec(extension);
  if (!/^\d+$/.test(size) || !match) return 'the note is not a Tickwise checkpoint';
  return {
    origin,
    treeSize: Number(size),
    root: Buffer.from(root, 'base64').toString('hex'),
    seq: Number(match[1]),
    checkpointHash: match[2] ?? '',
  };
}

/** The operator's signature line over a note body. */
export function signNote(body: string, name: string, privateKey: KeyObject): string {
  const id = noteKeyId(name, ED25519_NOTE, createPublicKey(privateKey));
  const signature = sign(null, Buffer.from(body), privateKey);
  return `${DASH} ${name} ${Buffer.concat([id, signature]).toString('base64')}\n`;
}

/** A signed note: the body, a blank line, the signature lines. */
export const signedNote = (body: string, signatures: readonly string[]): string =>
  `${body}\n${signatures.join('')}`;

/** Splits a signed note into its body and signature lines. */
export function splitNote(note: string): { body: string; signatures: string[] } | null {
  const at = note.indexOf('\n\n');
  if (at < 0) return null;
  const signatures = note
    .slice(at + 2)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `${line}\n`);
  return { body: note.slice(0, at + 1), signatures };
}

export interface ParsedSignature {
  name: string;
  keyId: string;
  bytes: Buffer;
}

export function parseSignatureLine(line: string): ParsedSignature | null {
  const match = new RegExp(`^${DASH} (\\S+) ([A-Za-z0-9+/=]+)\\n?$`).exec(line);
  if (!match) return null;
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length < 5) return null;
  return { name: match[1] ?? '', keyId: bytes.subarray(0, 4).toString('hex'), bytes: bytes.subarray(4) };
}

/** Is this line the operator's signature over the body, by this key? */
export function noteSignedBy(body: string, line: string, name: string, publicKey: KeyObject): boolean {
  const parsed = parseSignatureLine(line);
  if (!parsed || parsed.name !== name) return false;
  if (parsed.keyId !== noteKeyId(name, ED25519_NOTE, publicKey).toString('hex')) return false;
  try {
    return verify(null, Buffer.from(body), publicKey, parsed.bytes);
  } catch {
    return false;
  }
}

const cosignedMessage = (body: string, time: bigint) => Buffer.from(`cosignature/v1\ntime ${time}\n${body}`);

/** A witness's cosignature line (tlog-cosignature/v1) over a checkpoint note body, at `time` (Unix seconds). */
export function cosignNote(body: string, name: string, privateKey: KeyObject, time: number): string {
  const id = noteKeyId(name, ED25519_COSIGNATURE, createPublicKey(privateKey));
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(time));
  const signature = sign(null, cosignedMessage(body, BigInt(time)), privateKey);
  return `${DASH} ${name} ${Buffer.concat([id, stamp, signature]).toString('base64')}\n`;
}

/** The time a cosignature line vouches for the body at, when it is this witness's valid cosignature. */
export function cosignatureTime(body: string, line: string, witness: VerifierKey): number | null {
  const parsed = parseSignatureLine(line);
  if (!parsed || parsed.name !== witness.name || parsed.keyId !== witness.keyId) return null;
  if (witness.type !== ED25519_COSIGNATURE || parsed.bytes.length !== 72) return null;
  const time = parsed.bytes.readBigUInt64BE(0);
  try {
    return verify(null, cosignedMessage(body, time), witness.publicKey, parsed.bytes.subarray(8))
      ? Number(time)
      : null;
  } catch {
    return null;
  }
}
