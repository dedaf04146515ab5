import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ComplianceLogEntry, DocumentView } from '@tickwise/contracts';
import { type Doc, SqliteReadModelStore } from '@tickwise/platform';
import {
  type ComplianceViewPageDoc,
  type LearnerComplianceDoc,
  type LearnerComplianceDocBeforeViewPages,
  VIEW_PAGE_SIZE,
  VIEW_PAGES_SINCE_VERSION,
  viewPageId,
} from '../src/read-models/compliance';
import { earliestViews, readComplianceLog, readDocumentViews } from '../src/read-models/compliance-reader';
import { type ProjectionState, physicalName, REGISTRY } from '../src/runtime/generations';
import { tempDir } from './helpers';

// The compliance reader answers the Compliance Log and the first views of each document from whichever layout
// the generation in service keeps, in real SQLite read-model folders.
const dir = tempDir('compliance-reader');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Fills `store` as a folder whose compliance read model is generation 1 of `version`, holding `docs` by collection. */
async function complianceFolder<S extends SqliteReadModelStore>(
  store: S,
  version: number,
  docs: Record<string, readonly Doc[]>,
): Promise<S> {
  await store.ensureCollection({ name: REGISTRY });
  const state: ProjectionState = {
    id: 'compliance',
    activeGeneration: 1,
    activeVersion: version,
    switchedAt: '2026-01-01T00:00:00.000Z',
    building: null,
  };
  const writes = [{ kind: 'upsert' as const, collection: REGISTRY, doc: state as Doc }];
  for (const [name, list] of Object.entries(docs)) {
    const collection = physicalName('compliance', 1, name);
    await store.ensureCollection({ name: collection });
    for (const doc of list) writes.push({ kind: 'upsert' as const, collection, doc });
  }
  await store.commit(writes);
  return store;
}

/** What learner u1's record holds in every version of the read model (risk disclosure 1.0 acknowledged). */
const learnerFields = {
  id: 'u1',
  acknowledged: { risk_disclosure: ['1.0'] },
  riskExpiresAt: null,
  acknowledgments: [],
  assessments: [],
  warnings: [],
};

