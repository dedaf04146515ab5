/**
 * The Compliance Center's Documents tab: each document with Pending or Acknowledged, its reading state,
 * Read Document (the viewer with the reading timer) and Acknowledge.
 */
import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ComplianceDocument } from '@tickwise/contracts';
import { documentKey } from '@tickwise/contracts/words';
import { useRef } from 'react';
import { toast } from '../../components/toast-store';
import { errorText } from '../../session/errors';
import { useAcknowledgmentsQuery, useComplianceDocumentsQuery } from './compliance-api';
import { messages } from './constants';
import { DocumentViewer } from './DocumentViewer';
import { QueryState } from './QueryState';
import { formatDateTime } from './status';
import { useDocumentAcknowledgment } from './use-acknowledgment';

export function DocumentsTab() {
  const documents = useComplianceDocumentsQuery();
  const acknowledgments = useAcknowledgmentsQuery();
  const docs = documents.data ?? [];
  const flow = useDocumentAcknowledgment(docs, acknowledgments.data);
  const viewing = flow.open;
  const lastOpener = useRef<HTMLElement | null>(null);

  const onAcknowledge = async (doc: ComplianceDocument) => {
    if (flow.sending !== null) return;
    try {
      if (!(await flow.acknowledge(doc))) return;
      toast({
        title: messages.documentAcknowledged,
        description: messages.acknowledgmentRecorded,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: messages.errorTitle,
        description: errorText(error, messages.acknowledgeDocumentFailed),
        variant: 'destructive',
      });
    }
  };

  return (
    <QueryState isLoading={documents.isLoading} error={documents.error} label="documents">
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Compliance documents">
        {docs.map((doc) => {
          const key = documentKey(doc);
          const ack = flow.earlier(doc);
          const status = flow.statusOf(doc);
          return (
            <Flex
              as="li"
              key={key}
              data-testid="center-document"
              gap="4"
              p="4"
              rounded="lg"
              bg="bg.muted"
              borderWidth="1px"
              borderColor="border"
              justify="space-between"
              align={{ base: 'stretch', md: 'center' }}
              direction={{ base: 'column', md: 'row' }}
            >
              <Stack gap="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h2" fontSize="md" textStyle="subtitle">
                    {doc.title}
                  </Heading>
                  <Badge colorPalette={ack ? 'green' : 'orange'} variant="subtle">
                    {ack ? 'Acknowledged' : 'Pending'}
                  </Badge>
                  {!ack && status.phase === 'read' ? (
                    <Badge colorPalette="green" variant="outline">
                      {messages.read}
                    </Badge>
                  ) : null}
                  {!ack && status.phase === 'reading' ? (
                    <Badge colorPalette="gray" variant="outline">
                      {viewing !== null && documentKey(viewing) === key
                        ? messages.readingLeft(status.secondsLeft)
                        : messages.pausedLeft(status.secondsLeft)}
                    </Badge>
                  ) : null}
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  Version {doc.version}
                  {ack ? ` · Acknowledged ${formatDateTime(ack.acknowledgedAt)}` : ''}
                </Text>
              </Stack>
              <Flex gap="2" flexShrink={0} wrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={(e) => {
                    lastOpener.current = e.currentTarget;
                    flow.toggle(doc);
                  }}
                  aria-label={`Read Document: ${doc.title}`}
                >
                  Read Document
                </Button>
                {ack ? null : (
                  <Button
                    size="sm"
                    onClick={() => onAcknowledge(doc)}
                    loading={flow.sending === key}
                    loadingText="Acknowledging…"
                    aria-label={`Acknowledge ${doc.title}`}
                    aria-disabled={status.isRead ? undefined : true}
                  >
                    Acknowledge
                  </Button>
                )}
              </Flex>
            </Flex>
          );
        })}
      </Stack>
      <DocumentViewer
        doc={viewing}
        acknowledgment={viewing === null ? undefined : flow.earlier(viewing)}
        status={viewing === null ? null : flow.statusOf(viewing)}
        refused={viewing !== null && flow.isRefused(viewing)}
        acknowledging={viewing !== null && flow.sending === documentKey(viewing)}
        onAcknowledge={onAcknowledge}
        onRetryView={flow.retryView}
        onClose={() => flow.toggle(null)}
        finalFocus={() => lastOpener.current}
      />
    </QueryState>
  );
}
