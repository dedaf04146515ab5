/**
 * Keeps the screens easy to change: no component function in frontend/src spans more than
 * MAX_COMPONENT_LINES lines. A larger one is split by responsibility (a hook for its state and effects,
 * presentational pieces), not sliced.
 */
import { join } from 'node:path';
import { componentSizes, measureComponents } from './component-size';

const MAX_COMPONENT_LINES = 150;

const component = (name: string, bodyLines: number) =>
  `export function ${name}() {\n${'  const x = 1;\n'.repeat(bodyLines)}  return <div />;\n}\n`;

describe('component size', () => {
  it('measures functions that return JSX, by their names, and nothing else', () => {
    const source = [
      component('Small', 3),
      'const Arrow = () => (\n  <span />\n);\n',
      'const Memo = memo(function () {\n  return cond ? <a /> : null;\n});\n',
      'export function helper() {\n  return 1;\n}\n',
      'function Outer() {\n  const render = () => <b />;\n  return render();\n}\n',
    ].join('');
    expect(componentSizes('sample.tsx', source)).toEqual([
      { file: 'sample.tsx', name: 'Small', lines: 6 },
      { file: 'sample.tsx', name: 'Arrow', lines: 3 },
      { file: 'sample.tsx', name: 'Memo', lines: 3 },
      { file: 'sample.tsx', name: 'render', lines: 1 },
    ]);
  });

  it(`finds a component over ${MAX_COMPONENT_LINES} lines`, () => {
    const [size] = componentSizes('big.tsx', component('Big', MAX_COMPONENT_LINES));
    expect(size?.lines).toBeGreaterThan(MAX_COMPONENT_LINES);
  });

  it(`no component function in frontend/src spans more than ${MAX_COMPONENT_LINES} lines`, () => {
    const sizes = measureComponents(join(__dirname, '..', 'src'));
    expect(sizes.length).toBeGreaterThan(50);
    const tooLong = sizes
      .filter((size) => size.lines > MAX_COMPONENT_LINES)
      .map((size) => `${size.name} (${size.file}): ${size.lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
