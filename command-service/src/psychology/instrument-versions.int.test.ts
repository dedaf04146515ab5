/**
 * The instrument's versions, read from files: the current version can be answered by someone who has never
 * traded; the published 1.0 and 2.0 stay exactly as they were published (fixtures/, pinned by content hash),
 * so their results keep their numbers and their wording; and every archetype description of the current
 * version claims only what its rule, after the rules before it, guarantees.
 */
import {
  type PsychologyCategory,
  type PsychologyResponse,
  psychologyCategories,
  psychologyCategoryLabels,
} from '@tickwise/contracts';
import { hashContent } from '../catalog/course-content';
import { type Instrument, loadInstrument } from './instrument';
import { type CategoryScores, parseRule, pickArchetype, type RuleInput, scoreResponses } from './scoring';
import { publishedInstrument } from './test-support';

const CURRENT = loadInstrument();
const V1 = publishedInstrument('1.0');
const V2 = publishedInstrument('2.0');

const sheet = (instrument: Instrument, answer: (id: number) => number): PsychologyResponse[] =>
  instrument.questions.map((q) => ({ questionId: q.id, value: answer(q.id) }));
const idsOf = (instrument: Instrument, category: PsychologyCategory) =>
  instrument.questions.filter((q) => q.category === category).map((q) => q.id);
/** "Strong" in either direction: 70 or more, or its mirror, 30 or less. */
const strong = (score: number) => score >= 70 || score <= 30;
const STRENGTH_PROFILES = ['Disciplined Strategist', 'Steady Rule-Keeper', 'Reflective Learner'];

describe('the current version: a true beginner can answer every statement', () => {
  /**
   * Wording that presupposes trading, money already put at risk or a trader's routine: someone who has never
   * traded can only answer "Neutral" or "Disagree" to it, which the scoring reads as behaviour.
   */
  const PRESUPPOSES =
    /\b(trad(e|es|ed|ing|er|ers)|markets?|positions?|broker|futures|contracts?|invest\w*|session|routines?|practi[sc]\w*|loss limit|commit\w*|put (in|into)|money into|if I were)\b/i;
  const presupposing = (instrument: Instrument) =>
    instrument.questions.filter((q) => PRESUPPOSES.test(q.question)).map((q) => q.id);

  test('it is a new version: 3.0, after the published 1.0 and 2.0', () => {
    expect([V1.version, V2.version, CURRENT.version]).toEqual(['1.0', '2.0', '3.0']);
  });

  test('no statement presupposes trading, money at risk or a routine (2.0 had eight)', () => {
    expect(presupposing(CURRENT)).toEqual([]);
    // The review's items (15, 20 and 21-24) and two more of the same kind (19 "or in a trade", 25 "If I were trading").
    expect(presupposing(V2)).toEqual([15, 19, 20, 21, 22, 23, 24, 25]);
  });

  test('the items that changed from 2.0 are exactly those; the rest, their categories and keys are kept', () => {
    const changed = CURRENT.questions
      .filter((q, i) => q.question !== V2.questions[i]?.question)
      .map((q) => q.id);
    expect(changed).toEqual([15, 19, 20, 21, 22, 23, 24, 25]);
    const shape = (i: Instrument) =>
      i.questions.map(({ id, category, reverseKeyed }) => [id, category, reverseKeyed]);
    expect(shape(CURRENT)).toEqual(shape(V2));
  });

  test.each([1, 2, 3, 4, 5])(
    'the same answer (%d) to every statement, as someone to whom nothing applies might give: 40 to 60 everywhere, no profile',
    (value) => {
      const { categories, overall } = scoreResponses(
        CURRENT.questions,
        sheet(CURRENT, () => value),
      );
      for (const category of psychologyCategories) {
        expect(categories[category]).toBeGreaterThanOrEqual(40);
        expect(categories[category]).toBeLessThanOrEqual(60);
      }
      expect(pickArchetype(CURRENT.archetypes, { categories, overall }).name).toBe('Developing Trader');
    },
  );

  test('every mix of Neutral and Disagree (a beginner unsure of themselves) gives no strong score in any direction', () => {
    // A category's score depends on its own five answers only, so every mix is every category's 32 mixes.
    for (const category of psychologyCategories) {
      const ids = idsOf(CURRENT, category);
      for (let mask = 0; mask < 2 ** ids.length; mask += 1) {
        const answers = new Map(ids.map((id, bit) => [id, mask & (1 << bit) ? 2 : 3]));
        const { categories, overall } = scoreResponses(
          CURRENT.questions,
          sheet(CURRENT, (id) => answers.get(id) ?? 3),
        );
        expect(strong(categories[category])).toBe(false);
        expect(STRENGTH_PROFILES).not.toContain(
          pickArchetype(CURRENT.archetypes, { categories, overall }).name,
        );
      }
    }
  });

  test('the all-Neutral sheet: 50 everywhere, the fallback profile, whose description claims nothing else', () => {
    const scores = scoreResponses(
      CURRENT.questions,
      sheet(CURRENT, () => 3),
    );
    expect(scores.overall).toBe(50);
    const archetype = pickArchetype(CURRENT.archetypes, scores);
    expect(archetype.rule).toBe('otherwise');
    expect(archetype.description).toMatch(/^Every one of your six category scores is 40 or more\./);
  });
});

