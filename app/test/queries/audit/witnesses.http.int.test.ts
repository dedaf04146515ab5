/**
 * Witnesses, end to end on real SQLite files: two independent witnesses, each with its own state folder and
 * key, cosign the log's checkpoints as it grows (`npm run audit -- witness`), Tickwise accepts cosignatures only
 * from the witness keys it is configured with, and an auditor's export verifies with `verify --witness …
 * --quorum 2`. Then someone with the database and the operator's signing key rewrites an acknowledgment,
 * recomputes every hash and re-signs the whole checkpoint chain: Tickwise itself now accepts the chain, but
 * both witnesses refuse to cosign, and the new export fails `verify --quorum 2`, naming its checkpoint.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type SignedCheckpoint, type SignedStreamHead, streams } from '@tickwise/contracts';
import {
  CHECKPOINT_STREAM,
  checkpointHash,
  checkpointHeadFile,
  cosignNote,
  GENESIS_HASH,
  hashEnvelope,
  headLeaf,
  loadCheckpointKeys,
  MerkleTree,
  NO_PREVIOUS_CHECKPOINT,
  signCheckpoint,
  verifierKey,
  writeHeadFile,
} from '@tickwise/platform';
import Database from 'better-sqlite3';
import {
  type Person,
  passGate,
  register,
  registerWithRole,
  type Stack,
  startStack,
} from '../../../src/testing';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'tickwise-witnesses-'));
const dataDir = join(scratch, 'data');
mkdirSync(dataDir);

/** A witness: its key file, its own state folder, and the verifier key the operator configures. */
function witness(name: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const keyFile = join(scratch, `${name}.pem`);
  writeFileSync(keyFile, String(privateKey.export({ type: 'pkcs8', format: 'pem' })), { mode: 0o600 });
  return {
    name,
    keyFile,
    state: join(scratch, `${name}-state`),
    vkey: verifierKey(name, publicKey),
    privateKey,
  };
}
const alice = witness('witness-a.example');
const bob = witness('witness-b.example');
const stranger = witness('stranger.example');

const env = { MIN_READ_SECONDS: '0', WITNESS_KEYS: `${alice.vkey},${bob.vkey}` };
let stack: Stack;
let auditor: Person;
let learner: Person;

