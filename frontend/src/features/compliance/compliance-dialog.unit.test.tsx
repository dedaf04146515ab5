/**
 * The compliance dialog's rules: the 10-second reading timer per document, the
 * 'I acknowledge' box refused before it, Next only when every document is read and acknowledged,
 * acknowledgments once per document in sequence, the step a user needs, the documents query's retries,
 * and the auth sync.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Acknowledgment,
  ComplianceDocument,
  DocumentView,
  DocumentViewBody,
  RiskAssessment,
} from '@tickwise/contracts';
import { type FetchCall, replyOf } from '../../../test/fetch';
import { json, learner, renderWithProviders, scriptFetch, sessionOf } from '../../../test/render';
import { storageKeys } from '../../app/storage';
import { dismissToast, toastStore } from '../../components/toast-store';
import { ComplianceDialog, type ComplianceDialogProps } from './ComplianceDialog';

// Chakra's dialogs in jsdom are slow to render; these tests walk through many timer ticks.
jest.setTimeout(30_000);

const newUser = { ...learner, isCompliant: false };

const doc = (documentType: ComplianceDocument['documentType'], title: string): ComplianceDocument => ({
  id: `d-${documentType}`,
  documentType,
  title,
  version: '1.0',
  content: `## ${title}\n\nYou can lose **more** than you deposit.`,
  consentText: `I have read and accept the ${title}.`,
  isActive: true,
});
const riskDoc = doc('risk_disclosure', 'Futures Risk Disclosure');
const cftcDoc = doc('cftc_warning', 'Regulatory Status and Fraud Warning');

const ack = (d: ComplianceDocument): Acknowledgment => ({
  id: `a-${d.documentType}`,
  documentType: d.documentType,
  version: d.version,
  acknowledgedAt: '2026-11-20T10:00:00.000Z',
});

const assessment: RiskAssessment = {
  id: 'r-1',
  experienceLevel: 'beginner',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'education',
  annualIncome: null,
  netWorth: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2099-11-20T10:00:00.000Z',
};

interface Server {
  documents?: () => ReturnType<typeof json>;
  acknowledgments?: Acknowledgment[];
  assessments?: RiskAssessment[];
  views?: DocumentView[];
  acknowledge?: (call: FetchCall) => ReturnType<typeof json>;
}

function server({
  documents = () => replyOf('complianceDocuments', [riskDoc, cftcDoc]),
  acknowledgments = [],
  assessments = [],
  views = [],
  acknowledge,
}: Server = {}) {
  return scriptFetch((call) => {
    const route = `${call.method} ${call.url}`;
    switch (route) {
      case 'GET /api/compliance/documents':
        return documents();
      case 'GET /api/compliance/acknowledgments':
        return replyOf('acknowledgments', acknowledgments);
      case 'GET /api/risk/assessments':
        return replyOf('riskAssessments', assessments);
      case 'GET /api/compliance/document-views':
        return replyOf('documentViews', views);
      case 'POST /api/compliance/document-views':
        return replyOf(
          'recordDocumentView',
          { ...(call.body as DocumentViewBody), viewedAt: new Date().toISOString() },
          201,
        );
      case 'POST /api/risk/assessment':
        return replyOf('submitRiskAssessment', assessment, 201);
      case 'POST /api/compliance/acknowledgment':
        return acknowledge
          ? acknowledge(call)
          : json({ id: 'a', ...(call.body as object), acknowledgedAt: new Date().toISOString() }, 201);
      default:
        return json({ error: `unexpected ${route}` }, 500);
    }
  });
}

function renderDialog(props: Partial<ComplianceDialogProps> = {}, session = sessionOf(newUser)) {
  const onComplete = jest.fn();
  const onClose = jest.fn();
  const reload = jest.fn();
  const view = renderWithProviders(
    <ComplianceDialog
      open
      start="auto"
      onClose={onClose}
      onComplete={onComplete}
      reload={reload}
      {...props}
    />,
    { session },
  );
  return { ...view, onComplete, onClose, reload };
}

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

const card = (title: string) => {
  const heading = screen.getByRole('heading', { level: 3, name: title });
  const item = heading.closest('li');
  if (item === null) throw new Error(`no card for ${title}`);
  return within(item);
};
const box = (title: string) => screen.getByRole('checkbox', { name: `I have read and accept the ${title}.` });
const next = () => screen.getByRole('button', { name: 'Next' });
/** Ticks (or unticks) a document's box; the checkbox reports the change on the next turn. */
const clickBox = async (title: string) => {
  await user.click(box(title));
  await advance(0);
};
const latestToast = () => toastStore.getSnapshot().find((t) => t.open);

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  sessionStorage.clear();
  localStorage.setItem(storageKeys.token, 'token-123');
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('the documents step', () => {
  it('times each document for 10 s after its view is recorded, then enables its box; Next needs all', async () => {
    const calls = server();
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Compliance Acknowledgment' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('compliance-document')).toHaveLength(2);
    expect(card(riskDoc.title).getByText('Not read yet')).toBeInTheDocument();
    expect(box(riskDoc.title)).toHaveAttribute('aria-disabled', 'true');
    expect(next()).toBeDisabled();

    await user.click(card(riskDoc.title).getByRole('button', { name: 'Read Document' }));
    expect(card(riskDoc.title).getByRole('button', { name: 'Hide Document' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('region', { name: `${riskDoc.title} text` })).toHaveTextContent(
      'You can lose more than you deposit.',
    );
    await waitFor(() => expect(card(riskDoc.title).getByText('Reading... 10 s left')).toBeInTheDocument());
    const views = calls.filter((c) => c.method === 'POST' && c.url === '/api/compliance/document-views');
    expect(views.map((c) => c.body)).toEqual([{ documentType: 'risk_disclosure', version: '1.0' }]);

    await advance(1000);
    expect(card(riskDoc.title).getByText('Reading... 9 s left')).toBeInTheDocument();
    await advance(8000);
    expect(card(riskDoc.title).getByText('Reading... 1 s left')).toBeInTheDocument();
    expect(box(riskDoc.title)).toHaveAttribute('aria-disabled', 'true');
    await advance(1000);
    expect(card(riskDoc.title).getByText('Read')).toBeInTheDocument();
    expect(box(riskDoc.title)).not.toHaveAttribute('aria-disabled');

    await clickBox(riskDoc.title);
    expect(box(riskDoc.title)).toBeChecked();
    // One of two documents: Next stays disabled.
    expect(screen.getByTestId('documents-progress')).toHaveTextContent(
      '1 of 2 documents read and acknowledged',
    );
    expect(next()).toBeDisabled();

    await user.click(card(cftcDoc.title).getByRole('button', { name: 'Read Document' }));
    await waitFor(() => expect(card(cftcDoc.title).getByText('Reading... 10 s left')).toBeInTheDocument());
    await advance(10_000);
    expect(card(cftcDoc.title).getByText('Read')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await clickBox(cftcDoc.title);
    expect(next()).toBeEnabled();
    // Unticking takes it back.
    await clickBox(cftcDoc.title);
    expect(next()).toBeDisabled();
  });

  it("refuses a tick before the 10 seconds with the toast and the dialog text, and doesn't tick", async () => {
    server();
    renderDialog();
    await screen.findAllByTestId('compliance-document');
    await clickBox(riskDoc.title);
    expect(box(riskDoc.title)).not.toBeChecked();
    expect(latestToast()).toMatchObject({
      title: 'Document Must Be Read',
      description: 'Please read the full document before acknowledging.',
      variant: 'destructive',
    });
    expect(card(riskDoc.title).getByRole('alert')).toHaveTextContent(
      'Please read the full document before acknowledging (minimum 10 seconds)',
    );

    // 5 s into reading: still refused.
    await user.click(card(riskDoc.title).getByRole('button', { name: 'Read Document' }));
    await waitFor(() => expect(card(riskDoc.title).getByText('Reading... 10 s left')).toBeInTheDocument());
    await advance(5000);
    expect(card(riskDoc.title).getByText('Reading... 5 s left')).toBeInTheDocument();
    act(() => dismissToast());
    await clickBox(riskDoc.title);
    expect(box(riskDoc.title)).not.toBeChecked();
    expect(latestToast()?.title).toBe('Document Must Be Read');

    await advance(5000);
    await clickBox(riskDoc.title);
    expect(box(riskDoc.title)).toBeChecked();
    expect(card(riskDoc.title).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pauses a document’s timer while it is closed or another one is open', async () => {
    server();
    renderDialog();
    await screen.findAllByTestId('compliance-document');
    await user.click(card(riskDoc.title).getByRole('button', { name: 'Read Document' }));
    await waitFor(() => expect(card(riskDoc.title).getByText('Reading... 10 s left')).toBeInTheDocument());
    await advance(4000);
    await user.click(card(cftcDoc.title).getByRole('button', { name: 'Read Document' }));
    await waitFor(() => expect(card(cftcDoc.title).getByText('Reading... 10 s left')).toBeInTheDocument());
    await advance(6000);
    expect(card(riskDoc.title).getByText('Paused · 6 s left')).toBeInTheDocument();
    expect(card(cftcDoc.title).getByText('Reading... 4 s left')).toBeInTheDocument();
    await user.click(card(cftcDoc.title).getByRole('button', { name: 'Hide Document' }));
    await advance(10_000);
    expect(card(riskDoc.title).getByText('Paused · 6 s left')).toBeInTheDocument();
    expect(card(cftcDoc.title).getByText('Paused · 4 s left')).toBeInTheDocument();
    // Open again, it goes on from where it stopped.
    await user.click(card(riskDoc.title).getByRole('button', { name: 'Read Document' }));
    expect(card(riskDoc.title).getByText('Reading... 6 s left')).toBeInTheDocument();
    await advance(6000);
    expect(card(riskDoc.title).getByText('Read')).toBeInTheDocument();
  });

  async function readAndTickAll() {
    for (const d of [riskDoc, cftcDoc]) {
      await user.click(card(d.title).getByRole('button', { name: 'Read Document' }));
      await waitFor(() => expect(card(d.title).getByText('Reading... 10 s left')).toBeInTheDocument());
      await advance(10_000);
      await clickBox(d.title);
    }
  }

  it('sends one acknowledgment per document, in sequence, then moves to the risk assessment', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const calls = server({
      acknowledge: (call) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        inFlight--;
        return json({ id: 'a', ...(call.body as object), acknowledgedAt: '2026-11-25T00:00:00.000Z' }, 201);
      },
    });
    renderDialog();
    await screen.findAllByTestId('compliance-document');
    await readAndTickAll();
    await user.click(next());
    expect(await screen.findByRole('dialog', { name: 'Risk Assessment' })).toBeInTheDocument();
    const acks = calls.filter((c) => c.url === '/api/compliance/acknowledgment');
    expect(acks.map((c) => c.body)).toEqual([
      {
        documentType: 'risk_disclosure',
        version: '1.0',
        consentText: 'I have read and accept the Futures Risk Disclosure.',
      },
      {
        documentType: 'cftc_warning',
        version: '1.0',
        consentText: 'I have read and accept the Regulatory Status and Fraud Warning.',
      },
    ]);
    expect(maxInFlight).toBe(1);
  });

  it('on a refusal names the document; a retry sends only what is missing', async () => {
    let refuse = true;
    const calls = server({
      acknowledge: (call) => {
        const body = call.body as { documentType: string };
        if (body.documentType === 'cftc_warning' && refuse)
          return json({ error: 'Document Must Be Read' }, 422);
        return json({ id: 'a', ...(call.body as object), acknowledgedAt: '2026-11-25T00:00:00.000Z' }, 201);
      },
    });
    renderDialog();
    await screen.findAllByTestId('compliance-document');
    await readAndTickAll();
    await user.click(next());
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to acknowledge Regulatory Status and Fraud Warning: Document Must Be Read',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(next()).toBeEnabled());
    refuse = false;
    await user.click(next());
    expect(await screen.findByRole('dialog', { name: 'Risk Assessment' })).toBeInTheDocument();
    const sent = calls
      .filter((c) => c.url === '/api/compliance/acknowledgment')
      .map((c) => (c.body as { documentType: string }).documentType);
    expect(sent).toEqual(['risk_disclosure', 'cftc_warning', 'cftc_warning']);
  });

  it('shows documents acknowledged earlier as done and asks only for the others', async () => {
    const calls = server({ acknowledgments: [ack(riskDoc)], assessments: [assessment] });
    const { onComplete } = renderDialog();
    await screen.findAllByTestId('compliance-document');
    expect(card(riskDoc.title).getByText('Acknowledged')).toBeInTheDocument();
    const earlier = card(riskDoc.title).getByRole('checkbox', {
      name: /Futures Risk Disclosure\. \(acknowledged /,
    });
    expect(earlier).toBeChecked();
    expect(earlier).toBeDisabled();
    expect(screen.getByTestId('documents-progress')).toHaveTextContent('1 of 2');
    await user.click(card(cftcDoc.title).getByRole('button', { name: 'Read Document' }));
    await waitFor(() => expect(card(cftcDoc.title).getByText('Reading... 10 s left')).toBeInTheDocument());
    await advance(10_000);
    await clickBox(cftcDoc.title);
    await user.click(next());
    // The assessment is current: nothing else is missing.
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith({ assessed: false }));
    expect(screen.getByRole('dialog', { name: 'Compliance Complete' })).toBeInTheDocument();
    const acks = calls.filter((c) => c.url === '/api/compliance/acknowledgment');
    expect(acks.map((c) => (c.body as { documentType: string }).documentType)).toEqual(['cftc_warning']);
  });
});

describe('after a reload', () => {
  const viewed = (d: ComplianceDocument, secondsAgo: number): DocumentView => ({
    documentType: d.documentType,
    version: d.version,
    viewedAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
  });

  it('restores reading from the views the server recorded and the ticks of this tab, and says so', async () => {
    server({ views: [viewed(riskDoc, 30)] });
    const first = renderDialog();
    await screen.findAllByTestId('compliance-document');
    await waitFor(() => expect(card(riskDoc.title).getByText('Read')).toBeInTheDocument());
    await clickBox(riskDoc.title);
    expect(screen.getByTestId('documents-progress')).toHaveTextContent('1 of 2');
    first.unmount();

    // The page again (a reload): the server still has the view; the tick was kept for this tab.
    server({ views: [viewed(riskDoc, 40), viewed(cftcDoc, 4)] });
    renderDialog();
    await screen.findAllByTestId('compliance-document');
    await waitFor(() => expect(screen.getByTestId('documents-progress')).toHaveTextContent('1 of 2'));
    expect(box(riskDoc.title)).toBeChecked();
    expect(screen.getByTestId('reading-restored')).toHaveTextContent(
      'Welcome back: a document you opened earlier counts as read, as we recorded when you opened it, and the boxes you ticked are still ticked.',
    );
    // A view 4 s old counts 4 s: 6 s of reading are left once the document is open again.
    expect(card(cftcDoc.title).getByText('Paused · 6 s left')).toBeInTheDocument();
    await user.click(card(cftcDoc.title).getByRole('button', { name: 'Read Document' }));
    expect(card(cftcDoc.title).getByText('Reading... 6 s left')).toBeInTheDocument();
  });

  it('does not carry one user’s ticks over to another user', async () => {
    sessionStorage.setItem(
      storageKeys.ticked,
      JSON.stringify({ userId: 'someone-else', keys: ['risk_disclosure@1.0'] }),
    );
    server({ views: [viewed(riskDoc, 30)] });
    renderDialog();
    await screen.findAllByTestId('compliance-document');
    await waitFor(() => expect(card(riskDoc.title).getByText('Read')).toBeInTheDocument());
    expect(box(riskDoc.title)).not.toBeChecked();
    expect(screen.getByTestId('documents-progress')).toHaveTextContent('0 of 2');
  });
});

describe('the step it opens at', () => {
  it('opens at the risk assessment when every active document is acknowledged', async () => {
    server({ acknowledgments: [ack(riskDoc), ack(cftcDoc)] });
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Risk Assessment' })).toBeInTheDocument();
  });

  it('submitting the assessment completes the dialog', async () => {
    const calls = server({ acknowledgments: [ack(riskDoc), ack(cftcDoc)] });
    const { onComplete, onClose } = renderDialog();
    await screen.findByRole('dialog', { name: 'Risk Assessment' });
    await user.selectOptions(screen.getByLabelText(/Trading experience/), 'beginner');
    await user.selectOptions(screen.getByLabelText(/Financial situation/), 'stable');
    await user.selectOptions(screen.getByLabelText(/Investment objective/), 'education');
    await user.click(screen.getByRole('button', { name: 'Complete Assessment' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith({ assessed: true }));
    expect(screen.getByRole('dialog', { name: 'Compliance Complete' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/risk/assessment')?.body).toMatchObject({
      experienceLevel: 'beginner',
      financialSituation: 'stable',
      investmentObjective: 'education',
      riskCapacity: 5,
      annualIncome: null,
      netWorth: null,
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('reports closing before completion', async () => {
    server();
    const { onClose } = renderDialog();
    await screen.findAllByTestId('compliance-document');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(false);
  });
});

describe('the documents query', () => {
  it("is retried twice, 1 s apart, then says 'Failed to fetch documents: {status}'", async () => {
    const calls = server({ documents: () => json({ error: 'down' }, 503) });
    renderDialog();
    await screen.findByRole('dialog');
    const count = () => calls.filter((c) => c.url === '/api/compliance/documents').length;
    await waitFor(() => expect(count()).toBe(1));
    await advance(999);
    expect(count()).toBe(1);
    await advance(1);
    expect(count()).toBe(2);
    await advance(1000);
    expect(count()).toBe(3);
    expect(await screen.findByText('Failed to fetch documents: 503')).toBeInTheDocument();
    await advance(5000);
    expect(count()).toBe(3);
  });

  it('is not retried after a 4xx, which asking again would not change', async () => {
    const calls = server({ documents: () => json({ error: 'Forbidden' }, 403) });
    renderDialog();
    await screen.findByRole('dialog');
    expect(await screen.findByText('Failed to fetch documents: 403')).toBeInTheDocument();
    await advance(5000);
    expect(calls.filter((c) => c.url === '/api/compliance/documents')).toHaveLength(1);
  });

  it('is not sent while the dialog is closed', async () => {
    const calls = server();
    renderDialog({ open: false });
    await advance(2000);
    expect(calls).toHaveLength(0);
  });
});

describe('the auth sync', () => {
  it("retries 5 times, 500 ms × 1.5ⁿ apart, then shows 'Authentication required' with a Close that reloads", async () => {
    const calls = scriptFetch(() => json({ error: 'Invalid or expired token' }, 401));
    const { reload } = renderDialog(
      {},
      { token: 'token-123', user: null, loading: false, bootstrap: 'done' },
    );
    expect(await screen.findByText('Synchronizing authentication state...')).toBeInTheDocument();
    const me = () => calls.filter((c) => c.url === '/api/auth/me').length;
    const delays = [500, 750, 1125, 1687.5, 2531.25];
    let elapsed = 0;
    for (const [i, delay] of delays.entries()) {
      await advance(Math.floor(elapsed + delay) - 1 - Math.floor(elapsed));
      expect(me()).toBe(i);
      await advance(1);
      expect(me()).toBe(i + 1);
      elapsed = Math.floor(elapsed + delay);
    }
    expect(calls.some((c) => c.url === '/api/compliance/documents')).toBe(false);
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(
      screen.getByText('If you just registered, please wait a moment and try again.'),
    ).toBeInTheDocument();
    await advance(10_000);
    expect(me()).toBe(5);
    const close = screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close');
    if (close === undefined) throw new Error('no Close button');
    await user.click(close);
    expect(reload).toHaveBeenCalled();
  });

  it('stops as soon as the user loads and shows the documents', async () => {
    let answer = 0;
    scriptFetch((call) => {
      if (call.url === '/api/auth/me') return ++answer < 2 ? json({ error: 'no' }, 401) : json(newUser);
      if (call.url === '/api/compliance/documents') return json([riskDoc]);
      return json([]);
    });
    renderDialog({}, { token: 'token-123', user: null, loading: false, bootstrap: 'done' });
    await advance(500 + 750);
    expect(await screen.findAllByTestId('compliance-document')).toHaveLength(1);
    expect(screen.queryByText('Synchronizing authentication state...')).not.toBeInTheDocument();
  });
});
