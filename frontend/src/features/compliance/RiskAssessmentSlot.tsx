/**
 * The compliance dialog of the holding screen. Rendered
 * by ComplianceRequiredPage. It opens the dialog HOLDING_SCREEN_DIALOG_DELAY_MS (1 s) after the screen
 * shows, at the step the user needs, unless the registration hand-off has already opened it; a button
 * opens it again after it was closed. Completion reloads the page after 1 s (after registration with a
 * welcome toast, the dialog closing first); closing early after registration shows 'Compliance Required'.
 */
import { Button, Flex } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { HOLDING_SCREEN_DIALOG_DELAY_MS } from '../../app/constants';
import { toast } from '../../components/toast-store';
import { COMPLETION_RELOAD_DELAY_MS, messages } from './constants';
import { type GateStore, gateStore } from './gate-store';

const loadDialog = () => import('./ComplianceDialog');
const ComplianceDialog = lazy(() => loadDialog().then((m) => ({ default: m.ComplianceDialog })));

export interface RiskAssessmentSlotProps {
  /** Reloads the page; tests replace it. */
  readonly reload?: () => void;
  readonly delayMs?: number;
  readonly store?: GateStore;
}

const defaultReload = () => window.location.reload();

export function RiskAssessmentSlot({
  reload = defaultReload,
  delayMs = HOLDING_SCREEN_DIALOG_DELAY_MS,
  store = gateStore,
}: RiskAssessmentSlotProps) {
  const gate = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void loadDialog();
    const timer = setTimeout(() => {
      if (!store.getSnapshot().everOpened) store.open('holding');
    }, delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, store]);

  const onClose = (completed: boolean) => {
    const { mode } = store.getSnapshot();
    store.close();
    if (!completed && mode === 'registration') {
      toast({
        title: messages.complianceRequiredTitle,
        description: messages.complianceRequiredDescription,
        variant: 'destructive',
      });
    }
  };

  const onComplete = ({ assessed }: { readonly assessed: boolean }) => {
    if (store.getSnapshot().mode === 'registration') {
      toast({ title: messages.welcomeTitle, description: messages.welcomeDescription, variant: 'success' });
      store.close();
    } else if (assessed) {
      toast({
        title: messages.assessmentComplete,
        description: messages.assessmentSubmitted,
        variant: 'success',
      });
    } else {
      toast({
        title: messages.documentAcknowledged,
        description: messages.acknowledgmentRecorded,
        variant: 'success',
      });
    }
    // Not tied to this component: the reload happens even if the screen changes meanwhile.
    setTimeout(reload, COMPLETION_RELOAD_DELAY_MS);
  };

  return (
    <>
      <Flex justify="center" mt="8">
        <Button ref={button} size="lg" onClick={() => store.open('holding')}>
          Start compliance steps
        </Button>
      </Flex>
      {gate.everOpened ? (
        <Suspense fallback={null}>
          <ComplianceDialog
            open={gate.open}
            start="auto"
            onClose={onClose}
            onComplete={onComplete}
            reload={reload}
            finalFocus={() => button.current}
          />
        </Suspense>
      ) : null}
    </>
  );
}
