/**
 * The risk-assessment form: the choices of the risk assessment rule, the 1–10 slider defaulting to 5,
 * submit disabled until the three required fields are set, the payload, and the error toasts.
 */
import { Dialog } from '@chakra-ui/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RiskAssessment } from '@tickwise/contracts';
import { json, learner, renderWithProviders, scriptFetch, sessionOf } from '../../../test/render';
import { storageKeys } from '../../app/storage';
import { dismissToast, toastStore } from '../../components/toast-store';
import { RiskAssessmentForm } from './RiskAssessmentForm';

jest.setTimeout(20_000);

const saved: RiskAssessment = {
  id: 'r-1',
  experienceLevel: 'intermediate',
  financialSituation: 'growing',
  riskCapacity: 6,
  investmentObjective: 'growth',
  annualIncome: '$60,000',
  netWorth: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2027-11-25T10:00:00.000Z',
};

function renderForm() {
  const onSubmitted = jest.fn();
  // The form renders a dialog's body and footer.
  const view = renderWithProviders(
    <Dialog.Root open>
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Title>Risk Assessment</Dialog.Title>
          <RiskAssessmentForm onSubmitted={onSubmitted} />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>,
    { session: sessionOf({ ...learner, isCompliant: false }) },
  );
  return { ...view, onSubmitted };
}

const submit = () => screen.getByRole('button', { name: 'Complete Assessment' });
// jsdom cannot measure the thumb, so zag keeps it visibility: hidden until it could.
const riskSlider = () => {
  const slider = screen.getByRole('slider', { hidden: true });
  const label = document.getElementById(slider.getAttribute('aria-labelledby') ?? '');
  expect(label).toHaveTextContent('Risk capacity');
  return slider;
};
const latestToast = () => toastStore.getSnapshot().find((t) => t.open);
const options = (label: RegExp) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/Trading experience/), 'intermediate');
  await user.selectOptions(screen.getByLabelText(/Financial situation/), 'growing');
  await user.selectOptions(screen.getByLabelText(/Investment objective/), 'growth');
}

beforeEach(() => localStorage.setItem(storageKeys.token, 'token-123'));
afterEach(() => act(() => dismissToast()));