describe('the published versions stay as they were, and so do their results', () => {
  test('the fixtures are the content published as 1.0 and 2.0 (same content hash)', () => {
    expect(hashContent(V1)).toBe('67cc122bb6c98f3a5b8463262f4711d8c19865612dfae9c118a6027e43c29e9a');
    expect(hashContent(V2)).toBe('395a59ab146cba9026f48dfb9ec722b4e992a0cbe2f9bc84347f4f69b648a988');
    expect(hashContent(CURRENT)).not.toBe(hashContent(V2));
  });

  test("the review's case under 2.0: a beginner who has never put money at risk got a strong Risk Management score", () => {
    // Neutral to everything, and Strongly Disagree to the two reversed money items (22, 24) because they had
    // never done either: the reversal turns "never happened" into the best item score.
    const beginner = sheet(V2, (id) => (id === 22 || id === 24 ? 1 : 3));
    const { categories } = scoreResponses(V2.questions, beginner);
    expect(categories.riskManagement).toBe(70);
  });

  test("a 2.0 answer sheet scores and is labelled as it was: the scoring and 2.0's rules are unchanged", () => {
    // Risk Management far below the rest (21-25 all answered the worst way), everything else Agree.
    const answers = sheet(V2, (id) => (id >= 21 && id <= 25 ? ([22, 24].includes(id) ? 5 : 1) : 4));
    const scores = scoreResponses(V2.questions, answers);
    // Plain items 4 and reversed items 2 → 4+2+4+4+2 (or 4+2+4+2+4) = 16 → 55; Risk Management 1+1+1+1+1 = 5 → 0.
    const rounded = Object.fromEntries(
      psychologyCategories.map((c) => [c, Math.round(scores.categories[c])]),
    );
    expect(rounded).toEqual({
      emotionalIntelligence: 55,
      cognitiveControl: 55,
      stressResilience: 55,
      behavioralDiscipline: 55,
      riskManagement: 0,
      performanceOptimization: 55,
    });
    const archetype = pickArchetype(V2.archetypes, scores);
    expect(archetype.name).toBe('Focused Improver');
    // Described in 2.0's own wording, which is kept for 2.0 results even though 3.0 words it differently.
    expect(archetype.description).toMatch(
      /^At least one of your categories is well below the midpoint, under 40/,
    );
    expect(CURRENT.archetypes.find((a) => a.name === 'Focused Improver')?.description).not.toBe(
      archetype.description,
    );
  });

  test('1.0 and 2.0 keep the archetype names a stored result may carry', () => {
    expect(V1.archetypes.map((a) => a.name)).toEqual([
      'Disciplined Strategist',
      'In-the-Moment Trader',
      'Pressure-Sensitive Trader',
      'Steady Rule-Keeper',
      'Reflective Learner',
      'Developing Trader',
    ]);
    expect(V2.archetypes.map((a) => a.name)).toEqual(CURRENT.archetypes.map((a) => a.name));
  });
});

