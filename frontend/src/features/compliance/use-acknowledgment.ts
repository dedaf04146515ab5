/**
 * Acknowledging a document, as the compliance dialog and the Compliance Center both do it: a document not yet
 * read long enough is refused here, with the 'Document Must Be Read' toast, before anything is sent; the
 * server checks the reading time again and records the consent wording the user ticked.
 */
import type { ComplianceDocument } from '@tickwise/contracts';
import { documentKey } from '@tickwise/contracts/words';
import { useState } from 'react';
import { toast } from '../../components/toast-store';
import { useAcknowledgeDocumentMutation } from './compliance-api';
import { messages } from './constants';
import type { Reading } from './use-reading';

export function useAcknowledgment(reading: Pick<Reading, 'statusOf'>) {
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const [send] = useAcknowledgeDocumentMutation();
  return {
    /** Whether the document's last acknowledgment attempt was refused for want of reading. */
    isRefused: (doc: ComplianceDocument) => refused.has(documentKey(doc)),
    /** True (and the refusal said) when the document has not been read long enough to acknowledge. */
    refuseUnread(doc: ComplianceDocument): boolean {
      if (reading.statusOf(doc).isRead) return false;
      setRefused((s) => new Set(s).add(documentKey(doc)));
      toast({
        title: messages.mustBeReadTitle,
        description: messages.mustBeReadDescription,
        variant: 'destructive',
      });
      return true;
    },
    clearRefusal(doc: ComplianceDocument) {
      setRefused((s) => {
        const next = new Set(s);
        next.delete(documentKey(doc));
        return next;
      });
    },
    /** Records the acknowledgment of the version shown; rejects with the server's error. */
    acknowledge: (doc: ComplianceDocument) =>
      send({ documentType: doc.documentType, version: doc.version, consentText: doc.consentText }).unwrap(),
  };
}
