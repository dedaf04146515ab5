import type { AnswerFeedback } from '@tickwise/contracts';
import {
  type CompletionDeps,
  completeQuiz,
  gradedCorrect,
  initialQuizState,
  type QuizAction,
  quizReducer,
} from './quiz-state';

const run = (total: number, ...actions: QuizAction[]) => actions.reduce(quizReducer, initialQuizState(total));

const right: AnswerFeedback = { isCorrect: true, correctAnswer: 3, explanation: 'Why C.', whyWrong: null };
const wrong: AnswerFeedback = {
  isCorrect: false,
  correctAnswer: 1,
  explanation: 'Why A.',
  whyWrong: 'Not B.',
};
/** Choose, submit and get the server's grading back. */
const answered = (option: number, feedback: AnswerFeedback): QuizAction[] => [
  { type: 'choose', option },
  { type: 'submit' },
  { type: 'graded', feedback },
];

describe('the quiz flow', () => {
  it('Submit needs a choice; it checks the answer with the server, locked, then shows its feedback', () => {
    expect(run(3, { type: 'submit' }).phase).toBe('answering');
    const checking = run(3, { type: 'choose', option: 2 }, { type: 'submit' });
    expect(checking).toMatchObject({ phase: 'checking', answers: [null, null, null] });
    // Locked while the server grades it: no other choice, no Previous, no second submit.
    expect(quizReducer(checking, { type: 'choose', option: 1 })).toBe(checking);
    expect(quizReducer(checking, { type: 'previous' })).toBe(checking);
    expect(quizReducer(checking, { type: 'submit' })).toBe(checking);
    const shown = quizReducer(checking, { type: 'graded', feedback: right });
    expect(shown).toMatchObject({ phase: 'feedback', index: 0, answers: [2, null, null] });
    expect(shown.feedback).toEqual([right, null, null]);
    expect(quizReducer(shown, { type: 'choose', option: 1 })).toBe(shown);
    expect(quizReducer(shown, { type: 'previous' })).toBe(shown);
    const next = quizReducer(shown, { type: 'advance' });
    expect(next).toMatchObject({ phase: 'answering', index: 1, selected: null });
  });

  it('a submission that fails keeps the choice, says why, and can be sent again', () => {
    const failed = run(
      3,
      { type: 'choose', option: 2 },
      { type: 'submit' },
      { type: 'failed', error: 'offline' },
    );
    expect(failed).toMatchObject({
      phase: 'answering',
      selected: 2,
      error: 'offline',
      answers: [null, null, null],
    });
    const again = quizReducer(failed, { type: 'submit' });
    expect(again).toMatchObject({ phase: 'checking', error: null });
    // A grading that arrives when none is awaited changes nothing.
    expect(quizReducer(failed, { type: 'graded', feedback: right })).toBe(failed);
  });

  it('Previous is off on the first question and brings back the earlier answer; answering again replaces it', () => {
    expect(run(3, { type: 'previous' }).index).toBe(0);
    const state = run(3, ...answered(1, wrong), { type: 'advance' }, { type: 'previous' });
    expect(state).toMatchObject({ index: 0, selected: 1, phase: 'answering' });
    const again = [...answered(2, right), { type: 'advance' } as const].reduce(quizReducer, state);
    expect(again).toMatchObject({ index: 1, answers: [2, null, null] });
    expect(again.feedback).toEqual([right, null, null]);
  });

  it('after the last feedback the quiz completes, then is done; Retake resets everything', () => {
    const state = run(2, ...answered(0, wrong), { type: 'advance' }, ...answered(2, right), {
      type: 'advance',
    });
    expect(state).toMatchObject({ phase: 'completing', index: 1, answers: [0, 2] });
    expect(gradedCorrect(state)).toEqual([false, true]);
    const done = quizReducer(state, { type: 'completed' });
    expect(done.phase).toBe('done');
    expect(quizReducer(done, { type: 'reset', total: 2 })).toEqual(initialQuizState(2));
  });

  it('counts only what the server graded right (unanswered is wrong)', () => {
    expect(gradedCorrect({ feedback: [right, null, wrong] })).toEqual([true, false, false]);
  });
});

describe('completing a quiz', () => {
  function fakeDeps(overrides: Partial<CompletionDeps> = {}) {
    const calls: string[] = [];
    const deps: CompletionDeps = {
      postCompletion: async (moduleId) => {
        calls.push(`complete ${moduleId}`);
      },
      fetchResults: async () => {
        calls.push('results');
        return [
          { moduleId: 2, score: 10 },
          { moduleId: 1, score: 67 },
          { moduleId: 1, score: 5 },
        ];
      },
      log: (message) => calls.push(`log ${message}`),
      ...overrides,
    };
    return { calls, deps };
  }

  it('completes the module quiz, then reads the score the server recorded (newest result first)', async () => {
    const { calls, deps } = fakeDeps();
    const outcome = await completeQuiz(deps, 1, [true, false, true]);
    expect(calls).toEqual(['complete 1', 'results']);
    expect(outcome).toEqual({ correct: [true, false, true], recordedScore: 67, completionError: null });
  });

  it('a refused completion is reported and no score is read', async () => {
    const { calls, deps } = fakeDeps({
      postCompletion: async () => {
        throw { status: 422, message: '422: Complete every lesson of module 1 before its quiz (1 left)' };
      },
    });
    const outcome = await completeQuiz(deps, 1, [true]);
    expect(outcome.completionError).toBe('422: Complete every lesson of module 1 before its quiz (1 left)');
    expect(outcome.recordedScore).toBeNull();
    expect(calls).not.toContain('results');
  });

  it('results that cannot be read are logged; the completion still counts', async () => {
    const { calls, deps } = fakeDeps({
      fetchResults: async () => {
        throw new Error('offline');
      },
    });
    const outcome = await completeQuiz(deps, 1, [true]);
    expect(outcome).toEqual({ correct: [true], recordedScore: null, completionError: null });
    expect(calls).toEqual(['complete 1', 'log Failed to fetch quiz results']);
  });
});
