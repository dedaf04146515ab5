// Every number in the lessons' worked examples, recomputed. A pure test: it reads the authored files and writes
// nothing.
//
// 1. The table in worked-examples.ts: each example's inputs, put through its formula, give the figure the lesson
//    states, and the lesson still says it in those words.
// 2. The arithmetic written out in the lessons, their checks and the quizzes: every "a × b = c" evaluates to what
//    the text says.
// Either fails when a lesson's stated figure is changed; the last tests show it on altered text.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkExample, compute, wrongEquations } from './worked-examples';
import { WORKED_EXAMPLES } from './worked-examples-table';

const COURSE_DIR = path.join(__dirname, 'course');
const modules = readdirSync(COURSE_DIR).filter((name) => /^\d{2}-/.test(name));
const lessonFiles = modules.flatMap((m) =>
  readdirSync(path.join(COURSE_DIR, m, 'lessons')).map((name) => `${m}/lessons/${name}`),
);
const quizFiles = modules.map((m) => `${m}/quiz.yaml`);
const read = (file: string) => readFileSync(path.join(COURSE_DIR, file), 'utf8');

describe('the worked examples table', () => {
  it.each(WORKED_EXAMPLES.map((example) => [`${example.file}: ${example.says}`, example] as const))(
    '%s',
    (_, example) => {
      expect(checkExample(example, read(example.file))).toBeUndefined();
    },
  );

  it('covers every lesson', () => {
    const covered = new Set(WORKED_EXAMPLES.map((example) => example.file));
    expect(lessonFiles.filter((file) => !covered.has(file))).toEqual([]);
  });

  it('fails when the lesson states another figure', () => {
    const [example] = WORKED_EXAMPLES;
    if (!example) throw new Error('no examples');
    const text = read(example.file);
    const passage = example.says.replace(/[{}]/g, '');
    const figure = /\{([^}]+)\}/.exec(example.says)?.[1] ?? '';
    const altered = figure.replace(/\d(?=\D*$)/, (d) => String((Number(d) + 1) % 10));
    const changedText = text.replace(passage, passage.replace(figure, altered));
    expect(checkExample(example, changedText)).toMatch(/no longer says/);
    expect(checkExample({ ...example, says: example.says.replace(figure, altered) }, changedText)).toMatch(
      /the inputs give/,
    );
    expect(compute(example)).not.toBeNaN();
  });
});

describe('the arithmetic written out in the course', () => {
  const files = [...lessonFiles, ...quizFiles];
  const results = files.map((file) => ({ file, ...wrongEquations(read(file)) }));

  it.each(results.map((r) => [r.file, r] as const))('%s: every equation holds', (_, result) => {
    expect(result.wrong).toEqual([]);
  });

  it('reads the equations of every lesson with an example', () => {
    const total = results.reduce((sum, r) => sum + r.checked, 0);
    expect(total).toBeGreaterThan(700);
  });

  it('finds an equation whose stated result was changed', () => {
    expect(
      wrongEquations('Result: +$15.50 × 100 ounces = **a gain of $1,550**, and 18.25 × $50 = $912.50.').wrong,
    ).toEqual([]);
    expect(wrongEquations('One ES: 18.25 × $50 = $912.60; by ticks, 73 × $12.50 = $912.50.').wrong).toEqual([
      { line: 1, written: '18.25 × $50 = $912.60', left: 912.5, right: 912.6 },
    ]);
    expect(wrongEquations('Loss = (6,800.00 − 6,760.00) × $5 × 6 = 40 × 5 × 6 = $1,300.').wrong).toHaveLength(
      1,
    );
  });
});
