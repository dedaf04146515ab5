// Words in a lesson's markdown body, for honest reading times. Splitting a body into its typed sections is
// the shared parser in @tickwise/contracts (lesson-sections), also used by the module viewer.
import { FENCE_OPEN } from '@tickwise/contracts';

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
