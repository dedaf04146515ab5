/**
 * The document viewer: one document's text with its reading timer ('Reading... N s
 * left', then Read) and the acknowledge action, which refuses before the 10 seconds are done.
 */
import { Badge, Button, CloseButton, Dialog, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import type { Acknowledgment, ComplianceDocument } from '@tickwise/contracts';
import { useFocusReturn } from '../../dialogs/focus-return';
import { messages } from './constants';
import { DocumentText } from './DocumentText';
import { formatDateTime } from './status';
import type { ReadingStatus } from './use-reading';

export interface DocumentViewerProps {
  readonly doc: ComplianceDocument | null;
  readonly acknowledgment: Acknowledgment | undefined;
  readonly status: ReadingStatus | null;
  readonly refused: boolean;
  readonly acknowledging: boolean;
  readonly onAcknowledge: (doc: ComplianceDocument) => void;
  readonly onRetryView: (doc: ComplianceDocument) => void;
  readonly onClose: () => void;
  readonly finalFocus: () => HTMLElement | null;
}

export function DocumentViewer({
  doc,
  acknowledgment,
  status,
  refused,
  acknowledging,
  onAcknowledge,
  onRetryView,
  onClose,
  finalFocus,
}: DocumentViewerProps) {
  const focusReturn = useFocusReturn(finalFocus);
  return (
    <Dialog.Root
      open={doc !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      {...focusReturn.rootProps}
      lazyMount
      unmountOnExit
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content
            ref={focusReturn.contentRef}
            maxH={{ base: 'calc(100% - 2rem)', md: 'calc(100% - 7.5rem)' }}
            data-testid="document-viewer"
          >
            {doc === null || status === null ? null : (
              <>
                <Dialog.Header flexDirection="column" gap="2" pt="6" pe="12">
                  <Dialog.Title fontSize="xl" textStyle="subtitle">
                    {doc.title}
                  </Dialog.Title>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Dialog.Description color="fg.muted" fontSize="sm">
                      Version {doc.version}
                      {acknowledgment === undefined
                        ? ' · Pending'
                        : ` · Acknowledged ${formatDateTime(acknowledgment.acknowledgedAt)}`}
                    </Dialog.Description>
                    <ViewerBadge status={status} />
                  </Flex>
                </Dialog.Header>
                <Dialog.Body>
                  <DocumentText title={doc.title} content={doc.content} maxH="none" headingOffset={1} />
                </Dialog.Body>
                <Dialog.Footer borderTopWidth="1px" borderColor="border" pt="4">
                  <Stack gap="2" w="full" align="flex-end">
                    {status.phase === 'failed' ? (
                      <Flex gap="2" align="center" role="alert">
                        <Text fontSize="sm" color="red.300">
                          Could not record that you opened this document.
                        </Text>
                        <Button size="sm" variant="ghost" onClick={() => onRetryView(doc)}>
                          Try again
                        </Button>
                      </Flex>
                    ) : null}
                    {refused && acknowledgment === undefined ? (
                      <Text role="alert" fontSize="sm" color="red.300">
                        {messages.mustBeReadDialog}
                      </Text>
                    ) : null}
                    {acknowledgment === undefined ? (
                      <Button
                        onClick={() => onAcknowledge(doc)}
                        loading={acknowledging}
                        loadingText="Acknowledging…"
                        aria-disabled={status.isRead ? undefined : true}
                      >
                        Acknowledge
                      </Button>
                    ) : (
                      <Dialog.ActionTrigger asChild>
                        <Button variant="outline">Close</Button>
                      </Dialog.ActionTrigger>
                    )}
                  </Stack>
                </Dialog.Footer>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ViewerBadge({ status }: { readonly status: ReadingStatus }) {
  if (status.phase === 'read')
    return (
      <Badge colorPalette="green" variant="subtle">
        {messages.read}
      </Badge>
    );
  if (status.phase === 'reading')
    return (
      <Badge colorPalette="brand" variant="subtle" fontVariantNumeric="tabular-nums">
        {messages.readingLeft(status.secondsLeft)}
      </Badge>
    );
  return (
    <Badge colorPalette="gray" variant="subtle">
      {status.phase === 'failed' ? 'Not opened' : 'Opening…'}
    </Badge>
  );
}
