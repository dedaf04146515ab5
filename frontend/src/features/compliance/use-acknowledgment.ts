/**
 * Reading and acknowledging the compliance documents, as the compliance dialog (DocumentsStep) and the
 * Compliance Center (DocumentsTab) both do it: which document is open (its view recorded, its reading
 * timer running: use-reading), the reading restored after a reload from the views the server recorded,
 * the ticked boxes (kept for the tab across reloads: ticked.ts), a tick or acknowledgment refused before
 * 10 s of reading with the 'Document Must Be Read' toast, and the acknowledgment call itself (the server
 * checks the reading time again and records the consent wording the user ticked).
 */
import type { Acknowledgment, ComplianceDocument } from '@tickwise/contracts';
import { documentKey } from '@tickwise/contracts/words';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/toast-store';
import { useSession } from '../../session/use-session';
import { useAcknowledgeDocumentMutation } from './compliance-api';
import { messages } from './constants';
import { acknowledgmentOf } from './status';
import { readTicked, writeTicked } from './ticked';
import { type ReadingStatus, useReading } from './use-reading';

const withKey = (keys: ReadonlySet<string>, key: string, present: boolean): ReadonlySet<string> => {
  const next = new Set(keys);
  if (present) next.add(key);
  else next.delete(key);
  return next;
};

export interface DocumentAcknowledgment {
  /** The document shown now (its reading timer runs), or null. */
  readonly open: ComplianceDocument | null;
  /** Shows `doc` (null: none); showing the open one again hides it. */
  readonly toggle: (doc: ComplianceDocument | null) => void;
  readonly statusOf: (doc: ComplianceDocument) => ReadingStatus;
  /** Records the view again after it failed. */
  readonly retryView: (doc: ComplianceDocument) => void;
  /** How many documents, not yet acknowledged, are Read again from views recorded before a reload. */
  readonly restoredCount: number;
  /** Whether ticks were kept from before a reload. */
  readonly ticksKept: boolean;
  /** The acknowledgment of the document's version on record before (from the server), if any. */
  readonly earlier: (doc: ComplianceDocument) => Acknowledgment | undefined;
  /** Acknowledged: on record before, or recorded from this page. */
  readonly isRecorded: (doc: ComplianceDocument) => boolean;
  readonly isTicked: (doc: ComplianceDocument) => boolean;
  /** Ticks or unticks a document's box; false when the tick is refused (not read yet). */
  readonly tick: (doc: ComplianceDocument, checked: boolean) => boolean;
  /** Whether the document's last tick or acknowledgment was refused for want of reading. */
  readonly isRefused: (doc: ComplianceDocument) => boolean;
  /** The key of the document whose acknowledgment is being sent, or null. */
  readonly sending: string | null;
  /**
   * Records the acknowledgment of the version shown, unless it is on record already; false (and the
   * refusal said) when the document has not been read long enough. Rejects with the server's error.
   */
  readonly acknowledge: (doc: ComplianceDocument) => Promise<boolean>;
}

export function useDocumentAcknowledgment(
  documents: readonly ComplianceDocument[],
  acknowledgments: readonly Acknowledgment[] | undefined,
): DocumentAcknowledgment {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const open = documents.find((d) => documentKey(d) === openKey) ?? null;
  const reading = useReading(open);
  const userId = useSession().user?.id ?? '';
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => readTicked(userId));
  useEffect(() => writeTicked(userId, ticked), [userId, ticked]);
  const [ticksKept] = useState(() => ticked.size > 0);
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState<string | null>(null);
  const [send] = useAcknowledgeDocumentMutation();
  // Acknowledgments recorded from this page: a retry after a failure does not send them again.
  const sent = useRef(new Set<string>());

  const earlier = (doc: ComplianceDocument) => acknowledgmentOf(doc, acknowledgments);
  const isRecorded = (doc: ComplianceDocument) =>
    earlier(doc) !== undefined || sent.current.has(documentKey(doc));

  /** True (and the refusal said) when the document has not been read long enough to acknowledge. */
  const refuseUnread = (doc: ComplianceDocument): boolean => {
    const key = documentKey(doc);
    const unread = !reading.statusOf(doc).isRead;
    setRefused((s) => withKey(s, key, unread));
    if (unread)
      toast({
        title: messages.mustBeReadTitle,
        description: messages.mustBeReadDescription,
        variant: 'destructive',
      });
    return unread;
  };

  return {
    open,
    toggle: (doc) => setOpenKey((k) => (doc === null || k === documentKey(doc) ? null : documentKey(doc))),
    statusOf: reading.statusOf,
    retryView: reading.retryView,
    restoredCount: documents.filter(
      (d) => !isRecorded(d) && reading.restored.has(documentKey(d)) && reading.statusOf(d).isRead,
    ).length,
    ticksKept,
    earlier,
    isRecorded,
    isTicked: (doc) => ticked.has(documentKey(doc)) || sent.current.has(documentKey(doc)),
    tick(doc, checked) {
      if (checked && refuseUnread(doc)) return false;
      setRefused((s) => withKey(s, documentKey(doc), false));
      setTicked((s) => withKey(s, documentKey(doc), checked));
      return true;
    },
    isRefused: (doc) => refused.has(documentKey(doc)),
    sending,
    async acknowledge(doc) {
      if (isRecorded(doc)) return true;
      if (refuseUnread(doc)) return false;
      const key = documentKey(doc);
      setSending(key);
      try {
        await send({
          documentType: doc.documentType,
          version: doc.version,
          consentText: doc.consentText,
        }).unwrap();
        sent.current.add(key);
        return true;
      } finally {
        setSending(null);
      }
    },
  };
}
