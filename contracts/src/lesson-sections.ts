/**
 * A lesson's markdown body as typed sections (the rules authors follow are in content/README.md):
 * one parser for the publisher's content validator and the module viewer. Each level-2 heading (`## `)
 * opens a section whose type follows from the heading — "Overview" → overview, starting with "Example" →
 * example, "Key Point", "Key Points" or "Key Takeaways" → keypoint, "Summary" → summary, anything else →
 * section (case-insensitive, blanks ignored). Text before the first heading is an untitled section;
 * `##` lines inside fenced code blocks are code.
 */
import type * as t from 'io-ts';
import { oneOf } from './codecs';

export const SectionType = oneOf(['overview', 'example', 'keypoint', 'summary', 'section']);
export type SectionType = t.TypeOf<typeof SectionType>;

export interface LessonSection {
  readonly type: SectionType;
  /** The heading text without the leading `## ` (empty for text before the first heading). */
  readonly title: string;
  /** The markdown between this heading and the next level-2 heading, blank lines trimmed at both ends. */
  readonly body: string;
}

const KEYPOINT_TITLES = new Set(['key point', 'key points', 'key takeaways']);

/** The section type a level-2 heading's text selects. */
export function sectionType(heading: string): SectionType {
  const normalised = heading.trim().replace(/\s+/g, ' ').toLowerCase();
  if (normalised === 'overview') return 'overview';
  if (normalised.startsWith('example')) return 'example';
  if (KEYPOINT_TITLES.has(normalised)) return 'keypoint';
  if (normalised === 'summary') return 'summary';
  return 'section';
}

/** A line that opens (or, inside a block, may close) a fenced code block: 3+ backticks or tildes. */
export const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
// A level-2 ATX heading: `##` then a blank or the end of the line (so `###` is not one); an optional
// closing sequence of `#`s is not part of the title.
const LEVEL2_HEADING = /^ {0,3}##(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/**
 * Tracks fenced code blocks line by line (CommonMark: a fence opens with 3+ backticks or tildes and closes
 * with a line of at least as many of the same character and nothing else). Feed it every line in order;
 * it answers whether that line is part of a fenced block (its fences included).
 */
export function fenceTracker(): (line: string) => boolean {
  let open: { marker: string; length: number } | null = null;
  return (line) => {
    if (open !== null) {
      const run = FENCE_CLOSE.exec(line)?.[1];
      if (run !== undefined && run[0] === open.marker && run.length >= open.length) open = null;
      return true;
    }
    const opening = FENCE_OPEN.exec(line);
    const run = opening?.[1];
    if (run === undefined) return false;
    // A backtick fence's info string may not itself contain a backtick.
    if (run[0] === '`' && (opening?.[2] ?? '').includes('`')) return false;
    open = { marker: run[0] ?? '`', length: run.length };
    return true;
  };
}

function trimBlankLines(lines: readonly string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && (lines[end - 1] ?? '').trim() === '') end--;
  return lines.slice(start, end).join('\n');
}

/** Splits a lesson body into its typed sections. */
export function splitSections(markdown: string): LessonSection[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const sections: LessonSection[] = [];
  const inFence = fenceTracker();
  let title: string | null = null;
  let body: string[] = [];

  const flush = (): void => {
    const text = trimBlankLines(body);
    if (title === null) {
      if (text !== '') sections.push({ type: 'section', title: '', body: text });
    } else {
      sections.push({ type: sectionType(title), title, body: text });
    }
  };

  for (const line of lines) {
    if (!inFence(line)) {
      const heading = LEVEL2_HEADING.exec(line);
      if (heading) {
        flush();
        title = (heading[1] ?? '').trim();
        body = [];
        continue;
      }
    }
    body.push(line);
  }
  flush();
  return sections;
}
