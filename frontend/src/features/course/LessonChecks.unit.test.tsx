/**
 * 'Check your understanding' in the module viewer, against a scripted server whose replies are checked
 * against the route table's codecs: answering (the Check button waits for a choice), the server's feedback
 * in a live region, the answer kept in the cached lessons without a refetch and brought back by the lesson
 * after a reload, and a failed submission that keeps the choice for another try.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CheckAnswer, decodeOrThrow, type Lesson, type Module, routes } from '@tickwise/contracts';
import { type FetchCall, json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { ModuleViewer } from './ModuleViewer';

jest.setTimeout(20_000);

const modules: Module[] = [
  { id: 1, title: 'What Futures Are', description: 'The basics.', level: 'BEGINNER', duration: 22 },
];
const check = {
  id: 10011,
  question: 'A short gold futures position when the price rises by $8.00?',
  options: ['A gain of $800', 'A loss of $8', 'A loss of $800'],
};
const second = { id: 10012, question: 'Why can a small move matter?', options: ['Leverage', 'Fees'] };
// What only the server knows (1-based key), and the feedback it answers with.
const keys: Record<number, { correctAnswer: number; explanation: string; whyWrong: Record<string, string> }> =
  {
    10011: {
      correctAnswer: 3,
      explanation: 'A short loses when the price rises: $8.00 × 100 oz = $800.',
      whyWrong: {
        '1': 'The size is right but the direction is wrong.',
        '2': 'This forgets the contract size.',
      },
    },
    10012: { correctAnswer: 1, explanation: 'Notional value against a small deposit.', whyWrong: {} },
  };

interface Server {
  answers: Map<number, CheckAnswer>;
  failNext: boolean;
}

function startServer() {
  const server: Server = { answers: new Map(), failNext: false };
  const lessons = (): Lesson[] =>
    decodeOrThrow(routes.moduleLessons.response, [
      {
        id: 1,
        title: 'Futures in Plain Words',
        description: 'Long, short, and what a price change does.',
        duration: 5,
        videoUrl: null,
        content: '## Overview\n\nA futures contract is an agreement.',
        checks: [check, second].map((c) => ({ ...c, answer: server.answers.get(c.id) ?? null })),
      },
      {
        id: 2,
        title: 'Futures Versus Forwards',
        description: 'Standardised or tailored.',
        duration: 6,
        videoUrl: null,
        content: '## Overview\n\nForwards are private.',
        checks: [],
      },
    ]);
  const calls = scriptFetch((call: FetchCall) => {
    const { url, method } = call;
    if (url === '/api/modules') return json(modules);
    if (url === '/api/modules/1/lessons') return json(lessons());
    if (url === '/api/modules/1/quiz') return json([]);
    if (url === '/api/progress' && method === 'GET') return json([]);
    if (url === '/api/progress' && method === 'POST') {
      const record = { id: 'p1', ...(call.body as object), createdAt: '2026-11-26T10:00:00.000Z' };
      return json(decodeOrThrow(routes.recordProgress.response, record), 201);
    }
    const answered = /^\/api\/lessons\/1\/checks\/(\d+)\/answer$/.exec(url);
    if (answered && method === 'POST') {
      if (server.failNext) {
        server.failNext = false;
        return json({ error: 'The service is busy.' }, 503);
      }
      const checkId = Number(answered[1]);
      const key = keys[checkId];
      if (!key) return json({ error: 'Check not found' }, 404);
      const { selectedAnswer } = call.body as { selectedAnswer: number };
      const isCorrect = selectedAnswer + 1 === key.correctAnswer;
      const answer = decodeOrThrow(routes.answerLessonCheck.response, {
        checkId,
        selectedAnswer,
        answeredAt: '2026-11-26T10:00:00.000Z',
        isCorrect,
        correctAnswer: key.correctAnswer,
        explanation: key.explanation,
        whyWrong: isCorrect ? null : (key.whyWrong[String(selectedAnswer + 1)] ?? null),
      });
      server.answers.set(checkId, answer);
      return json(answer, 201);
    }
    return json({ error: `unexpected ${method} ${url}` }, 404);
  });
  return { server, calls };
}

const renderViewer = () =>
  renderWithProviders(<ModuleViewer moduleId={1} lessonId={1} />, { session: sessionOf(learner) });
const lessonGets = (calls: readonly FetchCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url === '/api/modules/1/lessons').length;
const firstCheck = async () =>
  within(await screen.findByRole('region', { name: 'Check your understanding' })).getAllByTestId(
    'lesson-check',
  )[0] as HTMLElement;

describe('lesson checks in the module viewer', () => {
  it('answers a check: Check waits for a choice, the feedback is announced, and a reload brings it back', async () => {
    const { calls } = startServer();
    const first = renderViewer();
    const item = await firstCheck();
    const group = within(item).getByRole('group', { name: /short gold futures position/ });
    const button = within(item).getByRole('button', { name: 'Check' });
    expect(button).toBeDisabled();

    await userEvent.click(within(group).getByRole('radio', { name: /A gain of \$800/ }));
    expect(button).toBeEnabled();
    await userEvent.click(button);

    const status = within(item).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Incorrect. The correct answer is C.'));
    expect(within(status).getByTestId('check-why-wrong')).toHaveTextContent(
      'Why A is not right' + 'The size is right but the direction is wrong.',
    );
    expect(within(status).getByTestId('check-explanation')).toHaveTextContent('$8.00 × 100 oz = $800');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/lessons/1/checks/10011/answer', { selectedAnswer: 0 }],
    ]);
    // Graded: the options are locked, the right one and the wrong choice named; no second submission.
    expect(
      within(group)
        .getAllByRole('radio')
        .every((r) => (r as HTMLInputElement).disabled),
    ).toBe(true);
    const options = within(item).getAllByTestId('check-option');
    expect(options.map((o) => o.getAttribute('data-feedback'))).toEqual(['wrong', null, 'correct']);
    expect(within(item).queryByRole('button', { name: 'Check' })).toBeNull();
    await waitFor(() => expect(status).toHaveFocus());
    // The cached lessons took the answer: no refetch of the lessons.
    expect(lessonGets(calls)).toBe(1);
    // The other check is still open.
    const other = screen.getAllByTestId('lesson-check')[1] as HTMLElement;
    expect(within(other).getByRole('button', { name: 'Check' })).toBeDisabled();

    // A reload (a new store): the lesson brings the answer back, with its feedback.
    first.unmount();
    renderViewer();
    const restored = await firstCheck();
    expect(restored).toHaveAttribute('data-answered', 'true');
    expect(within(restored).getByRole('status')).toHaveTextContent('Incorrect. The correct answer is C.');
    expect(within(restored).getByRole('radio', { name: /A gain of \$800/ })).toBeChecked();
    expect(within(restored).queryByRole('button', { name: 'Check' })).toBeNull();
  });

  it('a right answer says so, without a why-wrong box', async () => {
    startServer();
    renderViewer();
    const item = await firstCheck();
    await userEvent.click(within(item).getByRole('radio', { name: /A loss of \$800/ }));
    await userEvent.click(within(item).getByRole('button', { name: 'Check' }));
    const status = within(item).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Correct!'));
    expect(within(status).queryByTestId('check-why-wrong')).toBeNull();
    expect(within(status).getByTestId('check-explanation')).toBeInTheDocument();
  });

  it('a failed submission says why and keeps the choice for another try', async () => {
    const { server, calls } = startServer();
    server.failNext = true;
    renderViewer();
    const item = await firstCheck();
    await userEvent.click(within(item).getByRole('radio', { name: /A loss of \$8$/ }));
    await userEvent.click(within(item).getByRole('button', { name: 'Check' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Your answer could not be checked: The service is busy.',
    );
    expect(within(item).getByRole('radio', { name: /A loss of \$8$/ })).toBeChecked();
    expect(within(item).getByRole('status')).toBeEmptyDOMElement();

    await userEvent.click(within(item).getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(within(item).getByRole('status')).toHaveTextContent('Incorrect. The correct answer is C.'),
    );
    expect(within(item).queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('the checks do not block completing the lesson: Next records it with the checks unanswered', async () => {
    const { calls } = startServer();
    renderViewer();
    await firstCheck();
    expect(screen.getAllByTestId('lesson-check')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        ['/api/progress', { moduleId: 1, lessonId: 1, completed: true }],
      ]),
    );
  });
});
