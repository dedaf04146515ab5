import { demoteHeadings } from './sections';

// The section parser itself (every heading rule) is tested where it lives: contracts/src/lesson-sections.unit.test.ts.
describe('demoteHeadings', () => {
  it('moves headings down outside code, capped at h6', () => {
    expect(demoteHeadings('### Sub\ntext\n```\n### code\n```\n###### Six\n#NoSpace', 1)).toBe(
      '#### Sub\ntext\n```\n### code\n```\n###### Six\n#NoSpace',
    );
  });
});
