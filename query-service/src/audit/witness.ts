/**
 * `npm run audit -- witness --url <tickwise> --state <dir> --key <witness key> [--name <key name>]`: one round
 * of an independent witness (in the manner of C2SP tlog-witness). The witness keeps, in its own state folder,
 * the last checkpoint it cosigned and the stream heads of the log's tree. It reads the checkpoints after that
 * one and cosigns the newest only if the log merely grew: every checkpoint signed by the log's key (the one it
 * saw first), each naming the previous one by its hash, no stream head moving backwards or changing at a
 * revision already signed, and the heads giving each signed root. Otherwise it refuses, says why, and keeps
 * its state. The key is an Ed25519 private key (PKCS#8 PEM), made on first use; its verifier key is printed
 * for the operator's WITNESS_KEYS.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  type CheckpointFeed,
  decode,
  CheckpointFeed as Feed,
  isLeft,
  type SignedStreamHead,
} from '@tickwise/contracts';
import {
  checkpointHash,
  checkpointSignedBy,
  cosignNote,
  headLeaf,
  MerkleTree,
  NO_PREVIOUS_CHECKPOINT,
  noteSignedBy,
  parseCheckpointNote,
  parsePublicKey,
  splitNote,
  verifierKey,
} from '@tickwise/platform';

export interface WitnessOptions {
  url: string;
  stateDir: string;
  keyFile: string;
  name: string;
}

export function witnessOptions(words: readonly string[]): WitnessOptions | null {
  const given = new Map<string, string>();
  for (let i = 0; i < words.length; i += 2) {
    const [flag, value] = [words[i], words[i + 1]];
    if (!flag || value === undefined || !['--url', '--state', '--key', '--name'].includes(flag)) return null;
    given.set(flag, value);
  }
  const [url, stateDir, keyFile] = [given.get('--url'), given.get('--state'), given.get('--key')];
  if (!url || !stateDir || !keyFile) return null;
  const name = given.get('--name') ?? basename(keyFile).replace(/\.[^.]*$/, '');
  return { url: url.replace(/\/+$/, ''), stateDir, keyFile, name };
}

interface Leaf {
  index: number;
  revision: number;
  hash: string;
}

/** What the witness remembers between rounds. */
interface WitnessState {
  /** The log's checkpoint key as first seen (SPKI PEM) and its id. */
  logKey: { keyId: string; publicKey: string };
  origin: string;
  seq: number;
  checkpointHash: string;
  leaves: Record<string, Leaf>;
}

const STATE_FILE = 'witness-state.json';

function readState(dir: string): WitnessState | null {
  const file = join(dir, STATE_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as WitnessState) : null;
}

function writeState(dir: string, state: WitnessState): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, STATE_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** The witness's private key, made (mode 0600) on first use. */
function witnessKey(file: string): { privateKey: KeyObject; made: boolean } {
  if (existsSync(file)) return { privateKey: createPrivateKey(readFileSync(file, 'utf8')), made: false };
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(file, String(privateKey.export({ type: 'pkcs8', format: 'pem' })), {
    mode: 0o600,
    flag: 'wx',
  });
  return { privateKey, made: true };
}

class Refusal extends Error {}

