/**
 * The compliance dialog: steps documents → risk-assessment →
 * complete. It opens at the step the user needs (`start="auto"`: the documents while any active document
 * lacks an acknowledgment of its version, else the risk assessment) or straight at the risk assessment
 * (the Compliance Center's Renew or Start). While no user has loaded it runs the auth sync; the documents
 * are fetched only when it is open and a user is loaded and authenticated.
 */
import {
  Box,
  Button,
  Circle,
  CloseButton,
  Dialog,
  Flex,
  HStack,
  Portal,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../dialogs/FormAlert';
import { useFocusReturn } from '../../dialogs/focus-return';
import { useSession } from '../../session/use-session';
import {
  useAcknowledgmentsQuery,
  useComplianceDocumentsQuery,
  useRiskAssessmentsQuery,
} from './compliance-api';
import { messages } from './constants';
import { DocumentsStep } from './DocumentsStep';
import { RiskAssessmentForm } from './RiskAssessmentForm';
import { type GateStep, neededStep, riskStatus } from './status';
import { useAuthSync } from './use-auth-sync';

export type GateStart = 'auto' | 'risk-assessment';

export interface GateOutcome {
  /** True when a risk assessment was submitted (false when only documents were missing). */
  readonly assessed: boolean;
}

export interface ComplianceDialogProps {
  readonly open: boolean;
  readonly start: GateStart;
  /** The dialog was closed; `completed` tells whether the steps were finished first. */
  readonly onClose: (completed: boolean) => void;
  /** The steps are done (the 'complete' step is shown until the caller closes the dialog or reloads). */
  readonly onComplete: (outcome: GateOutcome) => void;
  /** 'Authentication required' → Close reloads the page. */
  readonly reload?: () => void;
  /** Where focus returns when the dialog closes. */
  readonly finalFocus?: () => HTMLElement | null;
}

const defaultReload = () => window.location.reload();
const noOpener = () => null;

export function ComplianceDialog({
  open,
  start,
  onClose,
  onComplete,
  reload = defaultReload,
  finalFocus = noOpener,
}: ComplianceDialogProps) {
  const focusReturn = useFocusReturn(finalFocus);
  const [completed, setCompleted] = useState(false);
  useEffect(() => {
    if (open) setCompleted(false);
  }, [open]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose(completed);
      }}
      {...focusReturn.rootProps}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
      placement="center"
      motionPreset="slide-in-bottom"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content
            ref={focusReturn.contentRef}
            // On a phone the dialog keeps a small margin only, so the documents get the room.
            maxH={{ base: 'calc(100% - 2rem)', md: 'calc(100% - 7.5rem)' }}
            data-testid="compliance-dialog"
          >
            <GateContent
              start={start}
              reload={reload}
              onComplete={(outcome) => {
                setCompleted(true);
                onComplete(outcome);
              }}
            />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const titles: Record<GateStep, string> = {
  documents: 'Compliance Acknowledgment',
  'risk-assessment': 'Risk Assessment',
  complete: 'Compliance Complete',
};

function GateContent({
  start,
  reload,
  onComplete,
}: {
  readonly start: GateStart;
  readonly reload: () => void;
  readonly onComplete: (outcome: GateOutcome) => void;
}) {
  const { user, isAuthenticated } = useSession();
  const auth = useAuthSync(true);
  const ready = user !== null && isAuthenticated;
  const documents = useComplianceDocumentsQuery(undefined, { skip: !ready });
  const acknowledgments = useAcknowledgmentsQuery(undefined, { skip: !ready });
  const assessments = useRiskAssessmentsQuery(undefined, { skip: !ready });
  const [step, setStep] = useState<GateStep | null>(start === 'risk-assessment' ? 'risk-assessment' : null);

  // 'auto': once the documents and acknowledgments are known, start where the user is needed.
  const acknowledgmentsKnown = acknowledgments.isSuccess || acknowledgments.isError;
  useEffect(() => {
    if (step === null && documents.data !== undefined && acknowledgmentsKnown) {
      setStep(neededStep(documents.data, acknowledgments.data));
    }
  }, [step, documents.data, acknowledgments.data, acknowledgmentsKnown]);

  const finish = (assessed: boolean) => {
    setStep('complete');
    onComplete({ assessed });
  };

  if (auth !== 'ready') {
    return (
      <>
        <Header title={titles.documents} step={null} />
        <Dialog.Body pb="8">
          {auth === 'syncing' ? (
            <Flex role="status" align="center" gap="3" py="6" justify="center">
              <Spinner size="sm" color="brand.400" />
              <Text color="fg.muted">{messages.syncing}</Text>
            </Flex>
          ) : (
            <Stack gap="4" py="2">
              <Box role="alert">
                <Text fontWeight="semibold" fontSize="lg" color="red.300">
                  {messages.authRequired}
                </Text>
                <Text color="fg.muted" mt="1">
                  {messages.authRequiredHint}
                </Text>
              </Box>
              <Button alignSelf="flex-start" variant="outline" onClick={reload}>
                Close
              </Button>
            </Stack>
          )}
        </Dialog.Body>
      </>
    );
  }

  if (step === 'complete') {
    return (
      <>
        <Header title={titles.complete} step="complete" />
        <Dialog.Body pb="8">
          <Stack align="center" textAlign="center" gap="3" py="4" role="status">
            <Circle size="12" bg="green.900" color="green.200" fontSize="xl" aria-hidden>
              ✓
            </Circle>
            <Text fontWeight="semibold" fontSize="lg">
              You are all set.
            </Text>
            <Text color="fg.muted">
              Everything the course needs from you has been recorded. Loading your course…
            </Text>
          </Stack>
        </Dialog.Body>
      </>
    );
  }

  if (step === 'risk-assessment') {
    return (
      <>
        <Header title={titles['risk-assessment']} step="risk-assessment" />
        <RiskAssessmentForm onSubmitted={() => finish(true)} />
      </>
    );
  }

  // The documents step (or the moment before it is known which step is needed).
  const failed = documents.isError;
  const status = documents.error !== undefined && 'status' in documents.error ? documents.error.status : 0;
  return (
    <>
      <Header title={titles.documents} step="documents" />
      {step === 'documents' && documents.data !== undefined ? (
        <DocumentsStep
          documents={documents.data}
          acknowledgments={acknowledgments.data}
          onDone={() =>
            start === 'auto' && riskStatus(assessments.data) === 'Current'
              ? finish(false)
              : setStep('risk-assessment')
          }
        />
      ) : (
        <Dialog.Body pb="8">
          {failed ? (
            <Stack gap="3">
              <FormAlert message={messages.documentsFailed(typeof status === 'number' ? status : 0)} />
              <Button alignSelf="flex-start" variant="outline" size="sm" onClick={() => documents.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : (
            <Flex role="status" align="center" gap="3" py="6" justify="center">
              <Spinner size="sm" color="brand.400" />
              <Text color="fg.muted">Loading the documents…</Text>
            </Flex>
          )}
        </Dialog.Body>
      )}
    </>
  );
}

const stepNames: readonly { step: GateStep; label: string }[] = [
  { step: 'documents', label: 'Documents' },
  { step: 'risk-assessment', label: 'Risk assessment' },
];

function Header({ title, step }: { readonly title: string; readonly step: GateStep | null }) {
  const index = stepNames.findIndex((s) => s.step === step);
  return (
    <Dialog.Header flexDirection="column" gap="3" pt={{ base: '5', md: '6' }} pe="12">
      <Stack gap="1">
        <Dialog.Title fontSize={{ base: 'lg', md: 'xl' }} textStyle="subtitle">
          {title}
        </Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          Required before you start: read and acknowledge the regulatory documents, then complete a short risk
          assessment.
        </Dialog.Description>
      </Stack>
      {step === null ? null : (
        <HStack as="ol" aria-label="Steps" gap="2" listStyleType="none" fontSize="xs" flexWrap="wrap">
          {stepNames.map((s, i) => {
            const current = s.step === step;
            const done = step === 'complete' || i < index;
            return (
              <HStack
                as="li"
                key={s.step}
                gap="1.5"
                px="2.5"
                py="1"
                rounded="full"
                borderWidth="1px"
                borderColor={current ? 'brand.600' : 'border'}
                bg={current ? 'brand.950' : 'transparent'}
                color={current ? 'brand.fg' : done ? 'green.300' : 'fg.muted'}
                {...(current ? { 'aria-current': 'step' as const } : {})}
              >
                <Text as="span" fontWeight="semibold">
                  {done ? '✓' : i + 1}
                </Text>
                <Text as="span">{s.label}</Text>
                {done ? <VisuallyHidden>(done)</VisuallyHidden> : null}
              </HStack>
            );
          })}
        </HStack>
      )}
    </Dialog.Header>
  );
}
