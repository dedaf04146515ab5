// Cues a test-wise learner can use to pick the answer without knowing it, measured on the real course.
// A pure test: it reads the authored content with the same loader as the other content tests and writes
// nothing. Each rule states its threshold; the failure message lists the questions that break it.
//
// 1. "Because" rationales. An option that appends a rationale ("A gain of $750, because …") must not mark
//    a distractor more often than a key: among such options, the share that are keys stays within
//    ±10 percentage points of the share of keys among all options (quizzes and lesson checks apart).
// 2. The bare number. In a question whose options are all figures, no option is the only bare figure among
//    annotated ones (or the only annotated one among bare figures); and where bare and annotated figures are
//    mixed, the share of keys among the bare ones stays within ±10 points of the fair share.
// 3. Lesson checks. The key is strictly the longest option in at most a quarter of the checks (and in at least
//    a tenth, so that "never the longest" does not become the opposite cue), and each answer position is used
//    in proportion: for 3- and for 4-option checks apart, each position's share of keys is within ±10
//    percentage points of the fair share (1/3 or 1/4).

import { type AuthoredQuestion, loadCourse } from '@tickwise/command-service/catalog';

const course = loadCourse();
const quizQuestions = course.modules.flatMap((m) => m.quiz);
const lessonChecks = course.modules.flatMap((m) => m.lessons.flatMap((lesson) => lesson.checks));
const pools = [
  ['quiz questions', quizQuestions],
  ['lesson checks', lessonChecks],
] as const;

const TOLERANCE = 0.1;
const isKey = (q: AuthoredQuestion, index: number) => index === q.correctAnswer - 1;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

// ---------------------------------------------------------------------------------------------------------
// 1. Rationales appended to options

/** An option that states an answer and then argues for it: "…, because …" (an option that *is* a reason, "Because …", is not counted). */
const hasAppendedRationale = (option: string) =>
  /\bbecause\b/i.test(option) && !/^because\b/i.test(option.trim());

interface RationaleShare {
  withRationale: number;
  keysWithRationale: number;
  options: number;
  keys: number;
}

function rationaleShare(questions: readonly AuthoredQuestion[]): RationaleShare {
  const share = { withRationale: 0, keysWithRationale: 0, options: 0, keys: questions.length };
  for (const q of questions) {
    q.options.forEach((option, index) => {
      share.options += 1;
      if (!hasAppendedRationale(option)) return;
      share.withRationale += 1;
      if (isKey(q, index)) share.keysWithRationale += 1;
    });
  }
  return share;
}

describe('rule 1: a "because …" rationale is not a mark of a distractor', () => {
  it.each(pools)('%s: keys take a fair share of the options that carry a rationale', (_, questions) => {
    const share = rationaleShare(questions);
    const fair = share.keys / share.options;
    const observed = share.withRationale === 0 ? fair : share.keysWithRationale / share.withRationale;
    const report = { ...share, keyShareAmongRationales: percent(observed), keyShareAmongAll: percent(fair) };
    expect({ ...report, withinTenPoints: Math.abs(observed - fair) <= TOLERANCE }).toEqual({
      ...report,
      withinTenPoints: true,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// 2. The bare number among annotated ones

/** Every option states a figure (a digit somewhere in it). */
const isAllNumeric = (q: AuthoredQuestion) => q.options.every((option) => /\d/.test(option));

/**
 * An option that says more than its figure: a clause after a comma, colon, semicolon or dash, a bracket, or
 * a "because"/"from" reason. Commas inside numbers (1,350) do not count.
 */
const isAnnotated = (option: string) => {
  const text = option.replace(/(\d),(\d)/g, '$1$2');
  return /[,:;(]|\s[—–]\s|\bbecause\b|\bfrom\b/i.test(text);
};

/** The option that stands alone as bare among annotated ones, or annotated among bare ones; null if none. */
function oddOneOut(q: AuthoredQuestion): { index: number; kind: 'bare' | 'annotated' } | null {
  const annotated = q.options.map(isAnnotated);
  const bare = annotated.map((a) => !a);
  if (bare.filter(Boolean).length === 1) return { index: bare.indexOf(true), kind: 'bare' };
  if (annotated.filter(Boolean).length === 1) return { index: annotated.indexOf(true), kind: 'annotated' };
  return null;
}

describe('rule 2: in all-numeric questions the bare figure is not the answer', () => {
  it.each(pools)('%s: no figure is the only bare (or the only annotated) one', (_, questions) => {
    const offenders = questions.filter(isAllNumeric).flatMap((q) => {
      const odd = oddOneOut(q);
      if (!odd) return [];
      const role = isKey(q, odd.index) ? 'the key' : 'a distractor';
      return [`${q.id}: option ${odd.index + 1} is the only ${odd.kind} figure, and it is ${role}`];
    });
    expect(offenders).toEqual([]);
  });

  it.each(pools)(
    '%s: where bare and annotated figures are mixed, bare ones are keys within ±10 points of the fair share',
    (_, questions) => {
      const mixed = questions.filter(
        (q) => isAllNumeric(q) && new Set(q.options.map(isAnnotated)).size === 2,
      );
      let bare = 0;
      let bareKeys = 0;
      let options = 0;
      for (const q of mixed) {
        q.options.forEach((option, index) => {
          options += 1;
          if (isAnnotated(option)) return;
          bare += 1;
          if (isKey(q, index)) bareKeys += 1;
        });
      }
      const fair = options === 0 ? 0 : mixed.length / options;
      const observed = bare === 0 ? fair : bareKeys / bare;
      const report = {
        mixedQuestions: mixed.map((q) => q.id),
        bare,
        bareKeys,
        keyShareAmongBare: percent(observed),
        fairShare: percent(fair),
      };
      expect({ ...report, withinTenPoints: Math.abs(observed - fair) <= TOLERANCE }).toEqual({
        ...report,
        withinTenPoints: true,
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// 3. Lesson checks: the longest option and the answer positions

/** Is the correct option strictly longer than every other option? */
const keyIsStrictlyLongest = (q: AuthoredQuestion) => {
  const key = q.options[q.correctAnswer - 1]?.length ?? 0;
  return q.options.every((option, index) => isKey(q, index) || option.length < key);
};

describe('rule 3: lesson checks are not answerable by length or position', () => {
  it('makes the key strictly the longest option in at most a quarter (and at least a tenth) of the checks', () => {
    const longest = lessonChecks.filter(keyIsStrictlyLongest).map((q) => q.id);
    const report = {
      checks: lessonChecks.length,
      atMost: Math.floor(lessonChecks.length / 4),
      atLeast: Math.ceil(lessonChecks.length / 10),
      longest,
    };
    const withinLimits = longest.length <= report.atMost && longest.length >= report.atLeast;
    expect({ ...report, withinLimits }).toEqual({ ...report, withinLimits: true });
  });

  it.each([3, 4])(
    'uses each answer position of %i-option checks within ±10 points of its fair share',
    (n) => {
      const checks = lessonChecks.filter((q) => q.options.length === n);
      const counts = Array.from(
        { length: n },
        (_, position) => checks.filter((q) => q.correctAnswer === position + 1).length,
      );
      const shares = counts.map((count) => count / checks.length);
      const unfair = shares
        .map((share, position) => ({ position: 'ABCD'.charAt(position), share }))
        .filter(({ share }) => Math.abs(share - 1 / n) > TOLERANCE)
        .map(
          ({ position, share }) =>
            `${position}: ${percent(share)} of ${checks.length}, fair ${percent(1 / n)}`,
        );
      expect({ counts, unfair }).toEqual({ counts, unfair: [] });
    },
  );
});
