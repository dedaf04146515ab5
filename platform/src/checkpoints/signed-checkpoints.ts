import { existsSync, readFileSync } from 'node:fs';
import {
  type CheckpointBasis,
  type CheckpointStatement,
  decode,
  type HeadInclusionProof,
  isLeft,
  LogCheckpointSigned,
  type SignedCheckpoint,
  SignedCheckpoint as SignedCheckpointCodec,
  type SignedStreamHead,
  streams,
} from '@tickwise/contracts';
import type { EventLog, RecordedEvent } from '../eventlog/port';
import { CorruptEventError } from '../eventlog/port';
import {
  checkpointHash,
  checkpointHeadFile,
  checkpointSignedBy,
  NO_PREVIOUS_CHECKPOINT,
  signCheckpoint,
} from './checkpoint';
import { headLeaf, MerkleTree } from './merkle-tree';
import { type CheckpointKeys, loadCheckpointKeys } from './signing-key';
import { type Leaf, StreamLeaves } from './stream-leaves';

/** The newest verified checkpoint and, for the streams asked about, their signed heads with proofs. */
export interface CheckpointView {
  readonly basis: CheckpointBasis;
  readonly checkpoint: SignedCheckpoint | null;
  /** Inclusion proofs by stream; a stream absent here has no event covered by the checkpoint. */
  readonly proofs: ReadonlyMap<string, HeadInclusionProof>;
}

/** The data of a new checkpoint event and how to take it back if it could not be appended. */
export interface NextCheckpoint {
  readonly data: { statement: CheckpointStatement; signature: string; heads: SignedStreamHead[] };
  readonly checkpoint: SignedCheckpoint;
  undo(): void;
}

export const CHECKPOINT_STREAM = streams.checkpoints();

/** A reader of the checkpoints of this DATA_DIR's key (its public half only) and head file. */
export function signedCheckpointsOf(
  log: EventLog,
  config: { dataDir: string; checkpointSigningKey: string | undefined },
): SignedCheckpoints {
  const { privateKey: _secret, ...publicOnly } = loadCheckpointKeys({
    dataDir: config.dataDir,
    signingKey: config.checkpointSigningKey,
  });
  return new SignedCheckpoints(log, publicOnly, { headFile: checkpointHeadFile(config.dataDir) });
}

/**
 * The checkpoint chain as this process can trust it: every checkpoint in the log's `log-checkpoints`
 * stream, in order, is accepted only if it decodes, is signed by this Tickwise's key, names the previous one
 * by its hash, and its heads, applied to the tree so far, give its signed root. The first one that fails
 * stops the chain there (`problem` says why); verification then rests on the last accepted one. Reading
 * goes on from where it stopped (only new checkpoints are read), like a projection following its stream.
 * The newest accepted checkpoint is compared with the head file kept outside the database.
 */
