// The calculators lessons embed (`::calculator{contract="ES" mode="pnl"}`): each names a published contract
// and a mode the calculator has, and the lessons that teach tick values, margin and position size carry one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContractSpecs } from '@tickwise/command-service/catalog';
import { calculatorDirective, isCalculatorMode } from '@tickwise/contracts';

const COURSE_DIR = path.join(__dirname, 'course');
const lessons = readdirSync(COURSE_DIR)
  .filter((name) => /^\d{2}-/.test(name))
  .flatMap((module) =>
    readdirSync(path.join(COURSE_DIR, module, 'lessons')).map((name) => `${module}/lessons/${name}`),
  );
const SYMBOLS = new Set(loadContractSpecs().specs.map((spec) => spec.symbol));

/** Every line that starts like a calculator directive, with what it asks for. */
const directives = lessons.flatMap((file) =>
  readFileSync(path.join(COURSE_DIR, file), 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      line.trim().startsWith('::calculator')
        ? [{ file, line: index + 1, text: line, parsed: calculatorDirective(line) }]
        : [],
    ),
);

test('every directive is well formed, with a published contract and a known mode', () => {
  const wrong = directives
    .filter(
      ({ parsed }) => parsed === null || !SYMBOLS.has(parsed.contract) || !isCalculatorMode(parsed.mode),
    )
    .map(({ file, line, text }) => `${file}:${line}: ${text}`);
  expect(wrong).toEqual([]);
});

test('tick values (module 2), margin (module 3) and position size (module 9) each have a calculator', () => {
  const modes = (module: string) =>
    directives.filter((d) => d.file.startsWith(module)).map((d) => d.parsed?.mode);
  expect(modes('02-')).toContain('pnl');
  expect(modes('03-')).toContain('margin');
  expect(modes('09-')).toContain('size');
});
