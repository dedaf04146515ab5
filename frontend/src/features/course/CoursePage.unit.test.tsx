/**
 * The course screens against a scripted API: the course screen, the module viewer and the quiz flow,
 * with the calls they make.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lesson, Module, ProgressRecord, QuizResult } from '@tickwise/contracts';
import { Route, Routes } from 'react-router-dom';
import { brokenReply, type FetchCall, json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { CoursePage } from './CoursePage';

// Chakra in jsdom is slow on this shared 2-core machine.
jest.setTimeout(20_000);

const modules: Module[] = [
  { id: 1, title: 'What Futures Are', description: 'The basics.', level: 'BEGINNER', duration: 22 },
  {
    id: 2,
    title: 'Contract Specifications',
    description: 'Reading a contract.',
    level: 'BEGINNER',
    duration: 25,
  },
  {
    id: 5,
    title: 'Expiry and Rolling',
    description: 'Rolling forward.',
    level: 'INTERMEDIATE',
    duration: 30,
  },
];

const lesson = (id: number, title: string, extra: Partial<Lesson> = {}): Lesson => ({
  id,
  title,
  description: `About ${title}.`,
  duration: id + 4,
  videoUrl: null,
  content: `## Overview\n\n${title} overview text.\n\n## Example: Numbers\n\n2 × 3 = 6\n\n## Key Points\n\n- point\n\n## Summary\n\nDone <img src=x onerror=alert(1)>.`,
  checks: [],
  ...extra,
});

const lessons: Lesson[] = [
  lesson(1, 'Futures in Plain Words'),
  lesson(2, 'Futures Versus Forwards', { videoUrl: 'https://video.example/2' }),
  lesson(3, 'Exchanges and Clearing', { content: '## Key Takeaways\n\n- Clearing stands behind trades.' }),
  lesson(4, 'Hedgers and Speculators'),
];

// The questions as GET /api/modules/1/quiz serves them: no key, no explanation.
const questions = [
  {
    id: 101,
    question: 'Who is the buyer to every seller?',
    options: ['A broker', 'The clearing house', 'A bank'],
  },
  {
    id: 102,
    question: 'What is a long position?',
    options: ['A commitment to buy', 'A commitment to sell'],
  },
];
// What only the server knows, and answers with a graded answer.
const keys: Record<number, { correctAnswer: number; explanation: string; whyWrong: Record<string, string> }> =
  {
    101: {
      correctAnswer: 2,
      explanation: 'Novation makes the clearing house the counterparty.',
      whyWrong: {
        '1': 'A broker acts for one side only.',
        '3': 'A bank lends; it is not a party to the trade.',
      },
    },
    102: {
      correctAnswer: 1,
      explanation: 'Long means you buy.',
      whyWrong: { '2': 'Selling first is a short position.' },
    },
  };

interface Server {
  progress: ProgressRecord[];
  results: QuizResult[];
  progressReply?: () => ReturnType<typeof json>;
  attemptReply?: () => ReturnType<typeof json> | undefined;
  quiz: unknown[];
}

function startServer(initial: Partial<Server> = {}) {
  const server: Server = { progress: [], results: [], quiz: questions, ...initial };
  let nextId = 1;
  const calls = scriptFetch((call: FetchCall) => {
    const { url, method } = call;
    if (url === '/api/modules') return json(modules);
    if (url === '/api/modules/1/lessons') return json(lessons);
    if (/^\/api\/modules\/\d+\/lessons$/.test(url)) return json([]);
    if (url === '/api/modules/1/quiz') return json(server.quiz);
    if (/^\/api\/modules\/\d+\/quiz$/.test(url)) return json([]);
    if (url === '/api/progress' && method === 'GET') return server.progressReply?.() ?? json(server.progress);
    if (url === '/api/progress' && method === 'POST') {
      const body = call.body as { moduleId: number; lessonId: number | null };
      const record: ProgressRecord = {
        id: `p${nextId++}`,
        moduleId: body.moduleId,
        lessonId: body.lessonId,
        completed: true,
        createdAt: '2026-11-25T10:00:00.000Z',
      };
      server.progress.push(record);
      // The server's own score: here it counts only the first question, to tell it from the client's.
      if (body.lessonId === null)
        server.results.unshift({ moduleId: 1, score: 50, completedAt: record.createdAt });
      return json(record, 201);
    }
    if (url === '/api/quiz/attempt') {
      const failure = server.attemptReply?.();
      if (failure) return failure;
      const body = call.body as { questionId: number; selectedAnswer: number };
      const key = keys[body.questionId];
      if (!key) return json({ error: `Quiz question ${body.questionId} not found` }, 404);
      const isCorrect = body.selectedAnswer + 1 === key.correctAnswer;
      return json(
        {
          ...body,
          isCorrect,
          correctAnswer: key.correctAnswer,
          explanation: key.explanation,
          whyWrong: isCorrect ? null : (key.whyWrong[String(body.selectedAnswer + 1)] ?? null),
        },
        201,
      );
    }
    if (url === '/api/quiz-results') return json(server.results);
    return json({ error: 'not found' }, 404);
  });
  return { server, calls };
}

function renderCourse(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/course" element={<CoursePage />} />
    </Routes>,
    { path, session: sessionOf(learner) },
  );
}

const done = (moduleId: number, lessonId: number | null): ProgressRecord => ({
  id: `r-${moduleId}-${lessonId}`,
  moduleId,
  lessonId,
  completed: true,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('the course screen', () => {
  it('groups the modules by tier with level, minutes and progress; module 1 is selected by default', async () => {
    startServer({ progress: [done(1, 1), done(1, 2)] });
    renderCourse('/course');
    expect(screen.getByRole('heading', { level: 1, name: 'Course' })).toBeInTheDocument();
    expect(screen.getByTestId('course-promise')).toHaveTextContent('12 modules');
    const nav = await screen.findByRole('navigation', { name: 'Modules' });
    expect(
      within(nav)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Beginner', 'Intermediate']);
    const cards = within(nav).getAllByTestId('module-card');
    expect(cards.map((c) => c.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect(cards[0]).toHaveTextContent('What Futures Are');
    expect(cards[0]).toHaveTextContent('Beginner');
    expect(cards[0]).toHaveTextContent('22 min');
    expect(await within(cards[0] as HTMLElement).findByText('40% complete')).toBeInTheDocument();
    expect(within(nav).getAllByRole('progressbar')).toHaveLength(3);

    const detail = screen.getByTestId('module-detail');
    expect(within(detail).getByRole('heading', { level: 2, name: 'What Futures Are' })).toBeInTheDocument();
    expect(detail).toHaveTextContent('The basics.');
    expect(within(detail).getByTestId('selected-module-progress')).toHaveTextContent('40%');
    const start = await within(detail).findByTestId('start-lesson-card');
    expect(start).toHaveTextContent('Futures in Plain Words');
    expect(start).toHaveTextContent('5 min');
    const grid = within(detail).getAllByTestId('lesson-card');
    expect(grid.map((c) => c.getAttribute('data-status'))).toEqual([
      'completed',
      'completed',
      'available',
      'available',
    ]);
    expect(within(grid[0] as HTMLElement).getByRole('img', { name: 'Completed' })).toBeInTheDocument();
    expect(within(grid[2] as HTMLElement).getByRole('img', { name: 'Available' })).toBeInTheDocument();
    expect(grid[3]).toHaveTextContent('8 min');
  });

  it('choosing a module shows it on the right; Start Lesson opens the viewer at its first lesson', async () => {
    startServer();
    renderCourse('/course');
    const cards = await screen.findAllByTestId('module-card');
    await userEvent.click(cards[2] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 2, name: 'Expiry and Rolling' })).toBeInTheDocument();
    expect(cards[2]).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('The lessons of this module are being written.')).toBeInTheDocument();
    await userEvent.click(cards[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Lesson' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Futures in Plain Words' }),
    ).toBeInTheDocument();
  });

  it('progress: 403 is treated as empty, a non-array as empty, other failures say so', async () => {
    startServer({ progressReply: () => json({ error: 'Compliance required' }, 403) });
    const first = renderCourse('/course');
    expect(await screen.findAllByText('0% complete')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    startServer({ progressReply: () => brokenReply({ unexpected: true }) });
    const second = renderCourse('/course');
    expect(await screen.findAllByText('0% complete')).toHaveLength(3);
    second.unmount();

    startServer({ progressReply: () => json({ error: 'boom' }, 500) });
    renderCourse('/course');
    expect(await screen.findByText('Failed to fetch progress: 500')).toBeInTheDocument();
  });

  it('a failed module list shows the error and a retry', async () => {
    scriptFetch(() => json({ error: 'down' }, 503));
    renderCourse('/course');
    expect(await screen.findByText('503: {"error":"down"}')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the module viewer', () => {
  it('shows the module, the lesson and its typed sections, sanitised; a video placeholder only with a videoUrl', async () => {
    startServer({ progress: [done(1, 1)] });
    renderCourse('/course?module=1&lesson=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'What Futures Are' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Course/ })).toHaveAttribute('href', '/course?module=1');
    expect(screen.getByTestId('level-badge')).toHaveTextContent('Beginner');
    expect(screen.getByTestId('viewer-progress')).toHaveTextContent('20% complete');
    const article = screen.getByRole('article');
    expect(
      within(article).getByRole('heading', { level: 2, name: 'Futures in Plain Words' }),
    ).toBeInTheDocument();
    expect(article).toHaveTextContent('Duration: 5 min');
    expect(screen.queryByTestId('video-placeholder')).not.toBeInTheDocument();
    const sections = within(article).getAllByTestId('lesson-section');
    expect(sections.map((s) => s.getAttribute('data-section-type'))).toEqual([
      'overview',
      'example',
      'keypoint',
      'summary',
    ]);
    expect(article.querySelector('img')).toBeNull();
    // A title that already names its type gets no type label above it ("Overview", not "Overview Overview").
    expect(sections.map((s) => within(s).getByRole('button').textContent)).toEqual([
      'Overview',
      'Example: Numbers',
      'Key Points',
      'Summary',
    ]);
    // Collapsible: a section closes and opens again.
    const overview = within(article).getByRole('button', { name: /Overview/ });
    expect(overview).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(overview);
    expect(overview).toHaveAttribute('aria-expanded', 'false');

    const sidebar = screen.getByRole('navigation', { name: 'Lessons in this module' });
    const items = within(sidebar).getAllByTestId('sidebar-lesson');
    expect(items.map((i) => i.getAttribute('data-completed'))).toEqual(['true', 'false', 'false', 'false']);
    expect(items[1]).toHaveTextContent('6 min');
    expect(within(sidebar).queryByTestId('quiz-entry')).not.toBeInTheDocument();

    await userEvent.click(items[1] as HTMLElement);
    expect(await screen.findByTestId('video-placeholder')).toBeInTheDocument();

    // A title that does not name its type keeps the label.
    await userEvent.click(items[2] as HTMLElement);
    await screen.findByRole('heading', { level: 2, name: 'Exchanges and Clearing' });
    const [takeaways] = screen.getAllByTestId('lesson-section');
    expect(takeaways).toHaveAttribute('data-section-type', 'keypoint');
    expect(within(takeaways as HTMLElement).getByRole('button')).toHaveTextContent('Key pointsKey Takeaways');
  });

  it('Next marks the lesson complete, then advances; Previous goes back; Next on a completed lesson posts nothing', async () => {
    const { calls } = startServer();
    renderCourse('/course?module=1&view=lessons');
    const previous = await screen.findByRole('button', { name: 'Previous' });
    expect(previous).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Futures Versus Forwards' }),
    ).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ moduleId: 1, lessonId: 1, completed: true }]);
    await waitFor(() => expect(screen.getByTestId('viewer-progress')).toHaveTextContent('20% complete'));

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Futures in Plain Words' }),
    ).toBeInTheDocument();
    // Already completed: Next does not post again.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Futures Versus Forwards' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("the 'Module Quiz' entry appears once every lesson is done: question count, then 'Completed'", async () => {
    startServer({ progress: [done(1, 1), done(1, 2), done(1, 3)] });
    renderCourse('/course?module=1&lesson=4');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Hedgers and Speculators' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('quiz-entry')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take Module Quiz' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 1 Quiz' })).toBeInTheDocument();
    // Every lesson done: the questions, as before, and no notice.
    expect(await screen.findByTestId('quiz-question')).toHaveTextContent('Who is the buyer to every seller?');
    expect(screen.queryByTestId('lessons-to-finish')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Back to Module/ }));
    const entry = await screen.findByTestId('quiz-entry');
    expect(entry).toHaveTextContent('Module Quiz');
    expect(entry).toHaveTextContent('2 questions');
    expect(screen.getByTestId('viewer-progress')).toHaveTextContent('80% complete');
  });

  it("'Take Module Quiz' with earlier lessons incomplete completes this lesson, then names the others instead of the quiz", async () => {
    const { calls } = startServer({ progress: [done(1, 1), done(1, 3)] });
    renderCourse('/course?module=1&lesson=4');
    await userEvent.click(await screen.findByRole('button', { name: 'Take Module Quiz' }));
    const notice = await screen.findByTestId('lessons-to-finish');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Finish every lesson to take the quiz');
    expect(notice).toHaveTextContent('One lesson is still to finish:');
    const links = within(notice).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Lesson 2: Futures Versus Forwards', '/course?module=1&lesson=2'],
    ]);
    // This lesson was completed; no quiz was opened.
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ moduleId: 1, lessonId: 4, completed: true }]);
    expect(screen.queryByRole('heading', { level: 1, name: 'Module 1 Quiz' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Hedgers and Speculators' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('viewer-progress')).toHaveTextContent('60% complete'));
    expect(screen.queryByTestId('quiz-entry')).not.toBeInTheDocument();

    // Pressed again: nothing more is posted, the notice stays.
    await userEvent.click(screen.getByRole('button', { name: 'Take Module Quiz' }));
    expect(await screen.findByTestId('lessons-to-finish')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    // The link opens the lesson still to finish; the notice goes.
    await userEvent.click(within(screen.getByTestId('lessons-to-finish')).getByRole('link'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Futures Versus Forwards' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('lessons-to-finish')).not.toBeInTheDocument();
  });

  it("shows 'Completed' on the quiz entry when the quiz is done", async () => {
    startServer({ progress: [done(1, 1), done(1, 2), done(1, 3), done(1, 4), done(1, null)] });
    renderCourse('/course?module=1&lesson=2');
    expect(await screen.findByTestId('quiz-entry')).toHaveTextContent('Completed');
    expect(screen.getByTestId('viewer-progress')).toHaveTextContent('100% complete');
  });

  it('a failed save keeps the learner on the lesson and says why', async () => {
    scriptFetch((call) => {
      if (call.url === '/api/modules') return json(modules);
      if (call.url === '/api/modules/1/lessons') return json(lessons);
      if (call.url === '/api/modules/1/quiz') return json(questions);
      if (call.url === '/api/progress' && call.method === 'GET') return json([]);
      return json({ error: 'Lesson 1 is not part of module 1' }, 422);
    });
    renderCourse('/course?module=1&lesson=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your progress could not be saved: 422: {"error":"Lesson 1 is not part of module 1"}',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Futures in Plain Words' })).toBeInTheDocument();
  });
});

describe('the quiz', () => {
  afterEach(() => jest.useRealTimers());

  it('posts each answer on Submit, shows the server’s feedback for 3 s, locked, completes with the server score; Retake starts over', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { calls } = startServer({ progress: [done(1, 1), done(1, 2), done(1, 3), done(1, 4)] });
    renderCourse('/course?module=1&view=quiz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 1 Quiz' })).toBeInTheDocument();
    const position = await screen.findByTestId('quiz-position');
    expect(position).toHaveTextContent('Question 1 of 2');
    // On screen 'n of total'; 'Question' only for screen readers.
    const spoken = position.firstElementChild;
    expect(spoken?.textContent).toBe('Question ');
    expect(position.textContent?.slice(spoken?.textContent?.length)).toBe('1 of 2');
    const options = screen.getAllByTestId('quiz-option');
    expect(options.map((o) => o.textContent?.slice(0, 1))).toEqual(['A', 'B', 'C']);
    const submit = screen.getByRole('button', { name: 'Submit Answer' });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // Right answer: B. Nothing on screen knows it until the server has graded it.
    await user.click(screen.getByRole('radio', { name: /The clearing house/ }));
    expect(submit).toBeEnabled();
    expect(calls.filter((c) => c.url === '/api/quiz/attempt')).toHaveLength(0);
    await user.click(submit);
    expect(await screen.findByTestId('quiz-feedback')).toHaveTextContent('Correct!');
    expect(calls.filter((c) => c.url === '/api/quiz/attempt').map((c) => c.body)).toEqual([
      { questionId: 101, selectedAnswer: 1 },
    ]);
    expect(screen.getAllByTestId('quiz-option')[1]).toHaveAttribute('data-feedback', 'correct');
    expect(screen.getByTestId('quiz-explanation')).toHaveTextContent(
      'Novation makes the clearing house the counterparty.',
    );
    expect(screen.queryByTestId('quiz-why-wrong')).not.toBeInTheDocument();
    // The verdict is in a live region, which takes the focus from the now disabled button.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    act(() => {
      jest.advanceTimersByTime(2900);
    });
    expect(screen.getByTestId('quiz-position')).toHaveTextContent('Question 1 of 2');
    act(() => {
      jest.advanceTimersByTime(100);
    });
    await waitFor(() => expect(screen.getByTestId('quiz-position')).toHaveTextContent('Question 2 of 2'));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    // Wrong answer on the last question: B (A is right).
    await user.click(screen.getByRole('radio', { name: /A commitment to sell/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByTestId('quiz-feedback')).toHaveTextContent(
      'Incorrect. The correct answer is A.',
    );
    const [right, wrong] = screen.getAllByTestId('quiz-option');
    expect(right).toHaveAttribute('data-feedback', 'correct');
    expect(wrong).toHaveAttribute('data-feedback', 'wrong');
    expect(screen.getByTestId('quiz-why-wrong')).toHaveTextContent(
      'Why B is not rightSelling first is a short position.',
    );
    expect(screen.getByTestId('quiz-explanation')).toHaveTextContent('ExplanationLong means you buy.');
    expect(screen.getByRole('button', { name: 'Completing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Posted on Submit, one call per answer; the completion waits for the end of the feedback.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/quiz/attempt',
      '/api/quiz/attempt',
    ]);
    act(() => {
      jest.advanceTimersByTime(3000);
    });

    const result = await screen.findByTestId('quiz-result');
    expect(within(result).getByRole('heading', { name: 'Quiz Complete!' })).toBeInTheDocument();
    expect(within(result).getByTestId('quiz-correct')).toHaveTextContent('1');
    expect(within(result).getByTestId('quiz-incorrect')).toHaveTextContent('1');
    expect(within(result).getByTestId('quiz-score')).toHaveTextContent('50%');
    expect(within(result).getByTestId('quiz-score')).toHaveAttribute('data-colour', 'red');
    expect(within(result).getByTestId('quiz-message')).toHaveTextContent(/try the quiz again/);
    const posts = calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);
    expect(posts).toEqual([
      ['/api/quiz/attempt', { questionId: 101, selectedAnswer: 1 }],
      ['/api/quiz/attempt', { questionId: 102, selectedAnswer: 1 }],
      ['/api/progress', { moduleId: 1, lessonId: null, completed: true }],
    ]);
    expect(within(result).getByRole('link', { name: 'Back to Course' })).toHaveAttribute(
      'href',
      '/course?module=1',
    );

    await user.click(within(result).getByRole('button', { name: 'Retake Quiz' }));
    await waitFor(() => expect(screen.getByTestId('quiz-position')).toHaveTextContent('Question 1 of 2'));
    expect(screen.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('the feedback can be paused (WCAG 2.2.1): it then stays until Continue', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    startServer({ progress: [done(1, 1), done(1, 2), done(1, 3), done(1, 4)] });
    renderCourse('/course?module=1&view=quiz');
    await user.click(await screen.findByRole('radio', { name: /The clearing house/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await screen.findByTestId('quiz-explanation');
    const pause = screen.getByRole('button', { name: 'Pause' });
    await user.click(pause);
    expect(pause).toHaveTextContent('Continue');
    expect(pause).toHaveFocus();
    expect(screen.getByTestId('quiz-feedback-timer')).toHaveTextContent(
      'Paused. Continue to the next question when you are ready.',
    );
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('quiz-position')).toHaveTextContent('Question 1 of 2');
    expect(screen.getByTestId('quiz-explanation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('quiz-position')).toHaveTextContent('Question 2 of 2'));
    expect(screen.queryByTestId('quiz-feedback-timer')).not.toBeInTheDocument();
  });

  it("the server's score wins where it differs from the count here", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    startServer({ progress: [done(1, 1), done(1, 2), done(1, 3), done(1, 4)] });
    renderCourse('/course?module=1&view=quiz');
    for (const answer of [/The clearing house/, /A commitment to buy/]) {
      await user.click(await screen.findByRole('radio', { name: answer }));
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      await screen.findByTestId('quiz-feedback');
      act(() => {
        jest.advanceTimersByTime(3000);
      });
    }
    const result = await screen.findByTestId('quiz-result');
    expect(within(result).getByTestId('quiz-correct')).toHaveTextContent('2');
    expect(within(result).getByTestId('quiz-score')).toHaveTextContent('50%');
    expect(within(result).getByTestId('quiz-recorded-note')).toHaveTextContent(
      'Tickwise recorded 50% for this attempt (this screen counted 100%).',
    );
  });

  it('an answer the server could not grade keeps the choice, says why, and is sent again on Submit', async () => {
    let failures = 1;
    const { calls } = startServer({
      progress: [done(1, 1), done(1, 2), done(1, 3), done(1, 4)],
      attemptReply: () => (failures-- > 0 ? json({ error: 'Service unavailable' }, 503) : undefined),
    });
    renderCourse('/course?module=1&view=quiz');
    await userEvent.click(await screen.findByRole('radio', { name: /A broker/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByTestId('quiz-error')).toHaveTextContent(
      /Your answer could not be checked: .*Service unavailable.* Please submit it again\./,
    );
    expect(screen.queryByTestId('quiz-feedback')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /A broker/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /A broker/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByTestId('quiz-feedback')).toHaveTextContent(
      'Incorrect. The correct answer is B.',
    );
    expect(screen.getByTestId('quiz-why-wrong')).toHaveTextContent('A broker acts for one side only.');
    expect(screen.queryByTestId('quiz-error')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/quiz/attempt')).toHaveLength(2);
  });

  it('opened directly with lessons still to finish, names them with Back to Module instead of the questions', async () => {
    const { calls } = startServer({ progress: [done(1, 2)] });
    renderCourse('/course?module=1&view=quiz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 1 Quiz' })).toBeInTheDocument();
    const notice = await screen.findByTestId('lessons-to-finish');
    expect(notice).toHaveTextContent('Finish every lesson to take the quiz');
    expect(notice).toHaveTextContent('3 lessons are still to finish:');
    expect(
      within(notice)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Lesson 1: Futures in Plain Words', '/course?module=1&lesson=1'],
      ['Lesson 3: Exchanges and Clearing', '/course?module=1&lesson=3'],
      ['Lesson 4: Hedgers and Speculators', '/course?module=1&lesson=4'],
      ['Back to Module', '/course?module=1&view=lessons'],
    ]);
    expect(screen.queryByTestId('quiz-question')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Answer' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(notice).getByRole('link', { name: 'Back to Module' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Futures in Plain Words' }),
    ).toBeInTheDocument();
  });

  it("says 'No quiz questions available for this module.' when there are none", async () => {
    startServer({ quiz: [] });
    renderCourse('/course?module=1&view=quiz');
    expect(await screen.findByText('No quiz questions available for this module.')).toBeInTheDocument();
  });
});
