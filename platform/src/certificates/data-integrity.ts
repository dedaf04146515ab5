/**
 * W3C Data Integrity proofs with the `eddsa-jcs-2022` cryptosuite (Data Integrity EdDSA Cryptosuites v1.0):
 * the document and the proof options are each canonicalized with JCS (RFC 8785) and hashed with SHA-256, the
 * proof options' hash first, and the 64 bytes are signed with Ed25519. Keys are Multikeys: base58btc
 * multibase (`z…`) of the multicodec prefix `ed01` (public) or `8026` (private seed) and the 32 raw bytes.
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { base58 } from '@scure/base';
import { canonicalJson } from '../eventlog/hash-chain';

export const CRYPTOSUITE = 'eddsa-jcs-2022' as const;

const ED25519_PUBLIC = Buffer.from([0xed, 0x01]);
const ED25519_PRIVATE = Buffer.from([0x80, 0x26]);
/** PKCS#8 and SPKI DER headers of an Ed25519 key (RFC 8410), before the 32 raw bytes. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The proof a secured document carries. */
export interface DataIntegrityProof {
  type: 'DataIntegrityProof';
  cryptosuite: typeof CRYPTOSUITE;
  created?: string;
  verificationMethod: string;
  proofPurpose: string;
  '@context'?: unknown;
  proofValue: string;
  [key: string]: unknown;
}

export type SecuredDocument = Record<string, unknown> & { proof: DataIntegrityProof };

/** base58btc multibase (`z` + base58 of the bytes). */
export const multibaseEncode = (bytes: Uint8Array): string => `z${base58.encode(bytes)}`;

export function multibaseDecode(value: string): Buffer {
  if (!value.startsWith('z')) throw new Error('not a base58btc multibase value (it must start with "z")');
  return Buffer.from(base58.decode(value.slice(1)));
}

/** The raw 32 bytes of an Ed25519 public key. */
const rawPublicKey = (publicKey: KeyObject): Buffer => {
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return publicKey.export({ type: 'spki', format: 'der' }).subarray(SPKI_PREFIX.length);
};

/** An Ed25519 public key as a Multikey's `publicKeyMultibase` (`z6Mk…`). */
export const publicKeyMultibase = (publicKey: KeyObject): string =>
  multibaseEncode(Buffer.concat([ED25519_PUBLIC, rawPublicKey(publicKey)]));

export function publicKeyFromMultibase(value: string): KeyObject {
  const bytes = multibaseDecode(value);
  if (bytes.length !== 34 || !bytes.subarray(0, 2).equals(ED25519_PUBLIC))
    throw new Error('not an Ed25519 Multikey public key');
  return createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, bytes.subarray(2)]),
    format: 'der',
    type: 'spki',
  });
}

export function privateKeyFromMultibase(value: string): KeyObject {
  const bytes = multibaseDecode(value);
  if (bytes.length !== 34 || !bytes.subarray(0, 2).equals(ED25519_PRIVATE))
    throw new Error('not an Ed25519 Multikey private key');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, bytes.subarray(2)]),
    format: 'der',
    type: 'pkcs8',
  });
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The 64 bytes signed: SHA-256(JCS(proof options)) ‖ SHA-256(JCS(unsecured document)). */
export function hashData(proofOptions: object, unsecuredDocument: object): Buffer {
  return Buffer.concat([sha256(canonicalJson(proofOptions)), sha256(canonicalJson(unsecuredDocument))]);
}

/**
 * Adds an `eddsa-jcs-2022` proof to the document. The proof options carry the document's `@context`, as the
 * cryptosuite's proof configuration requires. Ed25519 is deterministic: the same document, options and key
 * always give the same proof value.
 */
export function addProof<D extends Record<string, unknown>>(
  document: D,
  options: { privateKey: KeyObject; verificationMethod: string; created: string; proofPurpose?: string },
): D & { proof: DataIntegrityProof } {
  const { proof: _none, ...unsecured } = document;
  const proofOptions = {
    type: 'DataIntegrityProof' as const,
    cryptosuite: CRYPTOSUITE,
    created: options.created,
    verificationMethod: options.verificationMethod,
    proofPurpose: options.proofPurpose ?? 'assertionMethod',
    ...(unsecured['@context'] === undefined ? {} : { '@context': unsecured['@context'] }),
  };
  const signature = sign(null, hashData(proofOptions, unsecured), options.privateKey);
  return { ...document, proof: { ...proofOptions, proofValue: multibaseEncode(signature) } };
}

export type ProofCheck = { ok: true } | { ok: false; problem: string };

const startsWithAll = (documentContext: unknown, proofContext: unknown): boolean => {
  const documents = Array.isArray(documentContext) ? documentContext : [documentContext];
  const proofs = Array.isArray(proofContext) ? proofContext : [proofContext];
  return proofs.every((value, index) => JSON.stringify(documents[index]) === JSON.stringify(value));
};

/**
 * Verifies a document's `eddsa-jcs-2022` proof with the public key its verification method names (the caller
 * resolves that method and says which key it binds to; see `verificationMethod` on the proof).
 */
export function verifyProof(document: unknown, publicKey: KeyObject): ProofCheck {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    return { ok: false, problem: 'the credential is not a JSON object' };
  const { proof, ...unsecured } = document as Record<string, unknown>;
  if (typeof proof !== 'object' || proof === null || Array.isArray(proof))
    return { ok: false, problem: 'the credential carries no proof' };
  const { proofValue, ...proofOptions } = proof as Record<string, unknown>;
  if (proofOptions.type !== 'DataIntegrityProof' || proofOptions.cryptosuite !== CRYPTOSUITE)
    return { ok: false, problem: `the proof is not a DataIntegrityProof of the ${CRYPTOSUITE} cryptosuite` };
  if (typeof proofValue !== 'string') return { ok: false, problem: 'the proof has no proofValue' };
  if (proofOptions['@context'] !== undefined) {
    if (!startsWithAll(unsecured['@context'], proofOptions['@context']))
      return { ok: false, problem: "the proof's @context does not match the credential's" };
  }
  let signature: Buffer;
  try {
    signature = multibaseDecode(proofValue);
  } catch (error) {
    return { ok: false, problem: `the proofValue cannot be read: ${(error as Error).message}` };
  }
  if (signature.length !== 64) return { ok: false, problem: 'the proofValue is not an Ed25519 signature' };
  let valid = false;
  try {
    valid = verify(null, hashData(proofOptions, unsecured), publicKey, signature);
  } catch {
    valid = false;
  }
  return valid
    ? { ok: true }
    : {
        ok: false,
        problem: 'the signature does not match the credential (it was changed, or signed by another key)',
      };
}
