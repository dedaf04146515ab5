/**
 * Scoring the psychology instrument: item scores with reverse keying, category = percent of the category's
 * range, overall = mean of the six; complete-sheet checks; the archetype rule grammar and first-match-wins
 * order.
 */
import type { PsychologyCategory, PsychologyItem } from '@tickwise/contracts';
import { psychologyCategories } from '@tickwise/contracts';
import {
  type CategoryScores,
  itemScore,
  parseRule,
  pickArchetype,
  type RuleInput,
  responsesProblem,
  scoreResponses,
} from './scoring';
import {
  INSTRUMENT,
  MIXED_ARCHETYPE,
  MIXED_OVERALL,
  MIXED_SCORES,
  MIXED_SHEET,
  QUESTION_IDS,
  sheetOf,
  uniformSheet,
} from './test-support';

const ITEMS = INSTRUMENT.questions;
const ARCHETYPES = INSTRUMENT.archetypes;
const every = (score: number): CategoryScores =>
  Object.fromEntries(psychologyCategories.map((c) => [c, score])) as CategoryScores;

/** A category profile (50 unless given) with overall = the mean of the six, as the server computes it. */
function profile(scores: Partial<CategoryScores> = {}, base = 50): RuleInput {
  const categories = { ...every(base), ...scores };
  const overall =
    psychologyCategories.reduce((sum, c) => sum + categories[c], 0) / psychologyCategories.length;
  return { categories, overall };
}

