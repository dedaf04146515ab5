// Editorial checks (reading times, wording, answer keys) run against the real files under content/.
// The structural validator (loadCourse) has its own unit tests in command-service/src/catalog.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AuthoredQuestion,
  type Course,
  type CourseModule,
  countWords,
  findForbiddenClaims,
  loadCourse,
} from '@tickwise/command-service/catalog';

import { RETIRED_CHECK_IDS, RETIRED_QUESTION_IDS } from './retired-ids';

const CONTENT_DIR = __dirname;
const retiredCheckIds = new Set(RETIRED_CHECK_IDS.map((r) => r.id));
const retiredQuestionIds = new Set(RETIRED_QUESTION_IDS.map((r) => r.id));
const MODULE_NUMBERS = Array.from({ length: 12 }, (_, index) => index + 1);

let cached: Course | undefined;
/** The real course, loaded once; a ContentError fails every test that needs it with its message. */
function course(): Course {
  cached ??= loadCourse();
  return cached;
}

function moduleNumbered(id: number): CourseModule {
  const found = course().modules.find((m) => m.id === id);
  if (!found) throw new Error(`module ${id} is missing`);
  return found;
}

function tierOf(id: number): CourseModule['level'] {
  if (id <= 4) return 'BEGINNER';
  if (id <= 8) return 'INTERMEDIATE';
  return 'ADVANCED';
}

describe('the course', () => {
  it('passes the structural validator', () => {
    expect(() => loadCourse()).not.toThrow();
  });

  it('has 12 modules, 48 lessons (4 a module) and 12 quizzes', () => {
    const { modules } = course();
    expect(modules.map((m) => m.id)).toEqual(MODULE_NUMBERS);
    expect(modules.map((m) => m.lessons.length)).toEqual(MODULE_NUMBERS.map(() => 4));
    expect(modules.flatMap((m) => m.lessons)).toHaveLength(48);
    expect(modules.filter((m) => m.quiz.length > 0)).toHaveLength(12);
  });

  it('puts modules 1–4 in BEGINNER, 5–8 in INTERMEDIATE and 9–12 in ADVANCED', () => {
    expect(course().modules.map((m) => [m.id, m.level])).toEqual(
      MODULE_NUMBERS.map((id) => [id, tierOf(id)]),
    );
  });

  it('uses unique module, lesson and question ids', () => {
    const { modules } = course();
    const lessonIds = modules.flatMap((m) => m.lessons.map((l) => l.id));
    const questionIds = modules.flatMap((m) => m.quiz.map((q) => q.id));
    expect(new Set(modules.map((m) => m.id)).size).toBe(modules.length);
    expect(new Set(lessonIds).size).toBe(lessonIds.length);
    expect(new Set(questionIds).size).toBe(questionIds.length);
  });

  it('gives every module a title and a description, and a duration equal to its lessons’ minutes', () => {
    for (const m of course().modules) {
      expect(m.title.trim()).not.toBe('');
      expect(m.description.trim()).not.toBe('');
      expect(m.duration).toBe(m.lessons.reduce((sum, l) => sum + l.duration, 0));
    }
  });
});