// The Compliance Log is read from the learner's record and then from their pages of views, in separate reads,
// while the projections go on committing. An answer must be the log as it stood at one moment: never a view
// without the acknowledgment logged before it.
describe('the Compliance Log read while the projections commit', () => {
  const entry = (
    revision: number,
    kind: 'document_viewed' | 'document_acknowledged',
  ): ComplianceLogEntry => ({
    id: `e${revision}`,
    kind,
    at: new Date(Date.UTC(2026, 0, 1, 10, 0, revision)).toISOString(),
    summary:
      kind === 'document_viewed'
        ? 'Opened the Futures Risk Disclosure'
        : 'Acknowledged the Futures Risk Disclosure',
    documentType: 'risk_disclosure',
    version: '1.0',
  });
  const logged = (revision: number, kind: 'document_viewed' | 'document_acknowledged') => ({
    revision,
    entry: entry(revision, kind),
  });
  const learners = physicalName('compliance', 1, 'learners');
  const views = physicalName('compliance', 1, 'views');
  const record = (log: LearnerComplianceDoc['log'], viewPages: number): LearnerComplianceDoc => ({
    ...learnerFields,
    firstViews: [],
    log,
    viewPages,
  });
  const page = (index: number, pageViews: ComplianceViewPageDoc['views']): ComplianceViewPageDoc => ({
    id: viewPageId('u1', index),
    views: pageViews,
  });

  /** A real SQLite read-model store that commits `between` (once) when the reader first reads a page of views. */
  class InterleavedStore extends SqliteReadModelStore {
    between: (() => Promise<void>) | undefined;
    override async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | undefined> {
      if (collection === views && this.between) {
        const commit = this.between;
        this.between = undefined;
        await commit();
      }
      return super.get<T>(collection, id);
    }
  }

  const folder = (name: string, docs: { record: LearnerComplianceDoc; pages: ComplianceViewPageDoc[] }) =>
    complianceFolder(new InterleavedStore({ file: join(dir, `${name}.db`) }), VIEW_PAGES_SINCE_VERSION, {
      learners: [docs.record],
      views: docs.pages,
    });
  const revisions = (log: readonly ComplianceLogEntry[]) => log.map((e) => Number(e.id.slice(1)));

  // Revisions: views at 1 and 2 and an acknowledgment at 3 on the record; a view at 40 on page 1 (32 to 63).
  const start = {
    record: record(
      [logged(1, 'document_viewed'), logged(2, 'document_viewed'), logged(3, 'document_acknowledged')],
      2,
    ),
    pages: [page(1, [logged(40, 'document_viewed')])],
  };

  test('an acknowledgment and a later view committed between reading the record and its pages are both in the answer', async () => {
    expect(40).toBeGreaterThanOrEqual(VIEW_PAGE_SIZE);
    const store = await folder('acknowledged-between', start);
    try {
      // One projection batch: the acknowledgment at 41 goes to the record, the view at 42 to page 1.
      store.between = () =>
        store.commit([
          {
            kind: 'upsert',
            collection: learners,
            doc: { ...start.record, log: [...start.record.log, logged(41, 'document_acknowledged')] },
          },
          {
            kind: 'upsert',
            collection: views,
            doc: page(1, [logged(40, 'document_viewed'), logged(42, 'document_viewed')]),
          },
        ]);
      const answer = await readComplianceLog(store, 'u1');
      expect(store.between).toBeUndefined();
      expect(revisions(answer)).toEqual([42, 41, 40, 3, 2, 1]);
    } finally {
      await store.close();
    }
  });

  test('a page of views begun between reading the record and its pages is in the answer', async () => {
    const store = await folder('page-begun-between', start);
    try {
      store.between = () =>
        store.commit([
          { kind: 'upsert', collection: learners, doc: { ...start.record, viewPages: 3 } },
          { kind: 'upsert', collection: views, doc: page(2, [logged(70, 'document_viewed')]) },
        ]);
      const answer = await readComplianceLog(store, 'u1');
      expect(store.between).toBeUndefined();
      expect(revisions(answer)).toEqual([70, 40, 3, 2, 1]);
    } finally {
      await store.close();
    }
  });

  test('views added to the last page between the reads are in the answer, read once', async () => {
    const store = await folder('viewed-between', start);
    const reads = jest.spyOn(store, 'get');
    try {
      store.between = () =>
        store.commit([
          {
            kind: 'upsert',
            collection: views,
            doc: page(1, [logged(40, 'document_viewed'), logged(43, 'document_viewed')]),
          },
        ]);
      const answer = await readComplianceLog(store, 'u1');
      expect(revisions(answer)).toEqual([43, 40, 3, 2, 1]);
      // The record read before and after the pages, the same both times: no second round.
      expect(reads.mock.calls.filter(([collection]) => collection === learners)).toHaveLength(2);
    } finally {
      await store.close();
    }
  });

  test('a record that moves at every read still gets an answer, from the last record read and its pages', async () => {
    const store = await folder('always-moving', start);
    let record = start.record;
    const acknowledge = async (): Promise<void> => {
      record = { ...record, log: [...record.log, logged(record.log.length + 38, 'document_acknowledged')] };
      await store.commit([{ kind: 'upsert', collection: learners, doc: record }]);
      store.between = acknowledge;
    };
    store.between = acknowledge;
    const reads = jest.spyOn(store, 'get');
    try {
      const answer = await readComplianceLog(store, 'u1');
      // Five rounds of record, page, record: each round's page read logged one more acknowledgment.
      expect(reads.mock.calls.filter(([collection]) => collection === learners)).toHaveLength(6);
      expect(revisions(answer)).toEqual([44, 43, 42, 41, 40, 3, 2, 1]);
    } finally {
      await store.close();
    }
  });
});

