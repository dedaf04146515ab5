import { fireEvent, screen, within } from '@testing-library/react';
import type { ContractSpec, User } from '@tickwise/contracts';
import { json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders } from '../../../test/render';
import { AppShell } from '../../app/AppShell';
import { storageKeys } from '../../app/storage';

jest.setTimeout(20_000);

const ES: ContractSpec = {
  symbol: 'ES',
  name: 'E-mini S&P 500',
  exchange: 'CME',
  size: '$50 × the S&P 500 index',
  quoteUnit: 'index points',
  tickSize: 0.25,
  tickValue: 12.5,
  multiplier: 50,
  priceDecimals: 2,
  settlement: 'cash',
  settlementSummary: 'Cash-settled on the third Friday.',
  listedMonths: 'March, June, September and December.',
  referencePrice: 6800,
  illustrativeMargin: { initial: 27_500, maintenance: 25_000, asOf: '2026-12-01' },
  specUrl: 'https://www.cmegroup.com/markets/equities/sp/e-mini-sandp500.contractSpecs.html',
};
const MES: ContractSpec = {
  ...ES,
  symbol: 'MES',
  name: 'Micro E-mini S&P 500',
  tickValue: 1.25,
  multiplier: 5,
};

function renderCalculator(
  path: string,
  user: User = learner,
  specs: { status: number; body: unknown } = { status: 200, body: [ES, MES] },
) {
  localStorage.setItem(storageKeys.token, 'token-123');
  localStorage.setItem(storageKeys.cookieConsent, 'rejected');
  scriptFetch((call) => {
    if (call.url === '/api/auth/me') return json(user);
    if (call.url === '/api/contract-specs') return json(specs.body, specs.status);
    return json([]);
  });
  renderWithProviders(<AppShell reload={jest.fn()} />, { path });
}

const results = () => screen.findByTestId('calculator-results', {}, { timeout: 8000 });

describe('the contract calculator', () => {
  it('opens on notional value for ES at its reference price, with the formula filled in', async () => {
    renderCalculator('/tools/calculator');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contract calculator' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await results()).toHaveTextContent('6,800.00 × $50.00 × 1 contract = $340,000.00');
    expect(screen.getByTestId('spec-summary')).toHaveTextContent('0.25 = $12.50');
    expect(screen.getByTestId('spec-summary')).toHaveTextContent('check the exchange');
  });

  it('a wrong entry says what to enter and shows no result; fixing it brings the result back', async () => {
    renderCalculator('/tools/calculator');
    await results();
    fireEvent.change(screen.getByLabelText('Contracts'), { target: { value: '1.5' } });
    expect(screen.getByText('Enter a whole number of contracts from 1 to 10,000.')).toBeInTheDocument();
    expect(screen.getByTestId('calculator-results')).toHaveTextContent('Correct the highlighted field');
    fireEvent.change(screen.getByLabelText('Contracts'), { target: { value: '2' } });
    expect(screen.getByTestId('calculator-results')).toHaveTextContent('$680,000.00');
  });

  it('a link can name the contract and the mode; position size explains zero contracts', async () => {
    renderCalculator('/tools/calculator?contract=ES&mode=size');
    await results();
    fireEvent.change(screen.getByLabelText('Stop distance in ticks'), { target: { value: '48' } });
    const shown = screen.getByTestId('calculator-results');
    expect(
      within(shown).getByText('$500.00 ÷ $600.00 = 0.83, rounded down: 0 contracts'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('zero-contracts')).toHaveTextContent('pass on the trade');
    fireEvent.change(screen.getByLabelText('Contract'), { target: { value: 'MES' } });
    fireEvent.change(screen.getByLabelText('Stop distance in ticks'), { target: { value: '48' } });
    expect(screen.getByTestId('calculator-results')).toHaveTextContent('rounded down: 8 contracts');
  });

  it('is there before the compliance gate too; a failed load says so and offers to try again', async () => {
    renderCalculator(
      '/tools/calculator',
      { ...learner, isCompliant: false },
      { status: 503, body: { error: 'Tickwise is busy right now; please try again in a moment' } },
    );
    expect(
      await screen.findByText('Could not load the contract specifications', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
