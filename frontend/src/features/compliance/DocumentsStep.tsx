/**
 * The documents step: every active document is opened and read for 10 seconds
 * ('Reading... N s left', then Read), then its 'I acknowledge' box can be ticked. A box ticked too early is
 * refused with the toast 'Document Must Be Read' and the dialog text. Next is enabled only when every
 * active document is read and acknowledged and nothing is submitting; it sends the acknowledgments, one
 * per document, in sequence. Documents whose version the user acknowledged before are shown as done.
 */
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Dialog,
  Flex,
  Heading,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { Acknowledgment, ComplianceDocument } from '@tickwise/contracts';
import { documentKey } from '@tickwise/contracts/words';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../components/toast-store';
import { errorText } from '../../session/errors';
import { messages } from './constants';
import { DocumentText } from './DocumentText';
import { formatDate } from './status';
import { useDocumentAcknowledgment } from './use-acknowledgment';
import type { ReadingStatus } from './use-reading';

export interface DocumentsStepProps {
  readonly documents: readonly ComplianceDocument[];
  readonly acknowledgments: readonly Acknowledgment[] | undefined;
  /** Called once every pending document's acknowledgment has been recorded. */
  readonly onDone: () => void;
}

export function DocumentsStep({ documents, acknowledgments, onDone }: DocumentsStepProps) {
  const flow = useDocumentAcknowledgment(documents, acknowledgments);
  const [submitting, setSubmitting] = useState(false);
  // The step starts with focus on its first action (after the dialog's own initial focus).
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => list.current?.querySelector('button')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const isDone = (doc: ComplianceDocument) =>
    flow.isRecorded(doc) || (flow.statusOf(doc).isRead && flow.isTicked(doc));
  const doneCount = documents.filter(isDone).length;
  const canContinue = documents.length > 0 && doneCount === documents.length && !submitting;

  const submit = async () => {
    if (!canContinue) return;
    setSubmitting(true);
    try {
      for (const doc of documents) {
        try {
          await flow.acknowledge(doc);
        } catch (error) {
          throw new Error(messages.acknowledgeTitleFailed(doc.title, errorText(error, 'Please try again.')));
        }
      }
    } catch (error) {
      toast({
        title: messages.errorTitle,
        description: errorText(error, messages.acknowledgeDocumentsFailed),
        variant: 'destructive',
      });
      setSubmitting(false);
      return;
    }
    onDone();
  };

  const open = flow.open;
  const openRead = open !== null && flow.statusOf(open).isRead;

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted">
            Open each document and read it: it must stay open for at least 10 seconds. Then tick its box to
            acknowledge it.
          </Text>
          <Text fontSize="sm" fontWeight="medium" data-testid="documents-progress">
            {doneCount} of {documents.length} documents read and acknowledged
          </Text>
          {flow.restoredCount > 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="reading-restored">
              {messages.readingRestored(flow.restoredCount, flow.ticksKept)}
            </Text>
          ) : null}
          <VisuallyHidden aria-live="polite">
            {openRead ? `${open.title}: ${messages.read}` : ''}
          </VisuallyHidden>
          <Stack as="ul" ref={list} gap="3" listStyleType="none">
            {documents.map((doc) => (
              <DocumentItem
                key={documentKey(doc)}
                doc={doc}
                acknowledgment={flow.earlier(doc)}
                status={flow.statusOf(doc)}
                open={open !== null && documentKey(open) === documentKey(doc)}
                onToggle={() => flow.toggle(doc)}
                onRetryView={() => flow.retryView(doc)}
                ticked={flow.isTicked(doc)}
                refused={flow.isRefused(doc)}
                onTick={(checked) => flow.tick(doc, checked)}
              />
            ))}
          </Stack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer borderTopWidth="1px" borderColor="border" pt="4">
        <Button onClick={submit} disabled={!canContinue} loading={submitting} loadingText="Submitting…">
          Next
        </Button>
      </Dialog.Footer>
    </>
  );
}

interface DocumentItemProps {
  readonly doc: ComplianceDocument;
  readonly acknowledgment: Acknowledgment | undefined;
  readonly status: ReadingStatus;
  readonly open: boolean;
  readonly onToggle: () => void;
  readonly onRetryView: () => void;
  readonly ticked: boolean;
  readonly refused: boolean;
  readonly onTick: (checked: boolean) => boolean;
}

