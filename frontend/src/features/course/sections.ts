/**
 * Lesson sections on screen: the typed sections come from the one parser shared with the
 * content validator (@tickwise/contracts, lesson-sections; rules in content/README.md); here a section's
 * own headings are moved under its heading, and each type gets its label.
 */
import { fenceTracker, type SectionType } from '@tickwise/contracts';

/**
 * Moves every ATX heading of a section body `by` levels down (capped at h6), outside fenced code, so a
 * section's `###` sub-headings sit under the section's own heading in the page outline.
 */
export function demoteHeadings(markdown: string, by: number): string {
  const inFence = fenceTracker();
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      if (inFence(line)) return line;
      const heading = /^( {0,3})(#{1,6})([ \t]|$)/.exec(line);
      if (heading === null) return line;
      const [, indent = '', hashes = '', after = ''] = heading;
      const level = Math.min(6, hashes.length + by);
      return `${indent}${'#'.repeat(level)}${after}${line.slice(heading[0].length)}`;
    })
    .join('\n');
}

/** What each section type is called on screen. */
export const sectionLabels: Readonly<Record<SectionType, string>> = {
  overview: 'Overview',
  example: 'Example',
  keypoint: 'Key points',
  summary: 'Summary',
  section: 'Section',
};
