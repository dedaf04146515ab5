import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditHistory, DocumentCoverage } from '@tickwise/contracts';
import { type FetchCall, json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { storageKeys } from '../../app/storage';
import { AuditPage } from './AuditPage';
import { DOCUMENTS, EVENTS, HISTORY, HISTORY_BEFORE_RISK, LEARNER } from './fixtures';

jest.setTimeout(20_000);

const auditor = { ...learner, id: 'auditor-1', roles: ['learner', 'auditor'] as const } as const;

const COVERAGE: DocumentCoverage = {
  documentType: 'risk_disclosure',
  version: '1.0',
  asOf: '2026-11-26T00:00:00.000Z',
  acknowledged: [{ learnerId: LEARNER.id, email: LEARNER.email, acknowledgedAt: '2026-11-25T23:23:22.016Z' }],
  notAcknowledged: [
    { learnerId: 'u-2', email: 'bob@example.com' },
    { learnerId: 'u-3', email: 'cy@example.com' },
  ],
};

interface ServerOptions {
  history?: (call: FetchCall) => AuditHistory | { status: number; body: unknown };
}

function serve({ history = () => HISTORY }: ServerOptions = {}) {
  return scriptFetch((call) => {
    const path = call.url.split('?')[0] ?? '';
    if (path === '/api/audit/learners') return json([LEARNER]);
    if (path.endsWith('/history')) {
      const answer = history(call);
      return 'learner' in answer ? json(answer) : json(answer.body, answer.status);
    }
    if (path === '/api/audit/documents') return json(DOCUMENTS);
    if (path.endsWith('/coverage')) return json(COVERAGE);
    if (path.endsWith('/export')) {
      return {
        status: 200,
        body: '{"kind":"learner-history"}',
        headers: { 'content-disposition': 'attachment; filename="tickwise-history-x.json"' },
      };
    }
    return json({ error: `unexpected ${call.url}` }, 404);
  });
}

const renderAudit = (path = '/audit') =>
  renderWithProviders(<AuditPage />, { path, session: sessionOf({ ...auditor, roles: [...auditor.roles] }) });

async function openAda() {
  await userEvent.type(screen.getByLabelText('E-mail or name'), 'ada');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  const results = await screen.findByRole('table', { name: /1 learner matching “ada”/ });
  await userEvent.click(within(results).getByRole('button', { name: /Open history: Ada Lovelace/ }));
  await screen.findByRole('heading', { name: 'History of Ada Lovelace' });
}

describe('the audit screen', () => {
  it('finds a learner by what is typed, only when the search is submitted', async () => {
    const calls = serve();
    renderAudit();
    await userEvent.type(screen.getByLabelText('E-mail or name'), 'ada');
    expect(calls.filter((c) => c.url.startsWith('/api/audit/learners'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: /1 learner matching “ada”/ });
    expect(calls.some((c) => c.url === '/api/audit/learners?query=ada')).toBe(true);
    expect(within(table).getByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(['col', 'col', 'col', 'col', 'col']);
  });

  it('replays the history: state, verified badge, and a timeline with the evidence of each entry', async () => {
    serve();
    renderAudit();
    await openAda();
    expect(screen.getByTestId('audit-compliance')).toHaveTextContent('Compliant');
    expect(screen.getByTestId('audit-risk')).toHaveTextContent(
      'Current, expires 2027-11-25 23:24:14.143 UTC',
    );
    expect(screen.getByTestId('audit-verification')).toHaveTextContent('Verified');
    expect(screen.getByText('All 3 hash chains intact (8 events).')).toBeInTheDocument();
    expect(screen.getByTestId('audit-checkpoint')).toHaveTextContent(
      'Verified against signed checkpoint #7 of 2026-11-26 10:41:00.000 UTC.',
    );
    const timeline = screen.getByRole('list', { name: /Timeline: 5 compliance events/ });
    const entries = within(timeline).getAllByTestId('audit-entry');
    expect(entries).toHaveLength(EVENTS.length);
    const ack = entries[2];
    if (ack === undefined) throw new Error('no acknowledgment entry');
    expect(
      within(ack).getByRole('heading', { name: 'Acknowledged Futures Risk Disclosure v1.0' }),
    ).toBeInTheDocument();
    for (const evidence of [
      '203.0.113.7',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      'I have read and understood the Futures Risk Disclosure.',
      'e760d4d9cb47721ecbae65613fc1f61043c3ba63d23dc62214062257ab43f2aa',
      '11',
    ]) {
      expect(within(ack).getByText(evidence)).toBeInTheDocument();
    }
  });

  it('re-queries as of an entry and shows the state as it was then', async () => {
    const calls = serve({
      history: (call) => (call.url.includes('asOf=') ? HISTORY_BEFORE_RISK : HISTORY),
    });
    renderAudit();
    await openAda();
    const entry = screen.getAllByTestId('audit-entry')[2];
    if (entry === undefined) throw new Error('no entry');
    await userEvent.click(within(entry).getByRole('button', { name: /Replay as of this entry/ }));
    await waitFor(() => expect(screen.getByTestId('audit-compliance')).toHaveTextContent('Not compliant'));
    expect(screen.getByTestId('audit-risk')).toHaveTextContent('No risk assessment');
    const asOf = encodeURIComponent(EVENTS[2]?.occurredAt ?? '');
    expect(calls.some((c) => c.url === `/api/audit/learners/${LEARNER.id}/history?asOf=${asOf}`)).toBe(true);
    // (jsdom writes the value property with '.000'; the attribute is what the picker was given.)
    expect(screen.getByLabelText('History as of')).toHaveAttribute('value', '2026-11-25T23:23:22');
  });

  it('re-queries when a time is entered in the as-of picker (UTC), and goes back to now', async () => {
    const calls = serve({
      history: (call) => (call.url.includes('asOf=') ? HISTORY_BEFORE_RISK : HISTORY),
    });
    renderAudit();
    await openAda();
    fireEvent.change(screen.getByLabelText('History as of'), { target: { value: '2026-11-25T23:24:00' } });
    await waitFor(() => expect(screen.getByTestId('audit-compliance')).toHaveTextContent('Not compliant'));
    expect(calls.some((c) => c.url.endsWith(`?asOf=${encodeURIComponent('2026-11-25T23:24:00.000Z')}`))).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'History as of: now' }));
    await waitFor(() => expect(screen.getByTestId('audit-compliance')).toHaveTextContent(/^Compliant$/));
  });

  it('opens the learner and time named in the address', async () => {
    const calls = serve({ history: () => HISTORY_BEFORE_RISK });
    renderAudit(`/audit?learner=${LEARNER.id}&asOf=2026-11-25T23:24:00.000Z`);
    await screen.findByRole('heading', { name: 'History of Ada Lovelace' });
    expect(calls.some((c) => c.url.includes('/history?asOf=2026-11-25T23%3A24%3A00.000Z'))).toBe(true);
  });

  it('shows a broken chain clearly, naming the stream and revision', async () => {
    serve({
      history: () => ({
        ...HISTORY,
        verification: [
          {
            stream: `compliance-${LEARNER.id}`,
            ok: false,
            events: 5,
            brokenAtRevision: 3,
            signedEvents: 0,
            problem: 'revision 3: content does not match its hash',
          },
          ...HISTORY.verification.slice(2),
        ],
      }),
    });
    renderAudit(`/audit?learner=${LEARNER.id}`);
    const badge = await screen.findByTestId('audit-verification');
    expect(badge).toHaveTextContent('Broken');
    expect(
      screen.getByText(/Compliance record \(compliance-.*\) is broken at revision 3\./),
    ).toBeInTheDocument();
    expect(screen.getByText('Broken at revision 3')).toBeInTheDocument();
  });

  it('warns plainly when the signed checkpoints were tampered with', async () => {
    serve({
      history: () => ({
        ...HISTORY,
        checkpoint: { ...HISTORY.checkpoint, seq: 6, problem: 'the head file kept outside it records #7' },
      }),
    });
    renderAudit(`/audit?learner=${LEARNER.id}`);
    expect(await screen.findByTestId('audit-checkpoint')).toHaveTextContent(
      '⚠ Warning: the head file kept outside it records #7. Verified only against signed checkpoint #6',
    );
  });

  it('says what went wrong when the history cannot be read, and can try again', async () => {
    let fail = true;
    serve({ history: () => (fail ? { status: 404, body: { error: 'Learner not found' } } : HISTORY) });
    renderAudit(`/audit?learner=${LEARNER.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the history');
    expect(alert).toHaveTextContent('Learner not found');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('audit-compliance')).toHaveTextContent('Compliant');
  });

  it('exports with the token and says which file arrived', async () => {
    localStorage.setItem(storageKeys.token, 'token-123');
    const calls = serve();
    const created = jest.fn((_blob: Blob) => 'blob:tickwise/1');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAudit(`/audit?learner=${LEARNER.id}`);
    await screen.findByRole('heading', { name: 'History of Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: 'Export history as JSON' }));
    const history = screen.getByRole('region', { name: 'History of Ada Lovelace' });
    await waitFor(() =>
      expect(within(history).getByTestId('export-status')).toHaveTextContent(
        'Downloaded tickwise-history-x.json (26 B)',
      ),
    );
    const exported = calls.find((c) => c.url.includes('/export'));
    expect(exported?.url).toBe(`/api/audit/learners/${LEARNER.id}/export?format=json`);
    expect(exported?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(created).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('shows the coverage of the version in force with both lists counted', async () => {
    const calls = serve();
    renderAudit();
    const acknowledged = await screen.findByRole('table', { name: /Acknowledged \(1\)/ });
    expect(within(acknowledged).getByRole('rowheader', { name: LEARNER.email })).toBeInTheDocument();
    const missing = screen.getByRole('table', { name: /Not acknowledged \(2\)/ });
    expect(
      within(missing)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['bob@example.com', 'cy@example.com']);
    // Sorted by document type: cftc_warning comes first, and is chosen as the version in force.
    expect(calls.some((c) => c.url.startsWith('/api/audit/documents/cftc_warning/1.0/coverage'))).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Document version'), 'risk_disclosure@1.0');
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/api/audit/documents/risk_disclosure/1.0/coverage'))).toBe(
        true,
      ),
    );
    expect(screen.getByText('Futures Risk Disclosure')).toBeInTheDocument();
  });
});