describe('itemScore', () => {
  test('a plain item scores its value', () => {
    expect([1, 2, 3, 4, 5].map((v) => itemScore({ reverseKeyed: false }, v))).toEqual([1, 2, 3, 4, 5]);
  });
  test('a reverse-keyed item scores 6 − value', () => {
    expect([1, 2, 3, 4, 5].map((v) => itemScore({ reverseKeyed: true }, v))).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('scoreResponses on the authored instrument', () => {
  test('all 3s → 50 in every category and overall 50', () => {
    expect(scoreResponses(ITEMS, uniformSheet(3))).toEqual({ categories: every(50), overall: 50 });
  });

  test('all 5s is NOT 100: 2 of 5 items are reversed → 60 everywhere', () => {
    const { categories, overall } = scoreResponses(ITEMS, uniformSheet(5));
    expect(categories).toEqual(every(60));
    expect(overall).toBe(60);
  });

  test('all 1s → 40 everywhere (the mirror of all 5s)', () => {
    expect(scoreResponses(ITEMS, uniformSheet(1))).toEqual({ categories: every(40), overall: 40 });
  });

  test('agreeing with plain items and disagreeing with reversed ones → 100; the opposite → 0', () => {
    const reversed = new Set(ITEMS.filter((q) => q.reverseKeyed).map((q) => q.id));
    const best = sheetOf((id) => (reversed.has(id) ? 1 : 5));
    const worst = sheetOf((id) => (reversed.has(id) ? 5 : 1));
    expect(scoreResponses(ITEMS, best)).toEqual({ categories: every(100), overall: 100 });
    expect(scoreResponses(ITEMS, worst)).toEqual({ categories: every(0), overall: 0 });
  });

  test('a hand-computed mixed sheet: 100, 0, 70, 25, 60, 50; overall 50.83 unrounded', () => {
    const { categories, overall } = scoreResponses(ITEMS, MIXED_SHEET);
    expect(categories).toEqual(MIXED_SCORES);
    expect(overall).toBeCloseTo(MIXED_OVERALL, 10);
    expect(overall).not.toBe(Math.round(overall));
  });

  test('the order of the responses does not matter', () => {
    expect(scoreResponses(ITEMS, [...MIXED_SHEET].reverse())).toEqual(scoreResponses(ITEMS, MIXED_SHEET));
  });

  test('a small hand-made instrument: (sum − n) / 4n × 100 per category', () => {
    const items: PsychologyItem[] = [
      { id: 1, question: 'a', category: 'riskManagement', reverseKeyed: false },
      { id: 2, question: 'b', category: 'riskManagement', reverseKeyed: true },
      { id: 3, question: 'c', category: 'stressResilience', reverseKeyed: false },
    ];
    // riskManagement: 4 + (6 − 2) = 8 → (8 − 2) / 8 = 75; stressResilience: 2 → 1 / 4 = 25; others empty → 0.
    const { categories, overall } = scoreResponses(items, [
      { questionId: 1, value: 4 },
      { questionId: 2, value: 2 },
      { questionId: 3, value: 2 },
    ]);
    expect(categories).toEqual({ ...every(0), riskManagement: 75, stressResilience: 25 });
    expect(overall).toBeCloseTo(100 / 6, 10);
  });
});

describe('responsesProblem', () => {
  test('a complete sheet (each of the 30 once, any order) → undefined', () => {
    expect(responsesProblem(ITEMS, MIXED_SHEET)).toBeUndefined();
    expect(responsesProblem(ITEMS, [...MIXED_SHEET].reverse())).toBeUndefined();
  });

  test('one question missing → names it', () => {
    const sheet = uniformSheet(3).filter((r) => r.questionId !== 17);
    expect(responsesProblem(ITEMS, sheet)).toBe(
      'responses: every question must be answered; missing question 17',
    );
  });

  test('several missing → names them all', () => {
    const sheet = uniformSheet(3).filter((r) => r.questionId > 27);
    expect(responsesProblem(ITEMS, sheet)).toBe(
      `responses: every question must be answered; missing questions ${QUESTION_IDS.filter((id) => id <= 27).join(', ')}`,
    );
  });

  test('a question answered twice → names the index and the question', () => {
    const sheet = [...uniformSheet(3), { questionId: 4, value: 5 }];
    expect(responsesProblem(ITEMS, sheet)).toBe('responses.30.questionId: question 4 is answered twice');
    // Twice in place of another: the duplicate is reported (not only the missing one).
    const swapped = uniformSheet(3).map((r) => (r.questionId === 2 ? { questionId: 1, value: 4 } : r));
    expect(responsesProblem(ITEMS, swapped)).toBe('responses.1.questionId: question 1 is answered twice');
  });

  test('an unknown question → names the index and the id', () => {
    const sheet = [...uniformSheet(3).slice(0, 5), { questionId: 31, value: 3 }, ...uniformSheet(3).slice(5)];
    expect(responsesProblem(ITEMS, sheet)).toBe('responses.5.questionId: unknown question 31');
  });
});

describe('parseRule', () => {
  const at = (name: 'overall' | PsychologyCategory, value: number): RuleInput =>
    name === 'overall' ? { categories: every(50), overall: value } : profile({ [name]: value });

  test.each<[string, number, boolean]>([
    ['overall >= 50', 50, true],
    ['overall >= 50', 49.9, false],
    ['overall > 50', 50, false],
    ['overall > 50', 50.1, true],
    ['overall <= 50', 50, true],
    ['overall <= 50', 50.1, false],
    ['overall < 50', 50, false],
    ['overall < 50', 49.9, true],
    ['overall >= 62.5', 62.5, true],
    ['overall >= 62.5', 62.4, false],
    ['overall>=50', 50, true],
  ])('"%s" with overall %d → %s', (rule, overall, expected) => {
    expect(parseRule(rule)(at('overall', overall))).toBe(expected);
  });

  test.each(psychologyCategories)('the category name %s compares that category only', (category) => {
    const rule = parseRule(`${category} >= 70`);
    expect(rule(profile({ [category]: 70 }))).toBe(true);
    expect(rule(profile({ [category]: 65 }))).toBe(false);
    // Another category high does not count.
    const other = psychologyCategories.find((c) => c !== category) ?? category;
    expect(rule(profile({ [other]: 100 }))).toBe(false);
  });

  test('lowest is the lowest of the six categories (not overall)', () => {
    const rule = parseRule('lowest >= 60');
    expect(rule(profile({}, 80))).toBe(true);
    expect(rule(profile({ riskManagement: 55 }, 90))).toBe(false);
    expect(rule({ categories: every(60), overall: 0 })).toBe(true);
    expect(parseRule('lowest < 30')(profile({ performanceOptimization: 25 }))).toBe(true);
  });

  test('"and" needs every condition', () => {
    const rule = parseRule('cognitiveControl < 50 and behavioralDiscipline < 50');
    expect(rule(profile({ cognitiveControl: 45, behavioralDiscipline: 45 }))).toBe(true);
    expect(rule(profile({ cognitiveControl: 45, behavioralDiscipline: 50 }))).toBe(false);
    expect(rule(profile({ cognitiveControl: 50, behavioralDiscipline: 45 }))).toBe(false);
    const three = parseRule('overall >= 10 and lowest > 5 and riskManagement <= 90');
    expect(three(profile({}, 50))).toBe(true);
    expect(three(profile({ riskManagement: 95 }, 50))).toBe(false);
  });

  test('"otherwise" always holds (also with surrounding spaces)', () => {
    expect(parseRule('otherwise')(profile({}, 0))).toBe(true);
    expect(parseRule('  otherwise ')(profile({}, 100))).toBe(true);
  });

  test.each(['mood >= 50', 'constructor >= 1', 'emotionalintelligence >= 50', 'Overall >= 50'])(
    'an unknown score name is rejected: "%s"',
    (rule) => {
      expect(() => parseRule(rule)).toThrow(/unknown score/);
    },
  );

  test.each([
    '',
    'sometimes',
    'Otherwise',
    'otherwise and overall >= 50',
    'overall',
    'overall >= ',
    'overall => 50',
    'overall == 50',
    'overall = 50',
    'overall >= fifty',
    'overall >= -5',
    'overall >= 50 or lowest < 10',
    'overall >= 50 and',
    'overall >= 50 AND lowest >= 10',
    '(overall >= 50)',
    'overall >= 50 lowest >= 10',
  ])('garbage is rejected: %j', (rule) => {
    expect(() => parseRule(rule)).toThrow(/cannot read the condition/);
  });
});

describe('pickArchetype on the authored archetypes', () => {
  const pick = (input: RuleInput) => pickArchetype(ARCHETYPES, input).name;

  test('the authored order', () => {
    expect(ARCHETYPES.map((a) => a.name)).toEqual([
      'Disciplined Strategist',
      'In-the-Moment Trader',
      'Pressure-Sensitive Trader',
      'Steady Rule-Keeper',
      'Reflective Learner',
      'Focused Improver',
      'Developing Trader',
    ]);
  });

  test.each<[string, Partial<CategoryScores>, number]>([
    ['Disciplined Strategist', {}, 80],
    ['Disciplined Strategist', { stressResilience: 60 }, 80],
    ['In-the-Moment Trader', { cognitiveControl: 35, behavioralDiscipline: 35 }, 50],
    ['Pressure-Sensitive Trader', { stressResilience: 35 }, 60],
    ['Steady Rule-Keeper', { behavioralDiscipline: 70, riskManagement: 75 }, 50],
    ['Reflective Learner', { emotionalIntelligence: 70, performanceOptimization: 90 }, 50],
    ['Focused Improver', { riskManagement: 10 }, 65],
    ['Developing Trader', {}, 50],
  ])('%s is reachable: %j over a base of %d', (name, scores, base) => {
    expect(pick(profile(scores, base))).toBe(name);
  });

  test('every archetype is reachable by some profile above', () => {
    const reached = new Set(
      [
        profile({}, 80),
        profile({ cognitiveControl: 35, behavioralDiscipline: 35 }),
        profile({ stressResilience: 35 }, 60),
        profile({ behavioralDiscipline: 70, riskManagement: 75 }),
        profile({ emotionalIntelligence: 70, performanceOptimization: 90 }),
        profile({ riskManagement: 10 }, 65),
        profile(),
      ].map(pick),
    );
    expect(reached).toEqual(new Set(ARCHETYPES.map((a) => a.name)));
  });

  test('first match wins when several rules hold', () => {
    // All 80: Disciplined Strategist, Steady Rule-Keeper and Reflective Learner all hold.
    expect(pick(profile({}, 80))).toBe('Disciplined Strategist');
    // Impulsive and under pressure: In-the-Moment comes before Pressure-Sensitive.
    expect(pick(profile({ cognitiveControl: 35, behavioralDiscipline: 35, stressResilience: 35 }))).toBe(
      'In-the-Moment Trader',
    );
    // Pressure-Sensitive comes before Steady Rule-Keeper.
    expect(pick(profile({ stressResilience: 35, behavioralDiscipline: 90, riskManagement: 90 }))).toBe(
      'Pressure-Sensitive Trader',
    );
    // Steady Rule-Keeper comes before Reflective Learner.
    expect(pick(profile({}, 70))).toBe('Steady Rule-Keeper');
  });

  test('rules compare unrounded scores: overall 74.99 is not ≥ 75', () => {
    const input = { categories: every(74.99), overall: 74.99 };
    expect(pick(input)).toBe('Steady Rule-Keeper');
    expect(pick({ categories: every(75), overall: 75 })).toBe('Disciplined Strategist');
    // One category at 59.9 keeps lowest under 60.
    expect(pick(profile({ riskManagement: 59.9 }, 90))).toBe('Reflective Learner');
  });

  test('all 3s → Developing Trader; the mixed sheet → In-the-Moment Trader', () => {
    expect(pick(scoreResponses(ITEMS, uniformSheet(3)))).toBe('Developing Trader');
    expect(pick(scoreResponses(ITEMS, MIXED_SHEET))).toBe(MIXED_ARCHETYPE);
    // All 5s → 60 everywhere: no rule before "otherwise" holds.
    expect(pick(scoreResponses(ITEMS, uniformSheet(5)))).toBe('Developing Trader');
    // All 1s → 40 everywhere: one answer repeated says nothing, so no leaning profile (they need under 40).
    expect(pick(scoreResponses(ITEMS, uniformSheet(1)))).toBe('Developing Trader');
    expect(pick(scoreResponses(ITEMS, uniformSheet(2)))).toBe('Developing Trader');
  });

  test('one category far below the rest is not called "Developing Trader", whose description says none is', () => {
    // The reviewer's case: one category at 10, the rest at 65.
    expect(pick(profile({ riskManagement: 10 }, 65))).toBe('Focused Improver');
    // The boundary: under 40 is "well below the midpoint"; 40 is not.
    expect(pick(profile({ emotionalIntelligence: 35 }, 65))).toBe('Focused Improver');
    expect(pick(profile({ emotionalIntelligence: 40 }, 65))).toBe('Developing Trader');
    // Earlier rules still come first: a stress score of 10 is Pressure-Sensitive.
    expect(pick(profile({ stressResilience: 10 }, 65))).toBe('Pressure-Sensitive Trader');
  });

  test('leaning profiles need a score under 40: 40 to 60 is what one answer repeated throughout produces', () => {
    expect(pick(profile({}, 40))).toBe('Developing Trader');
    // In-the-Moment needs both under 40; one of them under 40 is a low category (Focused Improver).
    expect(pick(profile({ cognitiveControl: 40, behavioralDiscipline: 35 }))).toBe('Focused Improver');
    expect(pick(profile({ cognitiveControl: 35, behavioralDiscipline: 35 }))).toBe('In-the-Moment Trader');
    expect(pick(profile({ cognitiveControl: 45, behavioralDiscipline: 45 }))).toBe('Developing Trader');
    expect(pick(profile({ stressResilience: 40 }, 60))).toBe('Developing Trader');
    expect(pick(profile({ stressResilience: 35 }, 60))).toBe('Pressure-Sensitive Trader');
  });

  test('a list whose last rule is not "otherwise" and nothing matches → throws', () => {
    expect(() => pickArchetype([{ rule: 'overall >= 90' }], profile())).toThrow(/otherwise/);
  });
});