describe.each(MODULE_NUMBERS)('module %i', (id) => {
  it('has lessons with the required sections, 600–1,200 words and an honest duration', () => {
    const problems: string[] = [];
    for (const lesson of moduleNumbered(id).lessons) {
      const where = `lesson ${lesson.id} (${lesson.title})`;
      const expectedId = (id - 1) * 4 + lesson.position;
      if (lesson.id !== expectedId) problems.push(`${where}: id should be ${expectedId}`);
      const types = lesson.sections.map((s) => s.type);
      for (const required of ['overview', 'example', 'keypoint', 'summary'] as const) {
        if (!types.includes(required)) problems.push(`${where}: no ${required} section`);
      }
      const words = countWords(lesson.content);
      if (words < 600 || words > 1200) problems.push(`${where}: ${words} words, outside 600–1,200`);
      const minutes = Math.ceil(words / 200);
      if (Math.abs(lesson.duration - minutes) > 1) {
        problems.push(
          `${where}: duration ${lesson.duration} min, but ${words} words read in about ${minutes}`,
        );
      }
      for (const section of lesson.sections) {
        if (section.type === 'example' && !/\d/.test(section.body)) {
          problems.push(`${where}: example "${section.title}" has no numbers`);
        }
        if (section.type === 'keypoint') {
          const items = section.body
            .split('\n')
            .filter((line) => /^\s*(?:[-*+]|\d+[.)])\s/.test(line)).length;
          if (items < 2 || items > 4) problems.push(`${where}: ${items} key points, expected 2–4`);
        }
      }
      if (/!?\[[^\]]*\]\([^)]*\)/.test(lesson.content)) problems.push(`${where}: has a link or image`);
    }
    expect(problems).toEqual([]);
  });

  it('has a quiz of at least 6 questions, 4 options each, a 1-based answer and an explanation', () => {
    const problems: string[] = [];
    const { quiz } = moduleNumbered(id);
    if (quiz.length < 6) problems.push(`${quiz.length} questions, expected at least 6`);
    quiz.forEach((q, index) => {
      const where = `question ${index + 1} (id ${q.id})`;
      if (q.id <= id * 100 || q.id >= (id + 1) * 100)
        problems.push(`${where}: id outside ${id * 100 + 1}–${id * 100 + 99}`);
      if (retiredQuestionIds.has(q.id))
        problems.push(`${where}: id ${q.id} is retired (content/retired-ids.ts)`);
      if (q.question.trim() === '') problems.push(`${where}: empty question`);
      if (q.options.length !== 4) problems.push(`${where}: ${q.options.length} options, expected 4`);
      if (new Set(q.options).size !== q.options.length) problems.push(`${where}: repeated option`);
      if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 1 || q.correctAnswer > 4) {
        problems.push(`${where}: correctAnswer ${q.correctAnswer} outside 1..4`);
      }
      if (q.explanation.trim() === '') problems.push(`${where}: empty explanation`);
    });
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Wording: no claim of regulatory approval, certification or endorsement, no promise of profit or safety.

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Every forbidden claim in the files under `dir`, as `relative/path:line: "phrase"`. */
function wordingOffences(dir: string, files = filesUnder(dir)): string[] {
  return files.flatMap((file) => {
    const name = path.relative(dir, file).split(path.sep).join('/');
    return findForbiddenClaims(readFileSync(file, 'utf8')).map(
      ({ line, phrase }) => `${name}:${line}: "${phrase}"`,
    );
  });
}

/**
 * Every file under content/ except the two that are about the rule rather than content for learners:
 * README.md (which quotes the forbidden words) and the test files.
 */
function learnerFacingFiles(): string[] {
  return filesUnder(CONTENT_DIR).filter((file) => {
    const name = path.relative(CONTENT_DIR, file);
    return name !== 'README.md' && !name.endsWith('.test.ts');
  });
}

/** The letter of each question's correct option, in order: a quiz's answer key such as 'BDACCADB'. */
const keyOf = (questions: readonly AuthoredQuestion[]) =>
  questions.map((q) => 'ABCDEFGH'.charAt(q.correctAnswer - 1)).join('');

/** Is the correct option strictly longer than every other option? A test-wise learner's favourite cue. */
const correctIsLongest = (q: AuthoredQuestion) => {
  const lengths = q.options.map((option) => option.length);
  const correct = lengths[q.correctAnswer - 1] ?? 0;
  return lengths.every((length, index) => index === q.correctAnswer - 1 || length < correct);
};

const allQuestions = () =>
  course().modules.flatMap((m) => [...m.quiz, ...m.lessons.flatMap((lesson) => lesson.checks)]);

describe('fair quizzes: not answerable by pattern', () => {
  it('gives every module quiz at least 8 questions', () => {
    for (const m of course().modules) expect([m.id, m.quiz.length >= 8]).toEqual([m.id, true]);
  });

  it('gives no two quizzes the same answer key', () => {
    const keys = course().modules.map((m) => keyOf(m.quiz));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not use A–D exactly once in every aligned group of four (the last answer of a group would follow)', () => {
    for (const m of course().modules) {
      const key = keyOf(m.quiz);
      const groups = key.match(/.{4}/g) ?? [];
      const permutations = groups.filter((group) => [...group].sort().join('') === 'ABCD');
      expect([m.id, permutations.length < groups.length || groups.length === 0]).toEqual([m.id, true]);
    }
  });

  it('does not open most quizzes with the same four answers', () => {
    const openings = new Map<string, number>();
    for (const m of course().modules) {
      const opening = keyOf(m.quiz).slice(0, 4);
      openings.set(opening, (openings.get(opening) ?? 0) + 1);
    }
    expect(Math.max(...openings.values())).toBeLessThanOrEqual(2);
  });

  it('makes the correct option the strictly longest in at most a third of each quiz', () => {
    for (const m of course().modules) {
      const longest = m.quiz.filter(correctIsLongest).length;
      expect([m.id, longest <= Math.floor(m.quiz.length / 3)]).toEqual([m.id, true]);
    }
  });

  it('uses every answer position in each quiz', () => {
    for (const m of course().modules) {
      const used = new Set(keyOf(m.quiz));
      expect([m.id, [...used].sort().join('')]).toEqual([m.id, 'ABCD']);
    }
  });

  it('explains the right answer and every wrong option of every quiz question and lesson check', () => {
    for (const q of allQuestions()) {
      expect([q.id, q.explanation.trim() !== '']).toEqual([q.id, true]);
      const wrong = q.options.map((_, index) => index + 1).filter((option) => option !== q.correctAnswer);
      expect([q.id, Object.keys(q.whyWrong).map(Number).sort()]).toEqual([q.id, wrong]);
    }
  });
});

describe('practice inside every lesson', () => {
  it('ends every lesson with 1–2 "Check your understanding" questions of 3–4 options', () => {
    for (const lesson of course().modules.flatMap((m) => m.lessons)) {
      expect([lesson.id, lesson.checks.length >= 1 && lesson.checks.length <= 2]).toEqual([lesson.id, true]);
      for (const check of lesson.checks) {
        expect([check.id, check.options.length >= 3 && check.options.length <= 4]).toEqual([check.id, true]);
      }
    }
  });

  it('numbers checks 10000 + lesson id × 10 + n (n 1–9), apart from every quiz question id', () => {
    const quizIds = new Set(course().modules.flatMap((m) => m.quiz.map((q) => q.id)));
    for (const lesson of course().modules.flatMap((m) => m.lessons)) {
      const block = 10_000 + lesson.id * 10;
      for (const check of lesson.checks) {
        expect([check.id, check.id > block && check.id <= block + 9]).toEqual([check.id, true]);
        expect(quizIds.has(check.id)).toBe(false);
      }
    }
  });

  it('never gives a retired id to a check or a quiz question', () => {
    const { modules } = course();
    const checkIds = modules.flatMap((m) => m.lessons.flatMap((lesson) => lesson.checks.map((c) => c.id)));
    const questionIds = modules.flatMap((m) => m.quiz.map((q) => q.id));
    expect(checkIds.filter((id) => retiredCheckIds.has(id))).toEqual([]);
    expect(questionIds.filter((id) => retiredQuestionIds.has(id))).toEqual([]);
    // Each retired id names the question that replaced it, and that question is in the course.
    for (const { id, replacedBy } of RETIRED_CHECK_IDS)
      expect([id, checkIds.includes(replacedBy)]).toEqual([id, true]);
    for (const { id, replacedBy } of RETIRED_QUESTION_IDS) {
      expect([id, questionIds.includes(replacedBy)]).toEqual([id, true]);
    }
  });

  it('never repeats a check word for word in the module quiz', () => {
    for (const m of course().modules) {
      const quizQuestions = new Set(m.quiz.map((q) => q.question.trim()));
      for (const check of m.lessons.flatMap((lesson) => lesson.checks)) {
        expect([check.id, quizQuestions.has(check.question.trim())]).toEqual([check.id, false]);
      }
    }
  });
});

describe('wording', () => {
  it('checks the course, compliance documents, policies and the psychology assessment', () => {
    const top = new Set(
      learnerFacingFiles().map((file) => path.relative(CONTENT_DIR, file).split(path.sep)[0]),
    );
    for (const folder of ['course', 'compliance', 'policies', 'psychology']) expect(top).toContain(folder);
  });

  it('no file under content/ makes a forbidden claim', () => {
    expect(wordingOffences(CONTENT_DIR, learnerFacingFiles())).toEqual([]);
  });

  it('every version of the CFTC warning says Tickwise is not endorsed', () => {
    const dir = path.join(CONTENT_DIR, 'compliance', 'cftc_warning');
    const versions = readdirSync(dir).filter((file) => file.endsWith('.md'));
    expect(versions.length).toBeGreaterThan(0);
    for (const file of versions) {
      expect({ file, endorsed: readFileSync(path.join(dir, file), 'utf8') }).toEqual({
        file,
        endorsed: expect.stringMatching(/\bnot\s+endorsed\s+by\b/i),
      });
    }
  });

  describe('the checker itself', () => {
    let tmp: string;
    beforeEach(() => {
      tmp = mkdtempSync(path.join(os.tmpdir(), 'tickwise-wording-'));
    });
    afterEach(() => {
      rmSync(tmp, { recursive: true, force: true });
    });

    it('reports each offending file and line', () => {
      mkdirSync(path.join(tmp, 'course'));
      writeFileSync(
        path.join(tmp, 'course', 'bad.md'),
        'Fine.\n\nThis method is guaranteed\nand risk-free.\n',
      );
      writeFileSync(path.join(tmp, 'policy.md'), 'Tickwise is endorsed by the CFTC.\n');
      expect(wordingOffences(tmp)).toEqual([
        'course/bad.md:3: "guaranteed"',
        'course/bad.md:4: "risk-free"',
        'policy.md:1: "endorsed by"',
      ]);
    });

    it('allows an endorsement that is immediately negated', () => {
      writeFileSync(
        path.join(tmp, 'cftc.md'),
        'Tickwise is **not endorsed by the CFTC**,\nnever endorsed by an exchange, nor endorsed by the NFA.\n',
      );
      expect(wordingOffences(tmp)).toEqual([]);
    });
  });
});
