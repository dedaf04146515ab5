/**
 * C2SP signed notes and cosignatures. The known answer is Go's sumdb/note test vector (the PeterNeumann key
 * pair, its text and published signature line): Ed25519 is deterministic, so signing the text with that key
 * must give the published line byte for byte, and the verifier key must accept it.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import {
  checkpointNote,
  cosignatureTime,
  cosignNote,
  noteSignedBy,
  parseCheckpointNote,
  parseVerifierKey,
  signedNote,
  signNote,
  splitNote,
  verifierKey,
} from '../src';

const VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const SKEY_SEED = 'AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const SIGNATURE =
  '\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';

const seed = Buffer.from(SKEY_SEED, 'base64').subarray(1);
const peter = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
  format: 'der',
  type: 'pkcs8',
});

test("Go's note vector: the key signs the text to the published line, and the verifier key accepts it", () => {
  const key = parseVerifierKey(VKEY);
  expect(key).toMatchObject({ name: 'PeterNeumann', keyId: 'c74f20a3', type: 1 });
  expect(signNote(TEXT, 'PeterNeumann', peter)).toBe(SIGNATURE);
  expect(noteSignedBy(TEXT, SIGNATURE, 'PeterNeumann', key.publicKey)).toBe(true);
  expect(
    noteSignedBy(TEXT.replace('cryptography', 'cryptographY'), SIGNATURE, 'PeterNeumann', key.publicKey),
  ).toBe(false);
  expect(verifierKey('PeterNeumann', createPublicKey(peter), 1)).toBe(VKEY);
  expect(splitNote(signedNote(TEXT, [SIGNATURE]))).toEqual({ body: TEXT, signatures: [SIGNATURE] });
});

test('a checkpoint note: origin, size, base64 root and the checkpoint it is; cosigned by a witness', () => {
  const checkpoint = {
    statement: {
      log: 'tickwise-checkpoint/1' as const,
      seq: 3,
      position: '42',
      treeSize: 7,
      root: 'ab'.repeat(32),
      previous: '0'.repeat(64),
      signedAt: '2026-12-01T10:00:00.000Z',
      keyId: 'cd'.repeat(32),
    },
    signature: 'c2lnbmF0dXJl',
  };
  const body = checkpointNote('tickwise.example/tickwise-log', checkpoint);
  expect(body.split('\n').slice(0, 3)).toEqual([
    'tickwise.example/tickwise-log',
    '7',
    Buffer.from('ab'.repeat(32), 'hex').toString('base64'),
  ]);
  expect(parseCheckpointNote(body)).toMatchObject({ treeSize: 7, root: 'ab'.repeat(32), seq: 3 });

  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const witness = parseVerifierKey(verifierKey('witness.example', publicKey));
  const line = cosignNote(body, 'witness.example', privateKey, 1_764_583_200);
  expect(cosignatureTime(body, line, witness)).toBe(1_764_583_200);
  expect(cosignatureTime(body.replace('\n7\n', '\n8\n'), line, witness)).toBeNull();
  const other = parseVerifierKey(verifierKey('witness.example', generateKeyPairSync('ed25519').publicKey));
  expect(cosignatureTime(body, line, other)).toBeNull();
});