// Since version 6 of the compliance read model the Compliance Log's document views are kept in pages of their
// own and each learner's record keeps their first view of each version. A folder upgraded from version 5 keeps
// serving its old generation until the replay that fills the new one switches in: meanwhile the same answers
// come from the log inside each learner's record.
describe('a folder upgraded from before the pages of views', () => {
  const viewed = (id: string, at: string): ComplianceLogEntry => ({
    id,
    kind: 'document_viewed',
    at,
    summary: 'Opened the Futures Risk Disclosure (version 1.0) for reading',
    documentType: 'risk_disclosure',
    version: '1.0',
  });
  const acknowledged: ComplianceLogEntry = {
    id: 'e3',
    kind: 'document_acknowledged',
    at: '2026-01-01T10:00:12.000Z',
    summary: 'Acknowledged the Futures Risk Disclosure (version 1.0) after 12 s of reading',
    documentType: 'risk_disclosure',
    version: '1.0',
  };
  const firstView = viewed('e1', '2026-01-01T10:00:00.000Z');
  const secondView = viewed('e2', '2026-01-01T10:00:05.000Z');
  /** A view long after, on the second page of views. */
  const laterView = viewed('e40', '2026-02-01T10:00:00.000Z');
  /** The log, newest first, as both versions answer it. */
  const log = [laterView, acknowledged, secondView, firstView];

  async function answers(version: number, docs: Record<string, Doc[]>) {
    const store = await complianceFolder(
      new SqliteReadModelStore({ file: join(dir, `read-models-${version}.db`) }),
      version,
      docs,
    );
    try {
      return {
        log: await readComplianceLog(store, 'u1'),
        views: await readDocumentViews(store, 'u1'),
        othersLog: await readComplianceLog(store, 'u2'),
      };
    } finally {
      await store.close();
    }
  }

  const views: DocumentView[] = [{ documentType: 'risk_disclosure', version: '1.0', viewedAt: firstView.at }];
  const expected = { log, views, othersLog: [] };

  test('a generation from before the pages of views answers from the learner’s record', async () => {
    const before: LearnerComplianceDocBeforeViewPages = { ...learnerFields, log };
    expect(await answers(VIEW_PAGES_SINCE_VERSION - 1, { learners: [before] })).toEqual(expected);
  });

  test('a generation with pages of views answers the same from the record (the first page) and the later pages', async () => {
    const revisionOf = (entry: ComplianceLogEntry) => Number(entry.id.slice(1));
    expect(revisionOf(laterView)).toBeGreaterThanOrEqual(VIEW_PAGE_SIZE);
    const learner: LearnerComplianceDoc = {
      ...learnerFields,
      firstViews: views,
      log: [firstView, secondView, acknowledged].map((entry) => ({ revision: revisionOf(entry), entry })),
      viewPages: 2,
    };
    const pages: ComplianceViewPageDoc[] = [
      { id: viewPageId('u1', 1), views: [{ revision: revisionOf(laterView), entry: laterView }] },
    ];
    expect(await answers(VIEW_PAGES_SINCE_VERSION, { learners: [learner], views: pages })).toEqual(expected);
  });
});

describe('earliestViews', () => {
  test('keeps the first view of each version from a log listed newest first', () => {
    const entry = (id: string, at: string, version = '1.0', kind = 'document_viewed' as const) => ({
      id,
      kind,
      at,
      summary: '',
      documentType: 'risk_disclosure' as const,
      version,
    });
    expect(
      earliestViews([
        entry('4', '2026-01-01T00:00:04.000Z', '2.0'),
        entry('3', '2026-01-01T00:00:03.000Z'),
        { ...entry('2', '2026-01-01T00:00:02.000Z'), kind: 'document_acknowledged' },
        entry('1', '2026-01-01T00:00:01.000Z'),
      ]),
    ).toEqual([
      { documentType: 'risk_disclosure', version: '1.0', viewedAt: '2026-01-01T00:00:01.000Z' },
      { documentType: 'risk_disclosure', version: '2.0', viewedAt: '2026-01-01T00:00:04.000Z' },
    ]);
  });
});
