/**
 * Tools a lesson embeds with a directive line of its own, e.g. `::calculator{contract="ES" mode="pnl"}`.
 * The screen renders the markdown around it and the calculator in its place; the content checks use the same
 * parser to refuse an unknown contract or mode.
 */
import { fenceTracker } from './lesson-sections';

export const CALCULATOR_MODES = ['notional', 'pnl', 'margin', 'size', 'costs'] as const;
export type CalculatorMode = (typeof CALCULATOR_MODES)[number];

export const isCalculatorMode = (value: string): value is CalculatorMode =>
  (CALCULATOR_MODES as readonly string[]).includes(value);

export type LessonSegment =
  | { readonly kind: 'markdown'; readonly text: string }
  | { readonly kind: 'calculator'; readonly contract: string; readonly mode: CalculatorMode };

const DIRECTIVE = /^::calculator\{([^}]*)\}\s*$/;
const ATTRIBUTE = /([a-z]+)="([^"]*)"/g;

/** The attributes of a directive line, or null when the line is not a calculator directive. */
export function calculatorDirective(line: string): { contract: string; mode: string } | null {
  const match = DIRECTIVE.exec(line.trim());
  if (!match) return null;
  const attributes = Object.fromEntries([...(match[1] ?? '').matchAll(ATTRIBUTE)].map((m) => [m[1], m[2]]));
  return { contract: attributes.contract ?? '', mode: attributes.mode ?? '' };
}

/**
 * Splits markdown at its calculator directives (outside fenced code). A directive with an unknown mode stays
 * as text; the content checks refuse it before it is published.
 */
export function splitLessonTools(markdown: string): LessonSegment[] {
  const inFence = fenceTracker();
  const segments: LessonSegment[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.join('').trim() !== '') segments.push({ kind: 'markdown', text: text.join('\n') });
    text = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const fenced = inFence(line);
    const directive = fenced ? null : calculatorDirective(line);
    if (directive && isCalculatorMode(directive.mode)) {
      flush();
      segments.push({ kind: 'calculator', contract: directive.contract, mode: directive.mode });
    } else {
      text.push(line);
    }
  }
  flush();
  return segments;
}