export class SignedCheckpoints {
  private readonly tree = new MerkleTree();
  private readonly leaves = new StreamLeaves();
  /** Hash of each accepted checkpoint, by seq - 1. */
  private readonly hashes: string[] = [];
  private latestCheckpoint: SignedCheckpoint | null = null;
  private nextRevision = 0;
  private chainProblem: string | null = null;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly log: EventLog,
    private readonly keys: CheckpointKeys,
    private readonly options: { headFile?: string } = {},
  ) {}

  get latest(): SignedCheckpoint | null {
    return this.latestCheckpoint;
  }

  /** The public key checkpoints are verified with, as GET /api/log/checkpoint-key serves it. */
  get key(): { algorithm: 'Ed25519'; keyId: string; publicKey: string } {
    return { algorithm: 'Ed25519', keyId: this.keys.keyId, publicKey: this.keys.publicKeyPem };
  }

  /** The signed head of a stream in the newest accepted checkpoint (pending checkpoints of a writer included). */
  headOf(stream: string): { revision: number; hash: string } | undefined {
    return this.leaves.get(stream);
  }

  /** Reads the checkpoints appended since the last call (one read at a time). */
  catchUp(): Promise<void> {
    this.reading ??= this.readNew().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readNew(): Promise<void> {
    while (this.chainProblem === null) {
      let events: RecordedEvent[];
      try {
        events = await this.log.readStream(CHECKPOINT_STREAM, {
          fromRevision: this.nextRevision,
          maxCount: 100,
        });
      } catch (error) {
        if (!(error instanceof CorruptEventError)) throw error;
        this.chainProblem = `the checkpoint at revision ${error.revision} of ${CHECKPOINT_STREAM} cannot be read`;
        return;
      }
      for (const event of events) {
        this.chainProblem = this.accept(event);
        if (this.chainProblem !== null) return;
        this.nextRevision = event.revision + 1;
      }
      if (events.length < 100) return;
    }
  }

  /** Accepts one checkpoint event, or says why it cannot be. */
  private accept(event: RecordedEvent): string | null {
    const seq = this.hashes.length + 1;
    const named = `checkpoint #${seq} (${CHECKPOINT_STREAM} revision ${event.revision})`;
    if (event.revision !== this.nextRevision) return `${named} is missing`;
    const decoded = decode(LogCheckpointSigned, event.data, 'data');
    if (isLeft(decoded) || event.type !== 'LogCheckpointSigned') return `${named} is not a checkpoint`;
    const { statement, signature, heads } = decoded.right;
    const checkpoint = { statement, signature };
    if (!checkpointSignedBy(checkpoint, this.keys))
      return `${named} is not signed by this Tickwise's checkpoint key (a forged or foreign checkpoint)`;
    if (statement.seq !== seq) return `${named} is numbered #${statement.seq}`;
    const previous = this.latestCheckpoint ? checkpointHash(this.latestCheckpoint) : NO_PREVIOUS_CHECKPOINT;
    if (statement.previous !== previous) return `${named} does not follow checkpoint #${seq - 1}`;
    const undo = this.applyHeads(heads);
    if (this.tree.size !== statement.treeSize || this.tree.root().toString('hex') !== statement.root) {
      undo();
      return `${named}: its stream heads do not give its signed tree root`;
    }
    this.latestCheckpoint = checkpoint;
    this.hashes.push(checkpointHash(checkpoint));
    return null;
  }

  /** Sets the heads as leaves (a new stream becomes the next leaf); returns how to undo it. */
  private applyHeads(heads: readonly SignedStreamHead[]): () => void {
    const size = this.tree.size;
    const before = new Map<string, Leaf | undefined>();
    const changes: Array<[number, Buffer]> = [];
    let appended = 0;
    for (const head of heads) {
      const known = this.leaves.get(head.stream);
      if (!before.has(head.stream)) before.set(head.stream, known);
      const index = known?.index ?? size + appended++;
      this.leaves.set(head.stream, { index, revision: head.revision, hash: head.hash });
      changes.push([index, headLeaf(head)]);
    }
    this.tree.setLeaves(changes);
    return () => {
      const replaced: Array<[number, Buffer]> = [];
      for (const [stream, leaf] of before) {
        if (leaf === undefined) this.leaves.delete(stream);
        else {
          this.leaves.set(stream, leaf);
          replaced.push([leaf.index, headLeaf({ stream, ...leaf })]);
        }
      }
      this.tree.revert(size, replaced);
    };
  }

  /**
   * The next checkpoint over these changed heads up to `position`, signed, already applied to the tree
   * (a writer's own chain goes on from it); `undo` takes it back when it could not be appended.
   */
  next(heads: readonly SignedStreamHead[], position: string, signedAt: Date): NextCheckpoint {
    const undo = this.applyHeads(heads);
    const statement: CheckpointStatement = {
      log: 'tickwise-checkpoint/1',
      seq: this.hashes.length + 1,
      position,
      treeSize: this.tree.size,
      root: this.tree.root().toString('hex'),
      previous: this.latestCheckpoint ? checkpointHash(this.latestCheckpoint) : NO_PREVIOUS_CHECKPOINT,
      signedAt: signedAt.toISOString(),
      keyId: this.keys.keyId,
    };
    const checkpoint = signCheckpoint(statement, this.keys);
    const previous = this.latestCheckpoint;
    this.latestCheckpoint = checkpoint;
    this.hashes.push(checkpointHash(checkpoint));
    this.nextRevision += 1;
    return {
      data: { ...checkpoint, heads: [...heads] },
      checkpoint,
      undo: () => {
        undo();
        this.latestCheckpoint = previous;
        this.hashes.pop();
        this.nextRevision -= 1;
      },
    };
  }

  /** What is wrong with the chain or with the head file kept outside the database; null when nothing. */
  private problem(): string | null {
    return this.chainProblem ?? this.headFileProblem();
  }

  private headFileProblem(): string | null {
    const file = this.options.headFile;
    if (!file || !existsSync(file)) return null;
    let recorded: SignedCheckpoint;
    try {
      const decoded = decode(SignedCheckpointCodec, JSON.parse(readFileSync(file, 'utf8')), 'head file');
      if (isLeft(decoded)) return `the head file ${file} is not a signed checkpoint`;
      recorded = decoded.right;
    } catch (error) {
      return `the head file ${file} cannot be read: ${(error as Error).message}`;
    }
    if (!checkpointSignedBy(recorded, this.keys)) return `the head file ${file} is not signed by this key`;
    const seq = recorded.statement.seq;
    const newest = this.latestCheckpoint?.statement.seq ?? 0;
    if (seq > newest) {
      return `the database's newest signed checkpoint is ${newest === 0 ? 'none' : `#${newest}`}, but the head file kept outside it records #${seq}: signed checkpoints were deleted from the database (or it was restored from an older copy)`;
    }
    if (this.hashes[seq - 1] !== checkpointHash(recorded)) {
      return `checkpoint #${seq} in the database is not the one the head file kept outside it records`;
    }
    return null;
  }

  /**
   * Reads new checkpoints, then gives the newest accepted one and the signed heads of `streamsOf` with their
   * inclusion proofs, all of one tree (taken together, before any later checkpoint is read).
   */
  async view(streamsOf: readonly string[]): Promise<CheckpointView> {
    await this.catchUp();
    let problem = this.problem();
    // The head file may have moved on between the read of the log and that of the file: read once more.
    if (problem !== null && this.chainProblem === null) {
      await this.catchUp();
      problem = this.problem();
    }
    const checkpoint = this.latestCheckpoint;
    const proofs = new Map<string, HeadInclusionProof>();
    for (const stream of checkpoint ? streamsOf : []) {
      const leaf = this.leaves.get(stream);
      if (!leaf) continue;
      proofs.set(stream, {
        head: { stream, revision: leaf.revision, hash: leaf.hash },
        leafIndex: leaf.index,
        path: this.tree.inclusionProof(leaf.index).map((node) => node.toString('hex')),
      });
    }
    return {
      basis: {
        seq: checkpoint?.statement.seq ?? null,
        signedAt: checkpoint?.statement.signedAt ?? null,
        keyId: this.keys.keyId,
        problem,
      },
      checkpoint,
      proofs,
    };
  }
}
