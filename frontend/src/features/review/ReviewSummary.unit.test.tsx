import { screen } from '@testing-library/react';
import { json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { ReviewSummary } from './ReviewSummary';

it('says how many are due today and lists each module’s mastery', async () => {
  scriptFetch((call) => {
    if (call.url === '/api/review')
      return json([
        {
          kind: 'quiz',
          itemId: 101,
          lessonId: null,
          moduleId: 1,
          question: 'Q?',
          options: ['a', 'b'],
          due: '2027-03-01T09:10:00.000Z',
        },
      ]);
    if (call.url === '/api/mastery')
      return json([
        { moduleId: 1, level: 'Familiar', items: 14, answered: 9, right: 8, due: 1 },
        { moduleId: 2, level: 'Mastered', items: 15, answered: 15, right: 15, due: 0 },
      ]);
    return json([]);
  });
  renderWithProviders(<ReviewSummary />, { path: '/dashboard', session: sessionOf(learner) });
  expect(await screen.findByTestId('review-due-today', {}, { timeout: 8000 })).toHaveTextContent(
    '1 due today',
  );
  const mastery = await screen.findByRole('list', { name: 'Mastery by module' });
  expect(mastery).toHaveTextContent('Module 1: Familiar');
  expect(mastery).toHaveTextContent('Module 2: Mastered');
  expect(screen.getByRole('link', { name: 'Start review' })).toHaveAttribute('href', '/review');
});
