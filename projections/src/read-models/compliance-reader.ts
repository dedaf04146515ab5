import { type ComplianceLogEntry, type DocumentView, documentKey } from '@tickwise/contracts';
import type { ReadModelStore } from '@tickwise/platform';
import { activeCollection, readState } from '../runtime/generations';
import {
  type ComplianceViewPageDoc,
  complianceLogOf,
  type LearnerComplianceDoc,
  type LearnerComplianceDocBeforeViewPages,
  VIEW_PAGES_SINCE_VERSION,
  viewPageId,
} from './compliance';

/**
 * Reads of a learner's compliance record in whichever layout the generation in service keeps it. The query
 * side asks for what a screen shows; which version of the read model answers, and how its pages are read
 * together, stays here, next to the projection that writes them.
 */

/** What a learner's compliance record holds in every version of the read model. */
export type LearnerComplianceRecord = Pick<
  LearnerComplianceDoc,
  'id' | 'acknowledgments' | 'assessments' | 'warnings'
>;

/** The learner's compliance record, or undefined for a learner with none. */
export async function readLearnerCompliance(
  store: ReadModelStore,
  userId: string,
): Promise<LearnerComplianceRecord | undefined> {
  return learnerRecord(store, userId);
}

const learnerRecord = async (store: ReadModelStore, userId: string) =>
  store.get<LearnerComplianceDoc>(await activeCollection(store, 'compliance', 'learners'), userId);

/**
 * The learner's record as a generation from before `VIEW_PAGES_SINCE_VERSION` keeps it (an upgraded folder,
 * until the replay that fills the pages of views switches in), or undefined when the generation in service
 * logs views in pages.
 */
async function recordBeforeViewPages(store: ReadModelStore, userId: string) {
  const version = (await readState(store, 'compliance'))?.activeVersion ?? VIEW_PAGES_SINCE_VERSION;
  if (version >= VIEW_PAGES_SINCE_VERSION) return undefined;
  const record = (await learnerRecord(store, userId)) as LearnerComplianceDocBeforeViewPages | undefined;
  return { log: record?.log ?? [] };
}

/** The first view of each document version the learner opened, oldest first. */
export async function readDocumentViews(store: ReadModelStore, userId: string): Promise<DocumentView[]> {
  const before = await recordBeforeViewPages(store, userId);
  return before ? earliestViews(before.log) : ((await learnerRecord(store, userId))?.firstViews ?? []);
}

/**
 * How many times the Compliance Log's record and pages are read before an answer is given as it is: a
 * learner's own writes cannot move their record that often within one request; the bound keeps a request
 * finite anyway.
 */
const MAX_LOG_READS = 5;

/** Whether two reads of a learner's record hold the same log entries and pages (both only ever grow). */
const sameLogEntries = (a: LearnerComplianceDoc, b: LearnerComplianceDoc) =>
  a === b || (a.log.length === b.log.length && a.viewPages === b.viewPages);

/** The pages after the first (which is the record's), each as the store answers it. */
async function viewPagesOf(store: ReadModelStore, views: string, userId: string, count: number) {
  const pages = await Promise.all(
    Array.from({ length: Math.max(count - 1, 0) }, (_, page) =>
      store.get<ComplianceViewPageDoc>(views, viewPageId(userId, page + 1)),
    ),
  );
  return pages.filter((page) => page !== undefined);
}

/**
 * The learner's Compliance Log, newest first, as it stood at one moment: never a view without the entry
 * logged before it.
 */
export async function readComplianceLog(
  store: ReadModelStore,
  userId: string,
): Promise<ComplianceLogEntry[]> {
  const before = await recordBeforeViewPages(store, userId);
  if (before) return before.log;
  const views = await activeCollection(store, 'compliance', 'views');
  // The record and its pages are read one after the other while the projections go on committing: the pages
  // are taken as read only when the record is the same after them as before. Only the last page can still
  // change then, and only by views newer than everything else, so the answer is the log as it stood when that
  // page was read. Had the record moved (an acknowledgment logged, or a new page begun), an answer could show
  // a view without the entry before it, or miss a page: it is read again.
  let record = await learnerRecord(store, userId);
  for (let attempt = 1; ; attempt++) {
    if (!record) return [];
    const pages = await viewPagesOf(store, views, userId, record.viewPages);
    const after = await learnerRecord(store, userId);
    if ((after && sameLogEntries(record, after)) || attempt === MAX_LOG_READS)
      return complianceLogOf(record, pages);
    record = after;
  }
}

/**
 * The earliest recorded view of each document version, from the log (newest first), oldest first: what a
 * generation from before `VIEW_PAGES_SINCE_VERSION` answers from.
 */
export function earliestViews(log: readonly ComplianceLogEntry[]): DocumentView[] {
  const earliest = new Map<string, DocumentView>();
  for (const entry of [...log].reverse()) {
    if (entry.kind !== 'document_viewed' || !entry.documentType || !entry.version) continue;
    const view = { documentType: entry.documentType, version: entry.version, viewedAt: entry.at };
    if (!earliest.has(documentKey(view))) earliest.set(documentKey(view), view);
  }
  return [...earliest.values()];
}
