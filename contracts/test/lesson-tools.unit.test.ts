import { calculatorDirective, splitLessonTools } from '../src/lesson-tools';

test('a directive line becomes a calculator between the markdown around it', () => {
  const lesson = 'Before.\n\n::calculator{contract="ES" mode="pnl"}\n\nAfter.';
  expect(splitLessonTools(lesson)).toEqual([
    { kind: 'markdown', text: 'Before.\n' },
    { kind: 'calculator', contract: 'ES', mode: 'pnl' },
    { kind: 'markdown', text: '\nAfter.' },
  ]);
});

test('attributes in either order; an unknown mode stays text; fenced code is left alone', () => {
  expect(calculatorDirective('::calculator{mode="size" contract="MES"}')).toEqual({
    contract: 'MES',
    mode: 'size',
  });
  expect(splitLessonTools('::calculator{contract="ES" mode="guess"}')).toEqual([
    { kind: 'markdown', text: '::calculator{contract="ES" mode="guess"}' },
  ]);
  const fenced = '```\n::calculator{contract="ES" mode="pnl"}\n```';
  expect(splitLessonTools(fenced)).toEqual([{ kind: 'markdown', text: fenced }]);
});

test('text that merely mentions a directive inside a line is not one', () => {
  expect(calculatorDirective('See ::calculator{contract="ES" mode="pnl"} below')).toBeNull();
});