async function audit(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'query-service/src/audit/cli.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

const cosign = (w: typeof alice) =>
  audit('witness', '--url', stack.url, '--state', w.state, '--key', w.keyFile, '--name', w.name);

async function exportFile(name: string): Promise<string> {
  const res = await stack
    .client()
    .get(`/api/audit/learners/${learner.userId}/export`)
    .set('Authorization', `Bearer ${auditor.token}`);
  expect(res.status).toBe(200);
  const file = join(scratch, name);
  writeFileSync(file, res.text);
  return file;
}

const verifyQuorum = (file: string) =>
  audit('verify', file, '--witness', alice.vkey, '--witness', bob.vkey, '--quorum', '2');

beforeAll(async () => {
  stack = await startStack({ dataDir, checkpoints: true, publishContent: true, env });
  auditor = await registerWithRole(stack, 'auditor');
  learner = await register(stack, { label: 'witnessed' });
  await passGate(learner);
  await stack.checkpoint();
});

afterAll(async () => {
  await stack?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('while the log only grows', () => {
  test('both witnesses, each with its own state, cosign checkpoint #1', async () => {
    for (const w of [alice, bob]) {
      const round = await cosign(w);
      expect(round.output).toContain(`cosigned checkpoint #1`);
      expect(round.code).toBe(0);
    }
    const cosigned = (await stack.allEvents()).filter((e) => e.stream === streams.cosignatures());
    expect(cosigned.map((e) => (e.data as { witness: string }).witness)).toEqual([alice.name, bob.name]);
  });

  test('as the log grows they cosign the new checkpoints; the export verifies with a quorum of 2', async () => {
    await learner.get('/api/compliance/log');
    await register(stack, { label: 'later' });
    await stack.checkpoint();
    for (const w of [alice, bob]) expect((await cosign(w)).output).toContain('cosigned checkpoint #2');
    const history = await stack
      .client()
      .get(`/api/audit/learners/${learner.userId}/history`)
      .set('Authorization', `Bearer ${auditor.token}`);
    expect(history.body.checkpoint).toMatchObject({ seq: 2, cosignedBy: [alice.name, bob.name] });
    const file = await exportFile('before.json');
    const verified = await verifyQuorum(file);
    expect(verified.output).toContain(`checkpoint #2 cosigned by ${alice.name}, ${bob.name} (quorum 2)`);
    expect(verified.code).toBe(0);
  });

  test('an acknowledgment proven offline: `verify-proof` checks the bundle alone, with its quorum', async () => {
    const stored = await stack.storage.storedLog.readStream(streams.compliance(learner.userId));
    const acknowledged = stored.find((e) => e.type === 'DocumentAcknowledged');
    if (!acknowledged) throw new Error('no acknowledgment');
    const res = await stack
      .client()
      .get(`/api/audit/learners/${learner.userId}/proof?revision=${acknowledged.revision}`)
      .set('Authorization', `Bearer ${auditor.token}`);
    expect(res.status).toBe(200);
    const bundle = JSON.parse(res.text);
    expect(bundle).toMatchObject({ format: 'tickwise-proof/1', event: { revision: acknowledged.revision } });
    const file = join(scratch, 'proof.json');
    writeFileSync(file, res.text);
    const keyFile = join(scratch, 'log-key.pem');
    writeFileSync(keyFile, (await stack.client().get('/api/log/checkpoint-key')).body.publicKey);
    const proven = await audit(
      'verify-proof',
      file,
      '--key',
      keyFile,
      '--witness',
      alice.vkey,
      '--witness',
      bob.vkey,
      '--quorum',
      '2',
    );
    expect(proven.output).toContain(
      `VERIFIED: DocumentAcknowledged at ${streams.compliance(learner.userId)} revision`,
    );
    expect(proven.output).toContain(`checkpoint #2 cosigned by ${alice.name}, ${bob.name} (quorum 2)`);
    expect(proven.code).toBe(0);

    const changed = structuredClone(bundle);
    changed.event.data.secondsRead += 60;
    changed.chain[0].data.secondsRead += 60;
    writeFileSync(join(scratch, 'changed-proof.json'), JSON.stringify(changed));
    const refused = await audit('verify-proof', join(scratch, 'changed-proof.json'), '--key', keyFile);
    expect(refused.output).toContain('does not hash to the hash it carries: it was changed');
    expect(refused.code).toBe(1);
  });

  test('a cosignature from a key the operator did not configure is refused; so is a forged one', async () => {
    const feed = await stack.client().get('/api/log/checkpoints?after=2');
    const body = String(feed.body.note).split('\n\n')[0] + '\n';
    const post = (cosignature: string) =>
      stack.client().post('/api/log/cosignatures', { note: body, cosignature });
    const foreign = await post(cosignNote(body, stranger.name, stranger.privateKey, 1_764_583_200));
    expect(foreign.status).toBe(403);
    const wrongKey = await post(cosignNote(body, alice.name, stranger.privateKey, 1_764_583_200));
    expect(wrongKey.status).toBe(403);
    const otherNote = await post(
      cosignNote(body.replace(/\n\d+\n/, '\n999\n'), alice.name, alice.privateKey, 1),
    );
    expect(otherNote.status).toBe(422);
  });
});

/** Rewrites one acknowledgment in the file and re-signs every checkpoint with the operator's own key. */
function rewriteAndResign(): void {
  const db = new Database(join(dataDir, 'events.db'));
  const rows = (stream: string) =>
    db
      .prepare(
        'SELECT event_id, revision, type, data, metadata FROM events WHERE stream = ? ORDER BY revision',
      )
      .all(stream) as Array<{
      event_id: string;
      revision: number;
      type: string;
      data: string;
      metadata: string;
    }>;
  const rechain = (stream: string, edit: (revision: number, data: Record<string, unknown>) => unknown) => {
    const hashes = new Map<number, string>();
    let prevHash = GENESIS_HASH;
    for (const row of rows(stream)) {
      const data = edit(row.revision, JSON.parse(row.data));
      const { hash: _old, ...metadata } = JSON.parse(row.metadata);
      const hash = hashEnvelope({
        eventId: row.event_id,
        stream,
        revision: row.revision,
        type: row.type,
        data,
        metadata: { ...metadata, prevHash },
      });
      db.prepare('UPDATE events SET data = ?, metadata = ? WHERE stream = ? AND revision = ?').run(
        JSON.stringify(data),
        JSON.stringify({ ...metadata, prevHash, hash }),
        stream,
        row.revision,
      );
      hashes.set(row.revision, hash);
      prevHash = hash;
    }
    return hashes;
  };
  const compliance = streams.compliance(learner.userId);
  const acknowledged = rows(compliance).find((row) => row.type === 'DocumentAcknowledged')?.revision;
  // The acknowledgment now claims ten more minutes of reading; every later hash is recomputed.
  const newHashes = rechain(compliance, (revision, data) =>
    revision === acknowledged ? { ...data, secondsRead: Number(data.secondsRead) + 600 } : data,
  );
  const keys = loadCheckpointKeys({ dataDir, signingKey: undefined });
  const tree = new MerkleTree();
  const index = new Map<string, number>();
  let previous = NO_PREVIOUS_CHECKPOINT;
  let newest: SignedCheckpoint | undefined;
  rechain(CHECKPOINT_STREAM, (_revision, data) => {
    const { statement, heads } = data as {
      statement: SignedCheckpoint['statement'];
      heads: SignedStreamHead[];
    };
    const rewritten = heads.map((head) =>
      head.stream === compliance ? { ...head, hash: newHashes.get(head.revision) ?? head.hash } : head,
    );
    tree.setLeaves(
      rewritten.map((head) => {
        const at = index.get(head.stream) ?? index.size;
        index.set(head.stream, at);
        return [at, headLeaf(head)] as const;
      }),
    );
    newest = signCheckpoint(
      { ...statement, treeSize: tree.size, root: tree.root().toString('hex'), previous },
      keys,
    );
    previous = checkpointHash(newest);
    return { ...newest, heads: rewritten };
  });
  db.close();
  if (newest) writeHeadFile(checkpointHeadFile(dataDir), newest);
}

describe('after the history is rewritten in the database and re-signed with the operator key', () => {
  beforeAll(async () => {
    await stack.close();
    rewriteAndResign();
    stack = await startStack({ dataDir, checkpoints: true, env });
    // The log goes on: a new checkpoint over the rewritten history.
    await register(stack, { label: 'after-rewrite' });
    await stack.checkpoint();
  });

  test('Tickwise itself accepts the re-signed chain (it was signed with its own key)', async () => {
    const history = await stack
      .client()
      .get(`/api/audit/learners/${learner.userId}/history`)
      .set('Authorization', `Bearer ${auditor.token}`);
    expect(history.status).toBe(200);
    expect(history.body.checkpoint).toMatchObject({ seq: 4, problem: null, cosignedBy: [] });
  });

  test('both witnesses refuse to cosign, naming the checkpoint that does not extend theirs', async () => {
    for (const w of [alice, bob]) {
      const round = await cosign(w);
      expect(round.output).toContain(
        'REFUSED: checkpoint #3 does not extend checkpoint #2 that this witness cosigned: the log\u2019s history was rewritten'.replace(
          '\u2019',
          "'",
        ),
      );
      expect(round.code).toBe(1);
    }
  });

  test('`verify --quorum 2` fails on a new export, naming its checkpoint', async () => {
    const file = await exportFile('after.json');
    const verified = await verifyQuorum(file);
    expect(verified.output).toContain(
      `NOT VERIFIED: checkpoint #4 is cosigned by 0 of the 2 witnesses required (no valid cosignature from ${alice.name}, ${bob.name})`,
    );
    expect(verified.code).toBe(1);
  });
});
