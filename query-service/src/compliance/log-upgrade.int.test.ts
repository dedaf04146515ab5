import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
} from '@tickwise/projections';
import { complianceQueries } from './routes';
import { asLearner, complianceFolder, noInput } from './test-support';

// Since version 6 of the compliance read model the Compliance Log's document views are kept in pages of their
// own and each learner's record keeps their first view of each version. A folder upgraded from version 5 keeps
// serving its old generation until the replay that fills the new one switches in: meanwhile the same answers
// come from the log inside each learner's record.
const dir = mkdtempSync(join(tmpdir(), 'tickwise-log-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
const record = {
  id: 'u1',
  acknowledged: { risk_disclosure: ['1.0'] },
  riskExpiresAt: null,
  acknowledgments: [],
  assessments: [],
  warnings: [],
};

async function answers(version: number, docs: Record<string, Doc[]>) {
  const store = await complianceFolder(
    new SqliteReadModelStore({ file: join(dir, `read-models-${version}.db`) }),
    version,
    docs,
  );
  try {
    const routes = complianceQueries({ store });
    return {
      log: (await routes.complianceLog?.(noInput, asLearner('u1')))?.body,
      views: (await routes.documentViews?.(noInput, asLearner('u1')))?.body,
      othersLog: (await routes.complianceLog?.(noInput, asLearner('u2')))?.body,
    };
  } finally {
    await store.close();
  }
}

const views: DocumentView[] = [{ documentType: 'risk_disclosure', version: '1.0', viewedAt: firstView.at }];
const expected = { log, views, othersLog: [] };

test('a generation from before the pages of views answers from the learner’s record', async () => {
  const before: LearnerComplianceDocBeforeViewPages = { ...record, log };
  expect(await answers(VIEW_PAGES_SINCE_VERSION - 1, { learners: [before] })).toEqual(expected);
});

test('a generation with pages of views answers the same from the record (the first page) and the later pages', async () => {
  const revisionOf = (entry: ComplianceLogEntry) => Number(entry.id.slice(1));
  expect(revisionOf(laterView)).toBeGreaterThanOrEqual(VIEW_PAGE_SIZE);
  const learner: LearnerComplianceDoc = {
    ...record,
    firstViews: views,
    log: [firstView, secondView, acknowledged].map((entry) => ({ revision: revisionOf(entry), entry })),
    viewPages: 2,
  };
  const pages: ComplianceViewPageDoc[] = [
    { id: viewPageId('u1', 1), views: [{ revision: revisionOf(laterView), entry: laterView }] },
  ];
  expect(await answers(VIEW_PAGES_SINCE_VERSION, { learners: [learner], views: pages })).toEqual(expected);
});