/** Applies the checkpoints after the state's to a copy of its tree; throws a Refusal naming the first problem. */
function follow(state: WitnessState, feed: CheckpointFeed): WitnessState {
  const logKey = parsePublicKey(state.logKey.publicKey);
  const leaves: Record<string, Leaf> = structuredClone(state.leaves);
  const tree = new MerkleTree();
  const ordered = Object.entries(leaves).sort(([, a], [, b]) => a.index - b.index);
  tree.setLeaves(ordered.map(([stream, leaf]) => [leaf.index, headLeaf({ stream, ...leaf })]));
  let { seq, checkpointHash: previous } = state;
  for (const checkpoint of feed.checkpoints) {
    const { statement } = checkpoint;
    const named = `checkpoint #${statement.seq}`;
    if (!checkpointSignedBy(checkpoint, logKey))
      throw new Refusal(`${named} is not signed by the log's key this witness knows`);
    if (statement.seq !== seq + 1) throw new Refusal(`${named} does not follow checkpoint #${seq}`);
    if (statement.previous !== previous)
      throw new Refusal(
        `${named} does not extend checkpoint #${seq} that this witness cosigned: the log's history was rewritten`,
      );
    const changes: Array<[number, Buffer]> = [];
    let size = tree.size;
    for (const head of checkpoint.heads as SignedStreamHead[]) {
      const known = leaves[head.stream];
      if (known && head.revision < known.revision)
        throw new Refusal(
          `${named}: stream ${head.stream} moved back from revision ${known.revision} to ${head.revision}`,
        );
      if (known && head.revision === known.revision && head.hash !== known.hash)
        throw new Refusal(
          `${named}: stream ${head.stream} changed at revision ${head.revision}, which was already signed`,
        );
      const index = known?.index ?? size++;
      leaves[head.stream] = { index, revision: head.revision, hash: head.hash };
      changes.push([index, headLeaf(head)]);
    }
    tree.setLeaves(changes);
    if (tree.size !== statement.treeSize || tree.root().toString('hex') !== statement.root)
      throw new Refusal(`${named}: its stream heads do not give its signed root`);
    seq = statement.seq;
    previous = checkpointHash(checkpoint);
  }
  return { ...state, seq, checkpointHash: previous, leaves };
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** One witness round; prints what it did, and answers 0 when it cosigned, 1 when it refused or failed. */
export async function runWitness(
  options: WitnessOptions | null,
  out: (line: string) => void,
): Promise<number> {
  if (!options) {
    out(
      'usage: npm run audit -- witness --url <tickwise> --state <dir> --key <witness-key.pem> [--name <key name>]',
    );
    return 2;
  }
  const { privateKey, made } = witnessKey(options.keyFile);
  const vkey = verifierKey(options.name, createPublicKey(privateKey));
  if (made)
    out(`made witness key ${options.keyFile}; its verifier key, for the operator's WITNESS_KEYS: ${vkey}`);
  try {
    let state = readState(options.stateDir);
    let note: string | null = null;
    for (;;) {
      const decoded = decode(
        Feed,
        await getJson(`${options.url}/api/log/checkpoints?after=${state?.seq ?? 0}`),
        'feed',
      );
      if (isLeft(decoded))
        throw new Error(`the checkpoint feed is not what a Tickwise answers: ${decoded.left}`);
      const feed = decoded.right;
      state ??= {
        logKey: { keyId: feed.key.keyId, publicKey: feed.key.publicKey },
        origin: feed.origin,
        seq: 0,
        checkpointHash: NO_PREVIOUS_CHECKPOINT,
        leaves: {},
      };
      if (feed.key.keyId !== state.logKey.keyId)
        throw new Refusal(
          `the log now signs with key ${feed.key.keyId}, not ${state.logKey.keyId} that this witness knows`,
        );
      if (feed.origin !== state.origin)
        throw new Refusal(`the log is now ${feed.origin}, not ${state.origin}`);
      state = follow(state, feed);
      note = feed.note;
      if (feed.checkpoints.length === 0) break;
    }
    if (note === null || state.seq === 0) {
      out('nothing to cosign yet: the log has no signed checkpoint');
      return 0;
    }
    const split = splitNote(note);
    const body = split?.body ?? '';
    const parsed = parseCheckpointNote(body);
    const logKey = parsePublicKey(state.logKey.publicKey).publicKey;
    if (!split || !split.signatures.some((line) => noteSignedBy(body, line, state.origin, logKey)))
      throw new Refusal("the newest checkpoint's note is not signed by the log's key");
    if (
      typeof parsed === 'string' ||
      parsed.seq !== state.seq ||
      parsed.checkpointHash !== state.checkpointHash
    )
      throw new Refusal(`the note is not checkpoint #${state.seq} that this witness checked`);
    writeState(options.stateDir, state);
    const cosignature = cosignNote(body, options.name, privateKey, Math.floor(Date.now() / 1000));
    const res = await fetch(`${options.url}/api/log/cosignatures`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: body, cosignature }),
    });
    if (res.status !== 200 && res.status !== 201) {
      out(
        `cosigned checkpoint #${state.seq}, but the log refused the cosignature: ${res.status} ${await res.text()}`,
      );
      return 1;
    }
    out(`cosigned checkpoint #${state.seq} (tree size ${parsed.treeSize}) as ${options.name}`);
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      out(`REFUSED: ${error.message}`);
      return 1;
    }
    out(`witness round failed: ${(error as Error).message}`);
    return 1;
  }
}