// ---- the profile text rule ----

type Claim = { text: string; holds: (input: RuleInput) => boolean };
const LABELS = Object.entries(psychologyCategoryLabels) as Array<[PsychologyCategory, string]>;
const labelPattern = LABELS.map(([, label]) => label).join('|');
const TERM = String.raw`(under \d+|\d+ or more)`;
const compare = (term: string) => {
  const limit = Number(/\d+/.exec(term)?.[0]);
  return term.startsWith('under') ? (v: number) => v < limit : (v: number) => v >= limit;
};
const categoryOf = (label: string) => LABELS.find(([, l]) => l === label)?.[0] as PsychologyCategory;
const lowest = (input: RuleInput) => Math.min(...psychologyCategories.map((c) => input.categories[c]));
const highest = (input: RuleInput) => Math.max(...psychologyCategories.map((c) => input.categories[c]));

/** The score statements a description makes, in the fixed forms the instrument's header lists. */
const CLAIM_FORMS: Array<[RegExp, (m: RegExpExecArray) => (input: RuleInput) => boolean]> = [
  [
    new RegExp(`[Yy]our (${labelPattern}) and (${labelPattern}) scores are both ${TERM}`, 'g'),
    (m) => (input) =>
      compare(m[3] ?? '')(input.categories[categoryOf(m[1] ?? '')]) &&
      compare(m[3] ?? '')(input.categories[categoryOf(m[2] ?? '')]),
  ],
  [
    new RegExp(`[Yy]our (${labelPattern}) score is ${TERM}`, 'g'),
    (m) => (input) => compare(m[2] ?? '')(input.categories[categoryOf(m[1] ?? '')]),
  ],
  [
    new RegExp(`Every one of your six category scores is ${TERM}`, 'g'),
    (m) => (input) => {
      const term = m[1] ?? '';
      return term.startsWith('under') ? compare(term)(highest(input)) : compare(term)(lowest(input));
    },
  ],
  [
    new RegExp(`At least one of your category scores is ${TERM}`, 'g'),
    (m) => (input) => {
      const term = m[1] ?? '';
      return term.startsWith('under') ? compare(term)(lowest(input)) : compare(term)(highest(input));
    },
  ],
  [new RegExp(`[Yy]our overall score is ${TERM}`, 'g'), (m) => (input) => compare(m[1] ?? '')(input.overall)],
];

function claimsOf(description: string): { claims: Claim[]; rest: string } {
  const claims: Claim[] = [];
  let rest = description;
  for (const [pattern, predicate] of CLAIM_FORMS) {
    for (const match of description.matchAll(pattern)) {
      claims.push({ text: match[0], holds: predicate(match as RegExpExecArray) });
      rest = rest.replace(match[0], ' ');
    }
  }
  return { claims, rest };
}

/**
 * Category profiles on a grid that straddles every number the rules and descriptions use (each number and
 * 5 below it, scores moving in steps of 5), plus 0 and 100; overall is their mean, as the server computes it.
 */
function* profiles(instrument: Instrument): Generator<RuleInput> {
  const numbers = [
    ...instrument.archetypes.map((a) => a.rule),
    ...instrument.archetypes.map((a) => a.description),
  ]
    .flatMap((text) => [...text.matchAll(/\b\d+\b/g)].map((m) => Number(m[0])))
    .filter((n) => n <= 100);
  const values = [...new Set([0, 100, ...numbers.flatMap((n) => [n - 5, n])])]
    .filter((n) => n >= 0 && n <= 100)
    .sort((a, b) => a - b);
  for (const emotionalIntelligence of values)
    for (const cognitiveControl of values)
      for (const stressResilience of values)
        for (const behavioralDiscipline of values)
          for (const riskManagement of values)
            for (const performanceOptimization of values) {
              const categories: CategoryScores = {
                emotionalIntelligence,
                cognitiveControl,
                stressResilience,
                behavioralDiscipline,
                riskManagement,
                performanceOptimization,
              };
              const sum =
                emotionalIntelligence +
                cognitiveControl +
                stressResilience +
                behavioralDiscipline +
                riskManagement +
                performanceOptimization;
              yield { categories, overall: sum / 6 };
            }
}

