/**
 * The Compliance Center: tiles, tabs, the documents with the viewer's reading timer and
 * the acknowledge action, the risk assessment (Renew or Start) and warnings, the log, and every toast.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Acknowledgment,
  ComplianceDocument,
  ComplianceLogEntry,
  RegulatoryWarning,
  RiskAssessment,
} from '@tickwise/contracts';
import { closings, expectFocusBackAfterClosing } from '../../../test/dialog-focus';
import type { FetchCall } from '../../../test/fetch';
import { json, learner, renderWithProviders, scriptFetch, sessionOf } from '../../../test/render';
import { storageKeys } from '../../app/storage';
import { dismissToast, toastStore } from '../../components/toast-store';
import { CompliancePage } from './CompliancePage';

jest.setTimeout(30_000);

const doc = (documentType: ComplianceDocument['documentType'], title: string): ComplianceDocument => ({
  id: `d-${documentType}`,
  documentType,
  title,
  version: '1.0',
  content: `## ${title}\n\nPlain words about risk.`,
  consentText: `I have read and accept the ${title}.`,
  isActive: true,
});
const riskDoc = doc('risk_disclosure', 'Futures Risk Disclosure');
const privacyDoc = doc('privacy_policy', 'Privacy Policy');
const riskAck: Acknowledgment = {
  id: 'a-1',
  documentType: 'risk_disclosure',
  version: '1.0',
  acknowledgedAt: '2026-11-20T10:00:00.000Z',
};
const assessment = (expiresAt: string): RiskAssessment => ({
  id: 'r-1',
  experienceLevel: 'beginner',
  financialSituation: 'volatile',
  riskCapacity: 3,
  investmentObjective: 'speculative',
  annualIncome: '$40,000',
  netWorth: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt,
});
const warning: RegulatoryWarning = {
  id: 'w-1',
  warningType: 'general_risk',
  message: 'Trading futures involves substantial risk of loss.',
  createdAt: '2026-11-20T10:00:00.000Z',
  acknowledged: false,
};
const logEntry: ComplianceLogEntry = {
  id: 'l-1',
  kind: 'document_acknowledged',
  at: '2026-11-20T10:00:00.000Z',
  summary: 'Acknowledged risk_disclosure version 1.0 after 12 s of reading',
  documentType: 'risk_disclosure',
  version: '1.0',
};

interface Server {
  assessments?: RiskAssessment[];
  warnings?: RegulatoryWarning[];
  log?: ComplianceLogEntry[];
  acknowledge?: (call: FetchCall) => ReturnType<typeof json>;
  acknowledgeWarning?: () => ReturnType<typeof json>;
}

function server({
  assessments = [assessment('2099-01-01T00:00:00.000Z')],
  warnings = [warning],
  log = [logEntry],
  acknowledge,
  acknowledgeWarning,
}: Server = {}) {
  return scriptFetch((call) => {
    const route = `${call.method} ${call.url}`;
    switch (route) {
      case 'GET /api/compliance/document-views':
        return json([]);
      case 'GET /api/compliance/documents':
        return json([riskDoc, privacyDoc]);
      case 'GET /api/compliance/acknowledgments':
        return json([riskAck]);
      case 'GET /api/risk/assessments':
        return json(assessments);
      case 'GET /api/regulatory/warnings':
        return json(warnings);
      case 'GET /api/compliance/log':
        return json(log);
      case 'POST /api/compliance/document-views':
        return json({ ...(call.body as object), viewedAt: new Date().toISOString() }, 201);
      case 'POST /api/compliance/acknowledgment':
        return acknowledge
          ? acknowledge(call)
          : json({ id: 'a-2', ...(call.body as object), acknowledgedAt: new Date().toISOString() }, 201);
      case 'PUT /api/regulatory/warning/w-1/acknowledge':
        return acknowledgeWarning ? acknowledgeWarning() : json({ ...warning, acknowledged: true });
      case 'POST /api/risk/assessment':
        return json(assessment('2099-06-01T00:00:00.000Z'), 201);
      default:
        return json({ error: `unexpected ${route}` }, 500);
    }
  });
}

const renderPage = (user = learner) =>
  renderWithProviders(<CompliancePage />, { path: '/compliance', session: sessionOf(user) });
const latestToast = () => toastStore.getSnapshot().find((t) => t.open);
const row = (title: string) => {
  const heading = screen.getByRole('heading', { level: 2, name: title });
  const item = heading.closest('li');
  if (item === null) throw new Error(`no row for ${title}`);
  return within(item);
};

beforeEach(() => {
  localStorage.setItem(storageKeys.token, 'token-123');
  // A dialog left open by a test on fake timers may not have released the page yet.
  document.body.removeAttribute('style');
  document.body.removeAttribute('data-inert');
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('the Compliance Center', () => {
  it("asks a visitor without a user to log in: 'Please log in to access compliance features.'", () => {
    const calls = scriptFetch(() => json([]));
    renderWithProviders(<CompliancePage />, { path: '/compliance', session: sessionOf(null) });
    expect(screen.getByText('Please log in to access compliance features.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the tiles Documents, Acknowledged and Risk Status, and the three tabs', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Compliance Center' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('compliance-tile').map((t) => t.textContent)).toEqual([
        'Documents2',
        'Acknowledged1',
        'Risk StatusCurrent',
      ]),
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Documents',
      'Risk Assessment',
      'Compliance Log',
    ]);
    expect(row(riskDoc.title).getByText('Acknowledged')).toBeInTheDocument();
    expect(row(privacyDoc.title).getByText('Pending')).toBeInTheDocument();
    expect(row(riskDoc.title).queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
  });

  it("shows Risk Status 'Expired' without a current assessment, and offers Start or Renew", async () => {
    server({ assessments: [] });
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('compliance-tile')[2]).toHaveTextContent('Expired'));
    await user.click(screen.getByRole('tab', { name: 'Risk Assessment' }));
    expect(await screen.findByRole('button', { name: 'Start Assessment' })).toBeInTheDocument();
    unmount();

    server({ assessments: [assessment('2020-01-01T00:00:00.000Z')] });
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('compliance-tile')[2]).toHaveTextContent('Expired'));
    await user.click(screen.getByRole('tab', { name: 'Risk Assessment' }));
    expect(await screen.findByRole('button', { name: 'Renew Assessment' })).toBeInTheDocument();
    expect(screen.getByTestId('risk-summary')).toHaveTextContent('Expired on');
  });

  it('refuses to acknowledge a document that was not read, then the viewer times 10 s and it is acknowledged', async () => {
    jest.useFakeTimers();
    const calls = server();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: privacyDoc.title });
    await user.click(row(privacyDoc.title).getByRole('button', { name: 'Acknowledge Privacy Policy' }));
    expect(latestToast()).toMatchObject({
      title: 'Document Must Be Read',
      description: 'Please read the full document before acknowledging.',
      variant: 'destructive',
    });
    expect(calls.some((c) => c.url === '/api/compliance/acknowledgment')).toBe(false);

    await user.click(row(privacyDoc.title).getByRole('button', { name: 'Read Document: Privacy Policy' }));
    const viewer = within(await screen.findByRole('dialog', { name: 'Privacy Policy' }));
    expect(await viewer.findByText('Reading... 10 s left')).toBeInTheDocument();
    expect(viewer.getByRole('region', { name: 'Privacy Policy text' })).toHaveTextContent(
      'Plain words about risk.',
    );
    // The viewer's own action, 3 s in: refused with the dialog text.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(viewer.getByText('Reading... 7 s left')).toBeInTheDocument();
    await user.click(viewer.getByRole('button', { name: 'Acknowledge' }));
    expect(viewer.getByRole('alert')).toHaveTextContent(
      'Please read the full document before acknowledging (minimum 10 seconds)',
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(7000);
    });
    expect(viewer.getByText('Read')).toBeInTheDocument();
    act(() => dismissToast());
    await user.click(viewer.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Document Acknowledged',
        description: 'Your acknowledgment has been recorded.',
        variant: 'success',
      }),
    );
    const acks = calls.filter((c) => c.url === '/api/compliance/acknowledgment');
    expect(acks.map((c) => c.body)).toEqual([
      {
        documentType: 'privacy_policy',
        version: '1.0',
        consentText: 'I have read and accept the Privacy Policy.',
      },
    ]);
    expect(
      calls
        .filter((c) => c.method === 'POST' && c.url === '/api/compliance/document-views')
        .map((c) => c.body),
    ).toEqual([{ documentType: 'privacy_policy', version: '1.0' }]);
  });

  it.each([
    ['the server’s message', () => json({ error: 'Document Must Be Read' }, 422), 'Document Must Be Read'],
    ['the fallback', () => json('', 503), 'Failed to acknowledge document. Please try again.'],
  ])('shows %s when an acknowledgment fails', async (_, reply, message) => {
    jest.useFakeTimers();
    server({ acknowledge: reply });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: privacyDoc.title });
    await user.click(row(privacyDoc.title).getByRole('button', { name: 'Read Document: Privacy Policy' }));
    const viewer = within(await screen.findByRole('dialog', { name: 'Privacy Policy' }));
    await viewer.findByText('Reading... 10 s left');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    await user.click(viewer.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({ title: 'Error', description: message, variant: 'destructive' }),
    );
  });

  it("acknowledges a warning: 'Warning Acknowledged'; a failure says 'Failed to acknowledge warning. Please try again.'", async () => {
    const user = userEvent.setup();
    const calls = server();
    const { unmount } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Risk Assessment' }));
    const item = within(await screen.findByTestId('regulatory-warning'));
    expect(item.getByRole('heading', { name: 'General futures risk' })).toBeInTheDocument();
    expect(item.getByText('Unacknowledged')).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'Acknowledge warning: General futures risk' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Warning Acknowledged',
        description: 'Your acknowledgment has been recorded.',
      }),
    );
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/api/regulatory/warning/w-1/acknowledge');
    unmount();

    server({ acknowledgeWarning: () => json('', 500) });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Risk Assessment' }));
    const again = within(await screen.findByTestId('regulatory-warning'));
    await user.click(again.getByRole('button', { name: 'Acknowledge warning: General futures risk' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to acknowledge warning. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it("Renew opens the assessment dialog; completion says 'Assessment Complete', closes it and refreshes", async () => {
    const user = userEvent.setup();
    const calls = server();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Risk Assessment' }));
    await user.click(await screen.findByRole('button', { name: 'Renew Assessment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Risk Assessment' }));
    await user.selectOptions(dialog.getByLabelText(/Trading experience/), 'advanced');
    await user.selectOptions(dialog.getByLabelText(/Financial situation/), 'stable');
    await user.selectOptions(dialog.getByLabelText(/Investment objective/), 'growth');
    const before = calls.filter((c) => c.url === '/api/risk/assessments').length;
    await user.click(dialog.getByRole('button', { name: 'Complete Assessment' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Assessment Complete',
        description: 'Your risk assessment has been successfully submitted.',
        variant: 'success',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/risk/assessments').length).toBeGreaterThan(before),
    );
    // The documents were never asked for: Renew goes straight to the assessment.
    expect(
      calls.filter((c) => c.method === 'POST' && c.url === '/api/compliance/document-views'),
    ).toHaveLength(0);
  });

  it("lists the log newest first, or says 'No compliance history available'", async () => {
    const user = userEvent.setup();
    server();
    const { unmount } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Compliance Log' }));
    const entry = await screen.findByTestId('log-entry');
    expect(entry).toHaveTextContent('Document acknowledged');
    expect(entry).toHaveTextContent('after 12 s of reading');
    unmount();

    server({ log: [] });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Compliance Log' }));
    expect(await screen.findByText('No compliance history available')).toBeInTheDocument();
  });
});

describe('focus after closing a dialog of the Compliance Center', () => {
  it.each(closings)(
    'the document viewer returns it to Read Document when closed by %s (%s)',
    async (way, frames) => {
      server();
      renderPage();
      await screen.findByRole('heading', { level: 2, name: privacyDoc.title });
      const opener = row(privacyDoc.title).getByRole('button', { name: 'Read Document: Privacy Policy' });
      await expectFocusBackAfterClosing({ way, frames, opener, dialog: 'Privacy Policy' });
    },
  );

  it.each(closings)(
    'the assessment dialog returns it to Renew Assessment when closed by %s (%s)',
    async (way, frames) => {
      server();
      renderPage();
      const user = userEvent.setup();
      await user.click(screen.getByRole('tab', { name: 'Risk Assessment' }));
      const opener = await screen.findByRole('button', { name: 'Renew Assessment' });
      await expectFocusBackAfterClosing({ way, frames, opener, dialog: 'Risk Assessment', user });
    },
  );
});
