/**
 * The gate around the dialog: the holding screen opens it after 1 s at the step that is
 * needed and reloads on completion; the registration hand-off opens it, closing early shows the
 * destructive 'Compliance Required' toast, completion a welcome toast, the dialog closes, reload after 1 s.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Acknowledgment, ComplianceDocument, RiskAssessment } from '@tickwise/contracts';
import { closings, expectFocusBackAfterClosing } from '../../../test/dialog-focus';
import { json, learner, renderWithProviders, scriptFetch, sessionOf } from '../../../test/render';
import { storageKeys } from '../../app/storage';
import { dismissToast, toastStore } from '../../components/toast-store';
import { createGateStore, gateStore } from './gate-store';
import { complianceHandoff } from './handoff';
import { RiskAssessmentSlot } from './RiskAssessmentSlot';

jest.setTimeout(30_000);

const newUser = { ...learner, isCompliant: false };
const riskDoc: ComplianceDocument = {
  id: 'd-1',
  documentType: 'risk_disclosure',
  title: 'Futures Risk Disclosure',
  version: '1.0',
  content: 'You can lose more than you deposit.',
  consentText: 'I have read and accept the Futures Risk Disclosure.',
  isActive: true,
};
const acknowledged: Acknowledgment = {
  id: 'a-1',
  documentType: 'risk_disclosure',
  version: '1.0',
  acknowledgedAt: '2026-11-20T10:00:00.000Z',
};
const assessment: RiskAssessment = {
  id: 'r-1',
  experienceLevel: 'beginner',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'education',
  annualIncome: null,
  netWorth: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2027-11-25T10:00:00.000Z',
};

function server(acknowledgments: Acknowledgment[]) {
  return scriptFetch((call) => {
    switch (`${call.method} ${call.url}`) {
      case 'GET /api/compliance/documents':
        return json([riskDoc]);
      case 'GET /api/compliance/acknowledgments':
        return json(acknowledgments);
      case 'GET /api/risk/assessments':
        return json([]);
      case 'POST /api/risk/assessment':
        return json(assessment, 201);
      default:
        return json({ error: 'unexpected' }, 500);
    }
  });
}

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
const latestToast = () => toastStore.getSnapshot().find((t) => t.open);

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  localStorage.setItem(storageKeys.token, 'token-123');
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

function renderSlot() {
  const store = createGateStore();
  const reload = jest.fn();
  const view = renderWithProviders(<RiskAssessmentSlot store={store} reload={reload} />, {
    session: sessionOf(newUser),
  });
  return { ...view, store, reload };
}

async function completeAssessment() {
  await user.selectOptions(await screen.findByLabelText(/Trading experience/), 'beginner');
  await user.selectOptions(screen.getByLabelText(/Financial situation/), 'stable');
  await user.selectOptions(screen.getByLabelText(/Investment objective/), 'education');
  await user.click(screen.getByRole('button', { name: 'Complete Assessment' }));
}

describe('the holding screen', () => {
  it('opens the dialog after 1 s, at the documents while one lacks an acknowledgment', async () => {
    server([]);
    renderSlot();
    await advance(999);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    expect(await screen.findByRole('dialog', { name: 'Compliance Acknowledgment' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Futures Risk Disclosure' }),
    ).toBeInTheDocument();
  });

  it('opens at the risk assessment when only that is missing; completion reloads after 1 s', async () => {
    server([acknowledged]);
    const { reload } = renderSlot();
    await advance(1000);
    expect(await screen.findByRole('dialog', { name: 'Risk Assessment' })).toBeInTheDocument();
    await completeAssessment();
    await waitFor(() => expect(latestToast()?.title).toBe('Assessment Complete'));
    expect(latestToast()?.description).toBe('Your risk assessment has been successfully submitted.');
    expect(screen.getByRole('dialog', { name: 'Compliance Complete' })).toBeInTheDocument();
    await advance(999);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('closing it shows no toast, and the button opens it again with focus coming back', async () => {
    // Focus is restored on a later turn, which fake timers hold back: this one runs on real time.
    jest.useRealTimers();
    const realUser = userEvent.setup();
    server([]);
    const store = createGateStore();
    renderWithProviders(<RiskAssessmentSlot store={store} reload={jest.fn()} delayMs={10} />, {
      session: sessionOf(newUser),
    });
    await screen.findByRole('dialog');
    await screen.findAllByTestId('compliance-document');
    await realUser.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(latestToast()).toBeUndefined();
    const button = screen.getByRole('button', { name: 'Start compliance steps' });
    await waitFor(() => expect(button).toHaveFocus(), { timeout: 3000 });
    await realUser.click(button);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('after registration', () => {
  it('the hand-off opens the dialog before the holding screen would; closing early shows the toast', async () => {
    server([]);
    const { store } = renderSlot();
    await advance(800);
    act(() => store.open('registration'));
    expect(await screen.findByRole('dialog', { name: 'Compliance Acknowledgment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(latestToast()).toMatchObject({
      title: 'Compliance Required',
      description: 'You must acknowledge all compliance documents to complete registration',
      variant: 'destructive',
    });
    // The holding screen's own timer does not open it again.
    await advance(2000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('completion shows the welcome toast, closes the dialog and reloads after 1 s', async () => {
    server([acknowledged]);
    const { store, reload } = renderSlot();
    act(() => store.open('registration'));
    expect(await screen.findByRole('dialog', { name: 'Risk Assessment' })).toBeInTheDocument();
    await completeAssessment();
    await waitFor(() => expect(latestToast()?.title).toBe('Welcome to Tickwise!'));
    expect(latestToast()?.variant).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reload).not.toHaveBeenCalled();
    await advance(1000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("the registration dialog's hand-off opens the app's gate in registration mode", () => {
    expect(gateStore.getSnapshot().open).toBe(false);
    complianceHandoff.afterRegistration();
    expect(gateStore.getSnapshot()).toEqual({ open: true, mode: 'registration', everOpened: true });
    gateStore.close();
  });
});

describe('focus after closing the dialog', () => {
  it.each(closings)("returns to 'Start compliance steps' when closed by %s (%s)", async (way, frames) => {
    // Focus is restored on later turns, which fake timers hold back: these run on real time.
    jest.useRealTimers();
    server([]);
    // The holding screen's own timer stays out of the way: the button opens the dialog.
    renderWithProviders(
      <RiskAssessmentSlot store={createGateStore()} reload={jest.fn()} delayMs={60_000} />,
      {
        session: sessionOf(newUser),
      },
    );
    const button = screen.getByRole('button', { name: 'Start compliance steps' });
    await expectFocusBackAfterClosing({
      way,
      frames,
      opener: button,
      dialog: 'Compliance Acknowledgment',
      ready: () => screen.findAllByTestId('compliance-document'),
    });
  });
});