describe('the profile text rule: a description says only what its rule guarantees', () => {
  const archetypes = CURRENT.archetypes.map((a) => ({
    ...a,
    ...claimsOf(a.description),
    test: parseRule(a.rule),
  }));

  test.each(CURRENT.archetypes.map((a) => [a.name, a.description]))(
    '%s states at least one score fact, and names no score, category or number outside the fixed forms',
    (_name, description) => {
      const { claims, rest } = claimsOf(description);
      expect(claims.length).toBeGreaterThan(0);
      expect(rest).not.toMatch(
        new RegExp(String.raw`\b(scores?|categor\w*|midpoint|overall|areas?)\b|\d|${labelPattern}`, 'i'),
      );
    },
  );

  test('every claim holds for every profile that reaches the archetype, and every archetype is reachable', () => {
    const reached = new Map<string, number>();
    const broken: string[] = [];
    for (const input of profiles(CURRENT)) {
      const archetype = archetypes.find((a) => a.test(input));
      if (!archetype) throw new Error('no archetype matched');
      reached.set(archetype.name, (reached.get(archetype.name) ?? 0) + 1);
      for (const claim of archetype.claims) {
        if (!claim.holds(input) && broken.length < 5)
          broken.push(`${archetype.name}: "${claim.text}" fails for ${JSON.stringify(input)}`);
      }
    }
    expect(broken).toEqual([]);
    expect([...reached.keys()].sort()).toEqual(CURRENT.archetypes.map((a) => a.name).sort());
  });

  test("the check catches an over-claim: 2.0's Focused Improver text said the other categories were at the midpoint or above", () => {
    // Under 2.0's rules a profile reaches Focused Improver with a second category below the midpoint (50).
    const input: RuleInput = {
      categories: {
        emotionalIntelligence: 30,
        cognitiveControl: 55,
        stressResilience: 55,
        behavioralDiscipline: 55,
        riskManagement: 45,
        performanceOptimization: 55,
      },
      overall: 295 / 6,
    };
    const archetype = pickArchetype(V2.archetypes, input);
    expect(archetype.name).toBe('Focused Improver');
    expect(archetype.description).toMatch(
      /other areas, including your stress resilience, are at the midpoint or above/,
    );
    expect(psychologyCategories.filter((c) => input.categories[c] < 50)).toHaveLength(2);
    // 3.0 claims only what holds (checked on the grid above): these two statements.
    const current = archetypes.find((a) => a.name === 'Focused Improver');
    expect(current?.claims.map((c) => c.text).sort()).toEqual([
      'At least one of your category scores is under 40',
      'your Stress Resilience score is 40 or more',
    ]);
  });

  test('a made-up over-claim is caught on the grid', () => {
    const overclaiming = CURRENT.archetypes.map((a) =>
      a.name === 'Focused Improver'
        ? {
            ...a,
            description:
              'At least one of your category scores is under 40, and your Risk Management score is 40 or more.',
          }
        : a,
    );
    const rules = overclaiming.map((a) => ({ ...a, ...claimsOf(a.description), test: parseRule(a.rule) }));
    let caught: RuleInput | undefined;
    for (const input of profiles(CURRENT)) {
      const archetype = rules.find((a) => a.test(input));
      if (archetype?.claims.some((c) => !c.holds(input))) {
        caught = input;
        break;
      }
    }
    expect(caught?.categories.riskManagement).toBeLessThan(40);
  });
});
