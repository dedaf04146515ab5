/**
 * Measures the component functions of the frontend's sources: every function (declaration, arrow or
 * expression) that returns JSX, with its name and how many lines it spans. Pure over the source text, so
 * the size test and anyone curious read the same numbers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface ComponentSize {
  readonly file: string;
  readonly name: string;
  readonly lines: number;
}

const isJsx = (node: ts.Node): boolean => {
  let expression = node;
  while (ts.isParenthesizedExpression(expression) || ts.isConditionalExpression(expression)) {
    if (ts.isConditionalExpression(expression))
      return isJsx(expression.whenTrue) || isJsx(expression.whenFalse);
    expression = expression.expression;
  }
  return (
    ts.isJsxElement(expression) || ts.isJsxFragment(expression) || ts.isJsxSelfClosingElement(expression)
  );
};

/** Whether the function returns JSX from its own body (not from a function nested in it). */
const returnsJsx = (fn: ts.FunctionLikeDeclaration): boolean => {
  const body = fn.body;
  if (!body) return false;
  if (!ts.isBlock(body)) return isJsx(body);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression && isJsx(node.expression)) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
};

const nameOf = (fn: ts.FunctionLikeDeclaration): string => {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  let parent: ts.Node = fn.parent;
  // memo(…), forwardRef(…) and similar wrappers: the name is the variable's.
  while (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent)) parent = parent.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
};

export const componentSizes = (fileName: string, source: string): ComponentSize[] => {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const sizes: ComponentSize[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
      returnsJsx(node)
    ) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      sizes.push({ file: fileName, name: nameOf(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sizes;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });

/** Every component function under `root` (tests excluded), largest first. */
export const measureComponents = (root: string): ComponentSize[] =>
  sourceFiles(root)
    .flatMap((path) => componentSizes(relative(root, path), readFileSync(path, 'utf8')))
    .sort((a, b) => b.lines - a.lines);

// `npx tsx frontend/test/component-size.ts [folder]` from the repository's root lists the 30 largest.
if (process.argv[1]?.endsWith('component-size.ts')) {
  for (const size of measureComponents(process.argv[2] ?? 'frontend/src').slice(0, 30))
    console.log(`${String(size.lines).padStart(4)}  ${size.name}  (${size.file})`);
}
