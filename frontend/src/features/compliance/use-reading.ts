/**
 * Reading time per document. Opening a document records a view on the server (its reading
 * time starts there); once the server has recorded it, the document's timer ticks each second while the
 * document stays open, 'Reading... N s left', until 10 s are done: then it is Read, for good. Closing it or
 * opening another one pauses its timer, so every document is really open for 10 seconds. The server
 * counts from the recorded view, which is never later than the client's start, so a document Read here
 * is always old enough for the server.
 *
 * After a reload the reading already done is not lost: the views the server recorded earlier (its
 * evidence, on its clock) seed each document's seconds with the time since its first view, so a document
 * opened at least 10 s ago is Read again at once.
 */
import type { ComplianceDocument, DocumentView } from '@tickwise/contracts';
import { documentKey } from '@tickwise/contracts/words';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDocumentViewsQuery, useRecordDocumentViewMutation } from './compliance-api';
import { MIN_READ_SECONDS, READ_TICK_MS } from './constants';
import { type DocumentRef } from './status';

type ViewState = 'none' | 'pending' | 'recorded' | 'failed';

interface Entry {
  readonly view: ViewState;
  /** Whole seconds the document has been open since its view was recorded. */
  readonly seconds: number;
}

export type ReadingPhase = 'unopened' | 'opening' | 'reading' | 'read' | 'failed';

export interface ReadingStatus {
  readonly phase: ReadingPhase;
  readonly secondsLeft: number;
  readonly isRead: boolean;
}

export interface Reading {
  statusOf(doc: DocumentRef): ReadingStatus;
  /** Keys of the documents whose reading was restored from views recorded before this page was loaded. */
  readonly restored: ReadonlySet<string>;
  /** Records the view again after it failed. */
  retryView(doc: DocumentRef): void;
}

const none: Entry = { view: 'none', seconds: 0 };

export function statusFrom(entry: Entry | undefined, minimum = MIN_READ_SECONDS): ReadingStatus {
  const { view, seconds } = entry ?? none;
  const secondsLeft = Math.max(0, minimum - seconds);
  const isRead = view === 'recorded' && secondsLeft === 0;
  const phase: ReadingPhase = isRead
    ? 'read'
    : view === 'recorded'
      ? 'reading'
      : view === 'pending'
        ? 'opening'
        : view === 'failed'
          ? 'failed'
          : 'unopened';
  return { phase, secondsLeft, isRead };
}

/** The entries the server's recorded views stand for at `now`: seconds since each first view, at most 10. */
export function entriesFromViews(views: readonly DocumentView[], now: number): Record<string, Entry> {
  const entries: Record<string, Entry> = {};
  for (const view of views) {
    const elapsed = Math.floor((now - Date.parse(view.viewedAt)) / 1000);
    if (Number.isNaN(elapsed)) continue;
    entries[documentKey(view)] = {
      view: 'recorded',
      seconds: Math.min(MIN_READ_SECONDS, Math.max(0, elapsed)),
    };
  }
  return entries;
}

/** `open` is the document shown now (its timer runs), or null. */
export function useReading(open: ComplianceDocument | null): Reading {
  const [entries, setEntries] = useState<Readonly<Record<string, Entry>>>({});
  const [restored, setRestored] = useState<ReadonlySet<string>>(new Set());
  const views = useDocumentViewsQuery();
  const seeded = useRef(false);
  const [recordView] = useRecordDocumentViewMutation();
  const requested = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((key: string, change: (entry: Entry) => Entry) => {
    if (!mounted.current) return;
    setEntries((all) => ({ ...all, [key]: change(all[key] ?? none) }));
  }, []);

  const record = useCallback(
    (doc: DocumentRef) => {
      const key = documentKey(doc);
      if (requested.current.has(key)) return;
      requested.current.add(key);
      update(key, (e) => ({ ...e, view: 'pending' }));
      recordView({ documentType: doc.documentType, version: doc.version })
        .unwrap()
        .then(
          () => update(key, (e) => ({ ...e, view: 'recorded' })),
          () => {
            requested.current.delete(key);
            update(key, (e) => ({ ...e, view: 'failed' }));
          },
        );
    },
    [recordView, update],
  );

  // Once, when the recorded views arrive: documents not touched on this page start from their evidence.
  useEffect(() => {
    if (seeded.current || views.data === undefined) return;
    seeded.current = true;
    const recorded = entriesFromViews(views.data, Date.now());
    for (const key of Object.keys(recorded)) requested.current.add(key);
    setEntries((all) => ({ ...recorded, ...all }));
    setRestored(new Set(Object.keys(recorded)));
  }, [views.data]);

  const openKey = open === null ? null : documentKey(open);
  const openEntry = openKey === null ? undefined : entries[openKey];
  const openView = openEntry?.view ?? 'none';
  const openDone = (openEntry?.seconds ?? 0) >= MIN_READ_SECONDS;

  // Opening a document records its view (once).
  useEffect(() => {
    if (open !== null && openView === 'none') record(open);
  }, [open, openView, record]);

  // The open document's timer ticks each second once its view is recorded, until it is read.
  useEffect(() => {
    if (openKey === null || openView !== 'recorded' || openDone) return undefined;
    const timer = setInterval(() => {
      update(openKey, (e) => ({ ...e, seconds: Math.min(MIN_READ_SECONDS, e.seconds + 1) }));
    }, READ_TICK_MS);
    return () => clearInterval(timer);
  }, [openKey, openView, openDone, update]);

  return {
    statusOf: (doc) => statusFrom(entries[documentKey(doc)]),
    restored,
    retryView: record,
  };
}
