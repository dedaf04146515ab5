import {
  type CompletionDeps,
  completeQuiz,
  initialQuizState,
  type QuizAction,
  quizReducer,
} from './quiz-state';

const run = (total: number, ...actions: QuizAction[]) => actions.reduce(quizReducer, initialQuizState(total));

describe('the quiz flow', () => {
  it('Submit needs a choice; feedback locks the choice and Previous; then the next question', () => {
    let state = run(3, { type: 'submit' });
    expect(state.phase).toBe('answering');
    state = run(3, { type: 'choose', option: 2 }, { type: 'submit' });
    expect(state).toMatchObject({ phase: 'feedback', index: 0, answers: [2, null, null] });
    expect(quizReducer(state, { type: 'choose', option: 1 })).toBe(state);
    expect(quizReducer(state, { type: 'previous' })).toBe(state);
    state = quizReducer(state, { type: 'advance' });
    expect(state).toMatchObject({ phase: 'answering', index: 1, selected: null });
  });

  it('Previous is off on the first question and brings back the earlier answer', () => {
    expect(run(3, { type: 'previous' }).index).toBe(0);
    const state = run(
      3,
      { type: 'choose', option: 1 },
      { type: 'submit' },
      { type: 'advance' },
      { type: 'previous' },
    );
    expect(state).toMatchObject({ index: 0, selected: 1, phase: 'answering' });
    // Answering again replaces the earlier answer.
    const again = [{ type: 'choose', option: 3 }, { type: 'submit' }, { type: 'advance' }] as const;
    expect(again.reduce(quizReducer, state)).toMatchObject({ index: 1, answers: [3, null, null] });
  });

  it('after the last feedback the quiz completes, then is done; Retake resets everything', () => {
    const state = run(
      2,
      { type: 'choose', option: 0 },
      { type: 'submit' },
      { type: 'advance' },
      { type: 'choose', option: 1 },
      { type: 'submit' },
      { type: 'advance' },
    );
    expect(state).toMatchObject({ phase: 'completing', index: 1, answers: [0, 1] });
    const done = quizReducer(state, { type: 'completed' });
    expect(done.phase).toBe('done');
    expect(quizReducer(done, { type: 'reset', total: 2 })).toEqual(initialQuizState(2));
  });
});

describe('completing a quiz', () => {
  const questions = [
    { id: 101, correctAnswer: 2 },
    { id: 102, correctAnswer: 1 },
    { id: 103, correctAnswer: 4 },
  ];

  function fakeDeps(overrides: Partial<CompletionDeps> = {}) {
    const calls: string[] = [];
    const deps: CompletionDeps = {
      postAttempt: async (body) => {
        calls.push(`attempt ${body.questionId} ${body.selectedAnswer} ${body.isCorrect}`);
        return { isCorrect: body.isCorrect };
      },
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

  it('sends one attempt per question in order (selectedAnswer 0-based), then the completion, then reads the score', async () => {
    const { calls, deps } = fakeDeps();
    const outcome = await completeQuiz(deps, 1, questions, [1, 2, 3]);
    expect(calls).toEqual([
      'attempt 101 1 true',
      'attempt 102 2 false',
      'attempt 103 3 true',
      'complete 1',
      'results',
    ]);
    expect(outcome).toEqual({ correct: [true, false, true], recordedScore: 67, completionError: null });
  });

  it("counts by the server's grading, and the server's score is the record", async () => {
    const { deps } = fakeDeps({ postAttempt: async () => ({ isCorrect: false }) });
    const outcome = await completeQuiz(deps, 1, questions, [1, 0, 3]);
    expect(outcome.correct).toEqual([false, false, false]);
    expect(outcome.recordedScore).toBe(67);
  });

  it('a failed attempt is only logged (graded here) and the rest carry on', async () => {
    const { calls, deps } = fakeDeps({
      postAttempt: async (body) => {
        if (body.questionId === 102) throw { status: 500, message: '500: boom' };
        calls.push(`attempt ${body.questionId}`);
        return { isCorrect: body.isCorrect };
      },
    });
    const outcome = await completeQuiz(deps, 1, questions, [1, 0, 0]);
    expect(calls).toEqual([
      'attempt 101',
      'log Failed to record the answer to question 102',
      'attempt 103',
      'complete 1',
      'results',
    ]);
    expect(outcome.correct).toEqual([true, true, false]);
  });

  it('a refused completion is reported and no score is read', async () => {
    const { calls, deps } = fakeDeps({
      postCompletion: async () => {
        throw { status: 422, message: '422: Complete every lesson of module 1 before its quiz (1 left)' };
      },
    });
    const outcome = await completeQuiz(deps, 1, questions, [1, 0, 3]);
    expect(outcome.completionError).toBe('422: Complete every lesson of module 1 before its quiz (1 left)');
    expect(outcome.recordedScore).toBeNull();
    expect(calls).not.toContain('results');
  });
});
