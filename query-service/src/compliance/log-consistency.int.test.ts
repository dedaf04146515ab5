import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ComplianceLogEntry } from '@tickwise/contracts';
import { type Doc, SqliteReadModelStore } from '@tickwise/platform';
import {
  type ComplianceViewPageDoc,
  type LearnerComplianceDoc,
  physicalName,
  VIEW_PAGE_SIZE,
  VIEW_PAGES_SINCE_VERSION,
  viewPageId,
} from '@tickwise/projections';
import { complianceQueries } from './routes';
import { asLearner, complianceFolder, noInput } from './test-support';

// The Compliance Log is read from the learner's record and then from their pages of views, in separate reads,
// while the projections go on committing. An answer must be the log as it stood at one moment: never a view
// without the acknowledgment logged before it.
const dir = mkdtempSync(join(tmpdir(), 'tickwise-log-consistency-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (revision: number, kind: 'document_viewed' | 'document_acknowledged'): ComplianceLogEntry => ({
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
  id: 'u1',
  acknowledged: { risk_disclosure: ['1.0'] },
  riskExpiresAt: null,
  acknowledgments: [],
  assessments: [],
  warnings: [],
  firstViews: [],
  log,
  viewPages,
});
const page = (index: number, pageViews: ComplianceViewPageDoc['views']): ComplianceViewPageDoc => ({
  id: viewPageId('u1', index),
  views: pageViews,
});

/** A real SQLite read-model store that commits `between` (once) when the route first reads a page of views. */
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
const revisions = (log: readonly ComplianceLogEntry[] | undefined) => log?.map((e) => Number(e.id.slice(1)));

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
    const answer = await complianceQueries({ store }).complianceLog?.(noInput, asLearner('u1'));
    expect(store.between).toBeUndefined();
    expect(revisions(answer?.body)).toEqual([42, 41, 40, 3, 2, 1]);
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
    const answer = await complianceQueries({ store }).complianceLog?.(noInput, asLearner('u1'));
    expect(store.between).toBeUndefined();
    expect(revisions(answer?.body)).toEqual([70, 40, 3, 2, 1]);
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
    const answer = await complianceQueries({ store }).complianceLog?.(noInput, asLearner('u1'));
    expect(revisions(answer?.body)).toEqual([43, 40, 3, 2, 1]);
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
    const answer = await complianceQueries({ store }).complianceLog?.(noInput, asLearner('u1'));
    // Five rounds of record, page, record: each round's page read logged one more acknowledgment.
    expect(reads.mock.calls.filter(([collection]) => collection === learners)).toHaveLength(6);
    expect(revisions(answer?.body)).toEqual([44, 43, 42, 41, 40, 3, 2, 1]);
  } finally {
    await store.close();
  }
});
