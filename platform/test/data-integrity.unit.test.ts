/**
 * The eddsa-jcs-2022 Data Integrity proofs that sign certificates, against the W3C test vectors: the same key
 * pair, credential and proof options must give the published canonical forms, hashes and proof value byte
 * for byte, and the published signed credential must verify.
 */
import { createPublicKey } from 'node:crypto';
import {
  addProof,
  hashData,
  multibaseDecode,
  privateKeyFromMultibase,
  publicKeyFromMultibase,
  publicKeyMultibase,
  verifyProof,
} from '../src';
import { canonicalJson } from '../src/eventlog/hash-chain';
import * as vector from './fixtures/eddsa-jcs-2022';

const privateKey = privateKeyFromMultibase(vector.keyPair.privateKeyMultibase);
const publicKey = publicKeyFromMultibase(vector.keyPair.publicKeyMultibase);

describe('eddsa-jcs-2022 against the W3C test vectors', () => {
  test('the Multikey pair: the private seed gives the published public key', () => {
    expect(publicKeyMultibase(createPublicKey(privateKey))).toBe(vector.keyPair.publicKeyMultibase);
    expect(publicKeyMultibase(publicKey)).toBe(vector.keyPair.publicKeyMultibase);
  });

  test('canonical document, canonical proof configuration and their hashes are the published ones', () => {
    expect(canonicalJson(vector.unsignedCredential)).toBe(vector.canonicalDocument);
    expect(canonicalJson(vector.proofConfig)).toBe(vector.canonicalProofConfig);
    const combined = hashData(vector.proofConfig, vector.unsignedCredential);
    expect(combined.subarray(0, 32).toString('hex')).toBe(vector.proofConfigHash);
    expect(combined.subarray(32).toString('hex')).toBe(vector.documentHash);
    expect(combined.toString('hex')).toBe(vector.combinedHash);
  });

  test('signing the unsigned credential gives the published proof and signed credential', () => {
    const signed = addProof(vector.unsignedCredential, {
      privateKey,
      verificationMethod: vector.proofConfig.verificationMethod,
      created: vector.proofConfig.created,
    });
    expect(signed.proof.proofValue).toBe(vector.proofValue);
    expect(multibaseDecode(signed.proof.proofValue).toString('hex')).toBe(vector.signatureHex);
    expect(canonicalJson(signed)).toBe(canonicalJson(vector.signedCredential));
  });

  test('the published signed credential verifies; any changed field, or another key, fails', () => {
    expect(verifyProof(vector.signedCredential, publicKey)).toEqual({ ok: true });
    const changed = { ...vector.signedCredential, validFrom: '2023-01-02T00:00:00Z' };
    expect(verifyProof(changed, publicKey).ok).toBe(false);
    const changedProof = {
      ...vector.signedCredential,
      proof: { ...vector.signedCredential.proof, created: '2023-02-24T23:36:39Z' },
    };
    expect(verifyProof(changedProof, publicKey).ok).toBe(false);
    const other = publicKeyFromMultibase('z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK');
    expect(verifyProof(vector.signedCredential, other).ok).toBe(false);
  });
});