describe('the risk-assessment form', () => {
  it("offers the risk assessment rule's choices and a 1–10 risk slider that starts at 5 and moves in steps of 1", async () => {
    scriptFetch(() => json({}));
    const user = userEvent.setup();
    renderForm();
    expect(options(/Trading experience/)).toEqual([
      ['', 'Select your experience'],
      ['beginner', 'Beginner (0-1 years)'],
      ['intermediate', 'Intermediate (1-3 years)'],
      ['advanced', 'Advanced (3+ years)'],
    ]);
    expect(options(/Financial situation/).map(([v]) => v)).toEqual(['', 'stable', 'growing', 'volatile']);
    expect(options(/Investment objective/).map(([v]) => v)).toEqual([
      '',
      'education',
      'conservative',
      'growth',
      'speculative',
    ]);
    const slider = riskSlider();
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '10');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '6'));
    await user.keyboard('{End}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '10'));
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    await user.keyboard('{Home}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '1'));
  });

  it('keeps submit disabled until experience, financial situation and objective are all chosen', async () => {
    scriptFetch(() => json({}));
    const user = userEvent.setup();
    renderForm();
    expect(submit()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Trading experience/), 'beginner');
    expect(submit()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Financial situation/), 'stable');
    expect(submit()).toBeDisabled();
    // The optional fields do not count.
    await user.type(screen.getByLabelText('Annual income (optional)'), '$50,000');
    expect(submit()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Investment objective/), 'education');
    expect(submit()).toBeEnabled();
  });

  it("refuses a submission without the required fields: 'Required Fields Missing'", async () => {
    const calls = scriptFetch(() => json({}));
    renderForm();
    fireEvent.submit(screen.getByRole('form', { name: 'Risk assessment' }));
    expect(latestToast()).toMatchObject({
      title: 'Required Fields Missing',
      description: 'Please complete all required fields in the risk assessment.',
      variant: 'destructive',
    });
    expect(calls).toHaveLength(0);
  });

  it('marks each missing choice invalid with its message in plain words, and focuses the first', async () => {
    scriptFetch(() => json({}));
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText(/Financial situation/), 'growing');
    fireEvent.submit(screen.getByRole('form', { name: 'Risk assessment' }));
    const experience = screen.getByLabelText(/Trading experience/);
    await waitFor(() => expect(experience).toHaveAttribute('aria-invalid', 'true'));
    expect(experience).toHaveAccessibleDescription('Choose how much trading experience you have.');
    expect(experience).toHaveFocus();
    expect(screen.getByLabelText(/Financial situation/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/Investment objective/)).toHaveAccessibleDescription(
      'Choose what you want to get from trading.',
    );
    // A choice made clears its message at once.
    await user.selectOptions(experience, 'beginner');
    expect(experience).not.toHaveAttribute('aria-invalid');
  });

  it("puts the server's field message on the field, in the same words", async () => {
    scriptFetch(() =>
      json({ error: 'annualIncome: must be a string of at most 100 characters or null' }, 400),
    );
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/Annual income/), '$60,000');
    await user.click(submit());
    const income = screen.getByLabelText(/Annual income/);
    await waitFor(() => expect(income).toHaveAttribute('aria-invalid', 'true'));
    expect(income).toHaveAccessibleDescription('Use at most 100 characters, or leave it empty.');
    expect(latestToast()).toMatchObject({
      title: 'Error',
      description: 'Use at most 100 characters, or leave it empty.',
      variant: 'destructive',
    });
    await user.type(income, '0');
    expect(income).not.toHaveAttribute('aria-invalid');
  });

  it('sends the answers, empty optional fields as null, capacity as a whole number, expiresAt a year ahead', async () => {
    const calls = scriptFetch(() => json(saved, 201));
    const user = userEvent.setup();
    const { onSubmitted } = renderForm();
    await fillRequired(user);
    riskSlider().focus();
    await user.keyboard('{ArrowRight}');
    await user.type(screen.getByLabelText('Annual income (optional)'), '  $60,000  ');
    await user.click(submit());
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(saved));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/risk/assessment');
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      experienceLevel: 'intermediate',
      financialSituation: 'growing',
      riskCapacity: 6,
      investmentObjective: 'growth',
      annualIncome: '$60,000',
      netWorth: null,
    });
    const year = Date.parse(String(body.expiresAt)) - Date.now();
    expect(year / 86_400_000).toBeGreaterThan(364);
    expect(year / 86_400_000).toBeLessThan(367);
  });

  it('says so when no token is stored, without asking the server', async () => {
    const calls = scriptFetch(() => json(saved, 201));
    localStorage.removeItem(storageKeys.token);
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    await user.click(submit());
    expect(latestToast()).toMatchObject({
      title: 'Error',
      description: 'No authentication token found. Please log in again.',
      variant: 'destructive',
    });
    expect(calls).toHaveLength(0);
  });

  it.each([
    [
      'the server’s message in plain words',
      () => json({ error: 'riskCapacity: must be 1 to 10' }, 400),
      'Choose a risk capacity from 1 to 10.',
    ],
    ['the server’s other message', () => json({ error: 'Register first' }, 403), 'Register first'],
    ['the fallback', () => json('', 500), 'Failed to submit risk assessment. Please try again.'],
  ])('shows %s in an error toast and can be sent again', async (_, reply, message) => {
    scriptFetch(reply);
    const user = userEvent.setup();
    const { onSubmitted } = renderForm();
    await fillRequired(user);
    await user.click(submit());
    await waitFor(() =>
      expect(latestToast()).toMatchObject({ title: 'Error', description: message, variant: 'destructive' }),
    );
    expect(onSubmitted).not.toHaveBeenCalled();
    await waitFor(() => expect(submit()).toBeEnabled());
  });
});
