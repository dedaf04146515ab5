import { fireEvent, screen } from '@testing-library/react';
import type { ModuleMastery, ReviewItem } from '@tickwise/contracts';
import { json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders } from '../../../test/render';
import { AppShell } from '../../app/AppShell';
import { storageKeys } from '../../app/storage';

jest.setTimeout(20_000);

const ITEM: ReviewItem = {
  kind: 'quiz',
  itemId: 101,
  lessonId: null,
  moduleId: 1,
  question: 'Who stands between the two sides of every futures trade?',
  options: ['The exchange floor', 'The clearing house', 'The broker', 'The regulator'],
  due: '2027-03-01T09:10:00.000Z',
};
const MASTERY: ModuleMastery[] = [
  { moduleId: 1, level: 'Attempted', items: 14, answered: 1, right: 0, due: 1 },
];

function renderReview(queue: ReviewItem[]) {
  localStorage.setItem(storageKeys.token, 'token-123');
  localStorage.setItem(storageKeys.cookieConsent, 'rejected');
  let answered = false;
  const calls = scriptFetch((call) => {
    if (call.url === '/api/auth/me') return json(learner);
    if (call.url === '/api/review') return json(answered ? [] : queue);
    if (call.url === '/api/mastery') return json(MASTERY);
    if (call.url === '/api/review/answers') {
      answered = true;
      return json(
        {
          kind: 'quiz',
          itemId: 101,
          selectedAnswer: 1,
          isCorrect: true,
          correctAnswer: 2,
          explanation: 'It is the central counterparty.',
          whyWrong: null,
        },
        201,
      );
    }
    return json([]);
  });
  renderWithProviders(<AppShell reload={jest.fn()} />, { path: '/review' });
  return calls;
}

describe('the review page', () => {
  it('asks a due question, sends the choice, shows the feedback, and is empty after a right answer', async () => {
    const calls = renderReview([ITEM]);
    expect(await screen.findByText(ITEM.question, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('review-due')).toHaveTextContent('1 due now');
    fireEvent.click(screen.getByText('The clearing house'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByText('Correct!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/review/answers')?.body).toEqual({
      kind: 'quiz',
      itemId: 101,
      lessonId: null,
      selectedAnswer: 1,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('review-empty')).toHaveTextContent('Nothing to review right now');
  });

  it('shows mastery by module', async () => {
    renderReview([]);
    expect(await screen.findByTestId('mastery', {}, { timeout: 8000 })).toHaveTextContent(
      'Module 1Attempted0 of 14 right, 1 due',
    );
  });
});
