// Pure helpers over a lesson's markdown body: split it into the typed sections the module viewer renders,
// and count its words for honest reading times. The heading rules are documented in content/README.md.

export type SectionType = 'overview' | 'example' | 'keypoint' | 'summary' | 'section';

export interface Section {
  type: SectionType;
  /** The heading text without the leading `## ` (empty for text before the first heading). */
  title: string;
  /** The markdown between this heading and the next level-2 heading, blank lines trimmed at both ends. */
  body: string;
}

const KEYPOINT_TITLES = new Set(['key point', 'key points', 'key takeaways']);

/** The section type a level-2 heading's text selects (case-insensitive, surrounding blanks ignored). */
export function sectionType(heading: string): SectionType {
  const normalised = heading.trim().replace(/\s+/g, ' ').toLowerCase();
  if (normalised === 'overview') return 'overview';
  if (normalised.startsWith('example')) return 'example';
  if (KEYPOINT_TITLES.has(normalised)) return 'keypoint';
  if (normalised === 'summary') return 'summary';
  return 'section';
}

interface Fence {
  marker: '`' | '~';
  length: number;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
// A level-2 ATX heading: `##` then a blank or the end of the line (so `###` is not one), an optional
// closing sequence of `#`s is not part of the title.
const LEVEL2_HEADING = /^ {0,3}##(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/**
 * Tracks fenced code blocks line by line (CommonMark rules: a fence opens with 3+ backticks or tildes and
 * closes with a line of at least as many of the same character and nothing else).
 */
export class FenceTracker {
  private open: Fence | null = null;

  /** Feed the next line; returns true if the line is part of a fenced block (including its fences). */
  inFence(line: string): boolean {
    if (this.open) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      const run = close?.[1];
      if (run && run[0] === this.open.marker && run.length >= this.open.length) this.open = null;
      return true;
    }
    const opening = FENCE_OPEN.exec(line);
    const run = opening?.[1];
    if (run) {
      const marker = run[0] === '`' ? '`' : '~';
      // A backtick fence's info string may not itself contain a backtick.
      if (marker === '`' && (opening?.[2] ?? '').includes('`')) return false;
      this.open = { marker, length: run.length };
      return true;
    }
    return false;
  }
}

function trimBlankLines(lines: string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && (lines[end - 1] ?? '').trim() === '') end--;
  return lines.slice(start, end).join('\n');
}

/**
 * Splits a lesson body into sections: each level-2 heading (`## `) opens one, typed by its heading;
 * text before the first heading becomes an untitled `section` when it is not blank. `##` lines inside
 * fenced code blocks are code, not headings.
 */
export function splitSections(markdown: string): Section[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const sections: Section[] = [];
  const fences = new FenceTracker();
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
    if (!fences.inFence(line)) {
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

/**
 * Counts the words a reader reads: whitespace-separated tokens that contain a letter or a digit, so
 * markdown punctuation (`#`, `*`, `-` bullets, `>` quotes) and lone symbols such as `=` or `×` do not
 * count, while `**bold**`, `mark-to-market`, `$4,000` and `0.25` count as one word each. Code-fence
 * lines (with their info string) are markup, not words; the code inside a fence is counted.
 */
export function countWords(markdown: string): number {
  let count = 0;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (FENCE_OPEN.test(line)) continue;
    for (const token of line.split(/\s+/)) {
      if (/[\p{L}\p{N}]/u.test(token)) count++;
    }
  }
  return count;
}
