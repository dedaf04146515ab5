import {
  type AssessmentAction,
  answerOf,
  assessmentReducer,
  canAdvance,
  initialAssessment,
  responsesOf,
} from './assessment-state';

const ids = [11, 12, 13];
const run = (...actions: AssessmentAction[]) => actions.reduce(assessmentReducer, initialAssessment);

describe('the assessment in progress', () => {
  it('starts at question 1 with no answers; Next is not allowed until it is answered', () => {
    expect(initialAssessment).toEqual({ index: 0, answers: {} });
    expect(canAdvance(initialAssessment, ids)).toBe(false);
    expect(canAdvance(run({ type: 'answer', questionId: 11, value: 3 }), ids)).toBe(true);
  });

  it('an answer to another question does not unlock the one shown', () => {
    expect(canAdvance(run({ type: 'answer', questionId: 12, value: 3 }), ids)).toBe(false);
  });

  it('changing an answer replaces the earlier one', () => {
    const state = run(
      { type: 'answer', questionId: 11, value: 2 },
      { type: 'answer', questionId: 11, value: 5 },
    );
    expect(answerOf(state, 11)).toBe(5);
    expect(Object.keys(state.answers)).toEqual(['11']);
  });

  it('Next and Previous move within the questions and keep the answers', () => {
    const state = run(
      { type: 'answer', questionId: 11, value: 4 },
      { type: 'next', total: 3 },
      { type: 'answer', questionId: 12, value: 1 },
      { type: 'next', total: 3 },
      { type: 'next', total: 3 },
    );
    expect(state.index).toBe(2);
    const back = run({ type: 'previous' });
    expect(back.index).toBe(0);
    expect(assessmentReducer(state, { type: 'previous' })).toEqual({ index: 1, answers: { 11: 4, 12: 1 } });
  });

  it('the answer sheet is in question order once every question is answered', () => {
    const partial = run(
      { type: 'answer', questionId: 13, value: 2 },
      { type: 'answer', questionId: 11, value: 4 },
    );
    expect(responsesOf(partial, ids)).toBeNull();
    const full = assessmentReducer(partial, { type: 'answer', questionId: 12, value: 5 });
    expect(responsesOf(full, ids)).toEqual([
      { questionId: 11, value: 4 },
      { questionId: 12, value: 5 },
      { questionId: 13, value: 2 },
    ]);
  });

  it('Retake goes back to question 1 with every answer cleared', () => {
    const state = run(
      { type: 'answer', questionId: 11, value: 4 },
      { type: 'next', total: 3 },
      { type: 'answer', questionId: 12, value: 1 },
      { type: 'retake' },
    );
    expect(state).toEqual(initialAssessment);
  });
});
