import { demoteHeadings, sectionType, splitSections } from './sections';

describe('section types: the heading rules of content/README.md', () => {
  it.each([
    ['Overview', 'overview'],
    ['overview', 'overview'],
    ['  OVERVIEW  ', 'overview'],
    ['Example', 'example'],
    ['Examples', 'example'],
    ['Example: A Wheat Farmer Locks a Price', 'example'],
    ['example 2 — a short hedge', 'example'],
    ['Worked Example', 'section'],
    ['An Example', 'section'],
    ['Key Point', 'keypoint'],
    ['Key Points', 'keypoint'],
    ['key   points', 'keypoint'],
    ['Key Takeaways', 'keypoint'],
    ['Key Takeaway', 'section'],
    ['Key Points to Remember', 'section'],
    ['Summary', 'summary'],
    ['SUMMARY', 'summary'],
    ['Summary of the Lesson', 'section'],
    ['Overview of Margin', 'section'],
    ['Long and Short', 'section'],
    ['', 'section'],
  ])('%j → %s', (heading, type) => {
    expect(sectionType(heading)).toBe(type);
  });
});

describe('splitSections', () => {
  it('opens a section at every level-2 heading, typed by its heading, bodies trimmed of blank lines', () => {
    const lesson = [
      '## Overview',
      '',
      'What a future is.',
      '',
      '## Example: Wheat',
      'A farmer sells 5,000 bushels.',
      '',
      '### The arithmetic',
      '5,000 × $0.10 = $500',
      '## Why It Matters',
      'Because.',
      '## Key Points',
      '- one',
      '- two',
      '## Summary',
      'In short.',
      '',
    ].join('\n');
    expect(splitSections(lesson)).toEqual([
      { type: 'overview', title: 'Overview', body: 'What a future is.' },
      {
        type: 'example',
        title: 'Example: Wheat',
        body: 'A farmer sells 5,000 bushels.\n\n### The arithmetic\n5,000 × $0.10 = $500',
      },
      { type: 'section', title: 'Why It Matters', body: 'Because.' },
      { type: 'keypoint', title: 'Key Points', body: '- one\n- two' },
      { type: 'summary', title: 'Summary', body: 'In short.' },
    ]);
  });

  it('keeps text before the first heading as an untitled section, and drops it when blank', () => {
    expect(splitSections('Intro line.\n\n## Summary\nDone.')).toEqual([
      { type: 'section', title: '', body: 'Intro line.' },
      { type: 'summary', title: 'Summary', body: 'Done.' },
    ]);
    expect(splitSections('\n\n## Summary\nDone.')).toHaveLength(1);
    expect(splitSections('')).toEqual([]);
  });

  it('only `## ` opens a section: not `#`, `###`, `##text`, and a closing `##` is not part of the title', () => {
    const sections = splitSections(
      '## Overview ##\n# Big\n### Small\n##NoSpace\n   ## Indented three\n    ## Indented four (code)\n',
    );
    expect(sections.map((s) => [s.type, s.title])).toEqual([
      ['overview', 'Overview'],
      ['section', 'Indented three'],
    ]);
    expect(sections[0]?.body).toBe('# Big\n### Small\n##NoSpace');
  });

  it('an empty `##` heading opens an untitled-looking section of type section', () => {
    expect(splitSections('##\ntext')).toEqual([{ type: 'section', title: '', body: 'text' }]);
  });

  it('ignores `##` lines inside fenced code (backticks and tildes, longer fences, unclosed fences)', () => {
    const lesson = [
      '## Example',
      '```text',
      '## not a heading',
      '```',
      '~~~~',
      '## still code',
      '~~~',
      '## still code, the fence needs four tildes',
      '~~~~',
      '## Summary',
      '```',
      '## unclosed fence runs to the end',
    ].join('\n');
    const sections = splitSections(lesson);
    expect(sections.map((s) => s.title)).toEqual(['Example', 'Summary']);
    expect(sections[0]?.body).toContain('## not a heading');
    expect(sections[0]?.body).toContain('## still code, the fence needs four tildes');
  });

  it('a backtick "fence" whose info string has a backtick is not a fence', () => {
    expect(splitSections('## A\n```not`a fence\n## B\nx').map((s) => s.title)).toEqual(['A', 'B']);
  });

  it('accepts Windows line ends', () => {
    expect(splitSections('## Overview\r\nText\r\n## Summary\r\nEnd')).toEqual([
      { type: 'overview', title: 'Overview', body: 'Text' },
      { type: 'summary', title: 'Summary', body: 'End' },
    ]);
  });

  it('splits every authored lesson of module 1 into Overview … Key Points, Summary', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(
      __dirname,
      '..',
      '..',
      '..',
      '..',
      'content',
      'course',
      '01-what-futures-are',
      'lessons',
    );
    for (const file of readdirSync(dir)) {
      const body = readFileSync(join(dir, file), 'utf8').replace(/^---[\s\S]*?\n---\n/, '');
      const types = splitSections(body).map((s) => s.type);
      expect(types[0]).toBe('overview');
      expect(types).toContain('example');
      expect(types.at(-2)).toBe('keypoint');
      expect(types.at(-1)).toBe('summary');
    }
  });
});

describe('demoteHeadings', () => {
  it('moves headings down outside code, capped at h6', () => {
    expect(demoteHeadings('### Sub\ntext\n```\n### code\n```\n###### Six\n#NoSpace', 1)).toBe(
      '#### Sub\ntext\n```\n### code\n```\n###### Six\n#NoSpace',
    );
  });
});
