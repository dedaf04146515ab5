/** The lesson section parser shared by the content validator and the module viewer. */
import { type SectionType, sectionType, splitSections } from './lesson-sections';

const types = (markdown: string): SectionType[] => splitSections(markdown).map((s) => s.type);

describe('sectionType', () => {
  it.each([
    ['Overview', 'overview'],
    ['overview', 'overview'],
    ['  OVERVIEW  ', 'overview'],
    ['Overview of Margin', 'section'],
    ['Example', 'example'],
    ['Examples', 'example'],
    ['Example: A Wheat Farmer Locks a Price', 'example'],
    ['example 2 — a short hedge', 'example'],
    ['EXAMPLE: upper case', 'example'],
    ['Worked Example', 'section'],
    ['An Example', 'section'],
    ['Key Point', 'keypoint'],
    ['Key Points', 'keypoint'],
    ['Key Takeaways', 'keypoint'],
    ['Key Takeaway', 'section'],
    ['key points', 'keypoint'],
    ['KEY   TAKEAWAYS', 'keypoint'],
    ['Key Ideas', 'section'],
    ['Key Points to Remember', 'section'],
    ['Summary', 'summary'],
    ['summary', 'summary'],
    ['Summary of the Module', 'section'],
    ['Why Small Price Moves Matter', 'section'],
    ['What the Example Shows', 'section'],
    ['', 'section'],
  ] as const)('%j → %s', (heading, expected) => {
    expect(sectionType(heading)).toBe(expected);
  });
});

describe('splitSections', () => {
  it('opens a section at every level-2 heading, typed by its heading, with trimmed title and body', () => {
    const md = [
      '## Overview',
      '',
      'Futures fix a price now.',
      '',
      '##   Example: One Gold Contract  ',
      '100 oz × $15.50 = $1,550.',
      '## Key Points',
      '- one',
      '- two',
      '## Summary',
      'Done.',
      '## Where to Check',
      'The exchange page.',
      '',
    ].join('\n');
    expect(splitSections(md)).toEqual([
      { type: 'overview', title: 'Overview', body: 'Futures fix a price now.' },
      { type: 'example', title: 'Example: One Gold Contract', body: '100 oz × $15.50 = $1,550.' },
      { type: 'keypoint', title: 'Key Points', body: '- one\n- two' },
      { type: 'summary', title: 'Summary', body: 'Done.' },
      { type: 'section', title: 'Where to Check', body: 'The exchange page.' },
    ]);
  });

  it('applies the heading rules case-insensitively in documents', () => {
    expect(
      types(
        '## overview\na\n## EXAMPLES\nb\n## key takeaways\nc\n## Key Point\nd\n## SUMMARY\ne\n## Worked Example\nf',
      ),
    ).toEqual(['overview', 'example', 'keypoint', 'keypoint', 'summary', 'section']);
  });

  it('turns non-blank text before the first heading into an untitled section', () => {
    expect(splitSections('Intro line.\n\n## Overview\nText')).toEqual([
      { type: 'section', title: '', body: 'Intro line.' },
      { type: 'overview', title: 'Overview', body: 'Text' },
    ]);
  });

  it('drops blank text before the first heading', () => {
    expect(splitSections('\n  \n\n## Overview\nText')).toEqual([
      { type: 'overview', title: 'Overview', body: 'Text' },
    ]);
  });

  it('returns no sections for a blank document and one untitled section for text without headings', () => {
    expect(splitSections('')).toEqual([]);
    expect(splitSections('   \n')).toEqual([]);
    expect(splitSections('Just text.')).toEqual([{ type: 'section', title: '', body: 'Just text.' }]);
  });

  it('keeps level-1 and level-3+ headings and #-lines without a space inside the current section', () => {
    const sections = splitSections('## Overview\n### A sub-heading\n#### Deeper\n##NoSpace\n# Title\ntext');
    expect(sections).toHaveLength(1);
    expect(sections[0]?.body).toBe('### A sub-heading\n#### Deeper\n##NoSpace\n# Title\ntext');
  });

  it('strips a closing sequence of #s and allows up to three leading spaces', () => {
    expect(splitSections('   ## Summary ##\nx')).toEqual([{ type: 'summary', title: 'Summary', body: 'x' }]);
    expect(splitSections('    ## Indented code\nx')).toEqual([
      { type: 'section', title: '', body: '    ## Indented code\nx' },
    ]);
  });

  it('an empty heading opens an untitled section', () => {
    expect(splitSections('## Overview\na\n##\nb')).toEqual([
      { type: 'overview', title: 'Overview', body: 'a' },
      { type: 'section', title: '', body: 'b' },
    ]);
  });

  it('ignores ## lines inside backtick fenced code blocks', () => {
    const md = '## Overview\n```markdown\n## Summary\n## Example\n```\nafter\n## Summary\nend';
    expect(splitSections(md)).toEqual([
      { type: 'overview', title: 'Overview', body: '```markdown\n## Summary\n## Example\n```\nafter' },
      { type: 'summary', title: 'Summary', body: 'end' },
    ]);
  });

  it('ignores ## lines inside tilde fences, and a shorter or different fence does not close a block', () => {
    const md = [
      '## Overview',
      '~~~~',
      '## Not a heading',
      '~~~',
      '```',
      '## Still code',
      '~~~~',
      '## Example',
      'x',
    ].join('\n');
    expect(types(md)).toEqual(['overview', 'example']);
    expect(splitSections(md)[0]?.body).toContain('## Still code');
  });

  it('treats an unclosed fence as code to the end of the document', () => {
    expect(types('## Overview\n```\n## Summary\n')).toEqual(['overview']);
  });

  it('accepts CRLF line endings', () => {
    expect(splitSections('## Overview\r\nText\r\n## Summary\r\nEnd\r\n')).toEqual([
      { type: 'overview', title: 'Overview', body: 'Text' },
      { type: 'summary', title: 'Summary', body: 'End' },
    ]);
  });

  it('a backtick "fence" whose info string has a backtick is not a fence', () => {
    expect(splitSections('## A\n```not`a fence\n## B\nx').map((s) => s.title)).toEqual(['A', 'B']);
  });
});