function DocumentItem({
  doc,
  acknowledgment,
  status,
  open,
  onToggle,
  onRetryView,
  ticked,
  refused,
  onTick,
}: DocumentItemProps) {
  const id = useId();
  const panelId = `${id}-text`;
  const hintId = `${id}-hint`;
  const earlier = acknowledgment !== undefined;
  const input = useRef<HTMLInputElement>(null);

  return (
    <Box
      as="li"
      data-testid="compliance-document"
      borderWidth="1px"
      borderColor={open ? 'brand.700' : 'border'}
      rounded="lg"
      bg="bg.muted"
      p="4"
    >
      <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap="0.5">
          <Heading as="h3" fontSize="md" textStyle="subtitle">
            {doc.title}
          </Heading>
          <Text fontSize="xs" color="fg.muted">
            Version {doc.version}
          </Text>
        </Stack>
        <StatusBadge earlier={earlier} status={status} open={open} />
      </Flex>
      <Flex gap="2" mt="3" wrap="wrap" align="center">
        <Button size="sm" variant="outline" onClick={onToggle} aria-expanded={open} aria-controls={panelId}>
          {open ? 'Hide Document' : 'Read Document'}
        </Button>
        {status.phase === 'failed' ? (
          <>
            <Text fontSize="sm" color="red.300" role="alert">
              Could not record that you opened this document.
            </Text>
            <Button size="sm" variant="ghost" onClick={onRetryView}>
              Try again
            </Button>
          </>
        ) : null}
      </Flex>
      {open ? (
        <Box mt="3">
          <DocumentText id={panelId} title={doc.title} content={doc.content} maxH="36vh" headingOffset={2} />
        </Box>
      ) : null}
      <Box mt="3">
        {earlier ? (
          <Checkbox.Root checked disabled>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label fontSize="sm">
              {doc.consentText} (acknowledged {formatDate(acknowledgment.acknowledgedAt)})
            </Checkbox.Label>
          </Checkbox.Root>
        ) : (
          <Checkbox.Root
            checked={ticked}
            onCheckedChange={(e) => {
              // A refused tick must not leave the native box checked for assistive technology.
              if (!onTick(e.checked === true) && input.current !== null) input.current.checked = false;
            }}
            data-not-read={status.isRead ? undefined : ''}
            // Not yet available: a dashed, greyed box and a muted (still AA) label, not a faded copy.
            css={{
              '&[data-not-read]': {
                cursor: 'not-allowed',
                '& .chakra-checkbox__control': {
                  borderStyle: 'dashed',
                  borderColor: 'fg.subtle',
                  bg: 'bg.muted',
                },
                '& .chakra-checkbox__label': { color: 'fg.muted' },
              },
            }}
          >
            {/* Not really disabled, so that a tick before reading can be refused with an explanation. */}
            <Checkbox.HiddenInput
              ref={input}
              aria-disabled={status.isRead ? undefined : true}
              aria-describedby={refused ? hintId : undefined}
            />
            <Checkbox.Control />
            <Checkbox.Label fontSize="sm">{doc.consentText}</Checkbox.Label>
          </Checkbox.Root>
        )}
        {refused ? (
          <Text id={hintId} role="alert" fontSize="sm" color="red.300" mt="2">
            {messages.mustBeReadDialog}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

function StatusBadge({
  earlier,
  status,
  open,
}: {
  readonly earlier: boolean;
  readonly status: ReadingStatus;
  readonly open: boolean;
}) {
  if (earlier)
    return (
      <Badge colorPalette="green" variant="subtle">
        Acknowledged
      </Badge>
    );
  switch (status.phase) {
    case 'read':
      return (
        <Badge colorPalette="green" variant="subtle">
          {messages.read}
        </Badge>
      );
    case 'reading':
      return (
        <Badge colorPalette={open ? 'brand' : 'gray'} variant="subtle" fontVariantNumeric="tabular-nums">
          {open ? messages.readingLeft(status.secondsLeft) : messages.pausedLeft(status.secondsLeft)}
        </Badge>
      );
    case 'opening':
      return (
        <Badge colorPalette="gray" variant="subtle">
          Opening…
        </Badge>
      );
    case 'failed':
      return (
        <Badge colorPalette="red" variant="subtle">
          Not opened
        </Badge>
      );
    default:
      return (
        <Badge colorPalette="gray" variant="subtle">
          Not read yet
        </Badge>
      );
  }
}
