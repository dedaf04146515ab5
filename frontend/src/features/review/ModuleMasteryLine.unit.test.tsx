import { screen } from '@testing-library/react';
import { json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { ModuleMasteryLine } from './ModuleMasteryLine';

it("shows the module's mastery level, right answers and a link to what is due", async () => {
  scriptFetch((call) =>
    call.url === '/api/mastery'
      ? json([
          { moduleId: 1, level: 'Familiar', items: 14, answered: 9, right: 8, due: 2 },
          { moduleId: 2, level: 'Not started', items: 15, answered: 0, right: 0, due: 0 },
        ])
      : json([]),
  );
  renderWithProviders(<ModuleMasteryLine moduleId={1} />, { path: '/course', session: sessionOf(learner) });
  const line = await screen.findByTestId('module-mastery', {}, { timeout: 8000 });
  expect(line).toHaveTextContent('MasteryFamiliar8 of 14 questions right2 due for review');
  expect(screen.getByRole('link', { name: '2 due for review' })).toHaveAttribute('href', '/review');
});
