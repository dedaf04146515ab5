import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COURSE_DIR, ContentError, hashContent, loadCourse, REPO_ROOT } from './course-content';
import { countWords } from './word-count';
import { findForbiddenClaims } from './wording';

// ---------------------------------------------------------------------------------------------------------
// countWords (the section parser's tests: contracts/src/lesson-sections.unit.test.ts)

describe('countWords', () => {
  it('counts plain words', () => {
    expect(countWords('A futures contract is standardised.')).toBe(5);
  });

  it('ignores heading marks, list bullets, emphasis, quotes and backticks', () => {
    expect(countWords('## Key Points\n- **one** point\n* *two* `code`\n> quoted text\n1. first')).toBe(10);
  });

  it('counts hyphenated words, numbers and money once, and lone symbols not at all', () => {
    expect(countWords('mark-to-market: $4,000 − $3,200 = $800 × 2')).toBe(5);
    expect(countWords('— = × ÷ − | ---')).toBe(0);
  });

  it('counts the code inside a fence but not the fence lines or their info string', () => {
    expect(countWords('```yaml\nid: 1\n```\nend')).toBe(3);
  });

  it('is zero for blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t\n')).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// loadCourse fixtures

const VALID_BODY = [
  '## Overview',
  'What this lesson covers.',
  '',
  '## Example: Gold',
  '100 oz × $15.50 = $1,550.',
  '',
  '## Key Points',
  '- First takeaway.',
  '- Second takeaway.',
  '',
  '## Summary',
  'The end.',
  '',
].join('\n');

const LEVEL = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;

function moduleMd(id: number, extra = ''): string {
  return `---\nid: ${id}\ntitle: Module ${id}\nlevel: ${LEVEL[(id - 1) % 3]}\ndescription: About module ${id}.\n${extra}---\n`;
}

function lessonMd(
  id: number,
  opts: { duration?: number | string; extra?: string; body?: string } = {},
): string {
  const duration = opts.duration ?? 3;
  return `---\nid: ${id}\ntitle: Lesson ${id}\ndescription: About lesson ${id}.\nduration: ${duration}\n${opts.extra ?? ''}---\n\n${opts.body ?? VALID_BODY}`;
}

function question(id: number, overrides = ''): string {
  return overrides !== ''
    ? overrides
    : [
        `  - id: ${id}`,
        `    question: Question ${id}?`,
        '    options:',
        '      - Alpha',
        '      - Beta',
        '      - Gamma',
        '      - Delta',
        '    correctAnswer: 2',
        `    explanation: Because of ${id}.`,
      ].join('\n');
}

function quizYaml(moduleId: number): string {
  return `questions:\n${question(moduleId * 100 + 1)}\n${question(moduleId * 100 + 2)}\n`;
}

let tmp: string;
let courseDir: string;

/** Writes a file relative to the fixture's content/course folder. */
function put(relative: string, text: string): void {
  const file = path.join(courseDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function remove(relative: string): void {
  rmSync(path.join(courseDir, relative), { recursive: true, force: true });
}

/** A valid two-module course: 01-alpha (lessons 1, 2) and 02-beta (lesson 3), each with a quiz. */
function writeValidCourse(): void {
  put('01-alpha/module.md', moduleMd(1));
  put('01-alpha/lessons/01-first.md', lessonMd(1, { duration: 4 }));
  put(
    '01-alpha/lessons/02-second.md',
    lessonMd(2, { duration: 5, extra: 'videoUrl: https://video.example/2\n' }),
  );
  put('01-alpha/quiz.yaml', quizYaml(1));
  put('02-beta/module.md', moduleMd(2));
  put('02-beta/lessons/01-third.md', lessonMd(3));
  put('02-beta/quiz.yaml', quizYaml(2));
}

function loadError(): ContentError {
  try {
    loadCourse(courseDir);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected loadCourse to throw a ContentError');
}

function expectError(file: string, problem: string | RegExp): void {
  const error = loadError();
  expect(error.file).toBe(file);
  expect(error.message.startsWith(`${file}: `)).toBe(true);
  if (typeof problem === 'string') expect(error.message).toBe(`${file}: ${problem}`);
  else expect(error.message).toMatch(problem);
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tickwise-course-'));
  courseDir = path.join(tmp, 'content', 'course');
  writeValidCourse();
});

afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('loadCourse on a valid course', () => {
  it('returns modules, lessons and quizzes as typed plain objects', () => {
    const course = loadCourse(courseDir);
    expect(course.modules.map((m) => [m.id, m.slug, m.level, m.duration])).toEqual([
      [1, 'alpha', 'BEGINNER', 9],
      [2, 'beta', 'INTERMEDIATE', 3],
    ]);
    const [alpha] = course.modules;
    expect(alpha?.title).toBe('Module 1');
    expect(alpha?.description).toBe('About module 1.');
    expect(alpha?.lessons.map((l) => [l.id, l.moduleId, l.position, l.duration, l.videoUrl])).toEqual([
      [1, 1, 1, 4, null],
      [2, 1, 2, 5, 'https://video.example/2'],
    ]);
    const lesson = alpha?.lessons[0];
    expect(lesson?.title).toBe('Lesson 1');
    expect(lesson?.description).toBe('About lesson 1.');
    expect(lesson?.content).toBe(VALID_BODY.trim());
    expect(lesson?.sections.map((s) => s.type)).toEqual(['overview', 'example', 'keypoint', 'summary']);
    expect(alpha?.quiz[1]).toEqual({
      id: 102,
      question: 'Question 102?',
      options: ['Alpha', 'Beta', 'Gamma', 'Delta'],
      correctAnswer: 2,
      explanation: 'Because of 102.',
      whyWrong: {},
    });
    expect(JSON.parse(JSON.stringify(course))).toEqual(course);
  });

  it('names errors relative to the root option when given', () => {
    put('02-beta/module.md', moduleMd(2).replace('level: INTERMEDIATE', 'level: EXPERT'));
    expect(() => loadCourse(courseDir, { root: courseDir })).toThrow(/^02-beta\/module\.md: /);
  });

  it('reads quiz.json and normalises options given as objects with a text field', () => {
    remove('02-beta/quiz.yaml');
    put(
      '02-beta/quiz.json',
      JSON.stringify({
        questions: [
          {
            id: 201,
            question: 'Which?',
            options: [{ text: 'One' }, 'Two', { text: ' Three ' }],
            correctAnswer: 3,
            explanation: 'Three.',
          },
        ],
      }),
    );
    expect(loadCourse(courseDir).modules[1]?.quiz).toEqual([
      {
        id: 201,
        question: 'Which?',
        options: ['One', 'Two', 'Three'],
        correctAnswer: 3,
        explanation: 'Three.',
        whyWrong: {},
      },
    ]);
  });

  const CHECKS = [
    'checks:',
    '  - id: 10011',
    '    question: Which one?',
    '    options: [Alpha, Beta, Gamma]',
    '    correctAnswer: 3',
    '    explanation: Gamma is right.',
    '    whyWrong:',
    '      1: Alpha mixes up the two.',
    '      2: Beta forgets the size.',
    '',
  ].join('\n');

  it("reads a lesson's checks and every question's feedback on its wrong options", () => {
    put('01-alpha/lessons/01-first.md', lessonMd(1, { duration: 4, extra: CHECKS }));
    const [first] = loadCourse(courseDir).modules[0]?.lessons ?? [];
    expect(first?.checks).toEqual([
      {
        id: 10011,
        question: 'Which one?',
        options: ['Alpha', 'Beta', 'Gamma'],
        correctAnswer: 3,
        explanation: 'Gamma is right.',
        whyWrong: { 1: 'Alpha mixes up the two.', 2: 'Beta forgets the size.' },
      },
    ]);
    expect(loadCourse(courseDir).modules[0]?.lessons[1]?.checks).toEqual([]);
  });

  it.each([
    [
      'explains the correct option',
      CHECKS.replace('      2: Beta', '      3: Beta'),
      'check 1 (id 10011): whyWrong explains option 3, which is the correct answer',
    ],
    [
      'names an option that does not exist',
      CHECKS.replace('      2: Beta', '      4: Beta'),
      'check 1 (id 10011): whyWrong names option 4, out of range 1-3',
    ],
    [
      'gives empty feedback',
      CHECKS.replace('Beta forgets the size.', "''"),
      'check 1 (id 10011): whyWrong 2 must be non-empty text',
    ],
    ['is not a list', 'checks: one\n', "'checks' must be a list"],
  ])('refuses checks whose feedback %s', (_what, extra, problem) => {
    put('01-alpha/lessons/01-first.md', lessonMd(1, { duration: 4, extra }));
    expectError('content/course/01-alpha/lessons/01-first.md', problem);
  });

  it('gives a module without a quiz file an empty quiz', () => {
    remove('02-beta/quiz.yaml');
    expect(loadCourse(courseDir).modules[1]?.quiz).toEqual([]);
  });

  it('ignores ## inside fenced code, and HTML inside code spans and fences', () => {
    const body = `${VALID_BODY}\n## Notes\nUse \`<br>\` never.\n\n\`\`\`\n<div>code</div>\n## Summary\n\`\`\`\n`;
    put('02-beta/lessons/01-third.md', lessonMd(3, { body }));
    const sections = loadCourse(courseDir).modules[1]?.lessons[0]?.sections ?? [];
    expect(sections.map((s) => s.type)).toEqual(['overview', 'example', 'keypoint', 'summary', 'section']);
  });

  it('accepts a Windows-edited file with a byte-order mark and CRLF line endings', () => {
    put('02-beta/lessons/01-third.md', `\uFEFF${lessonMd(3).replace(/\n/g, '\r\n')}`);
    expect(loadCourse(courseDir).modules[1]?.lessons[0]?.sections).toHaveLength(4);
  });

  it('ignores hidden files', () => {
    put('.DS_Store', 'x');
    put('01-alpha/lessons/.notes', 'x');
    expect(loadCourse(courseDir).modules).toHaveLength(2);
  });
});

describe('loadCourse errors name the file and the problem', () => {
  const lesson = 'content/course/01-alpha/lessons/02-second.md';
  const mod = 'content/course/02-beta/module.md';
  const quiz = 'content/course/02-beta/quiz.yaml';

  it('is a ContentError carrying the file and the problem', () => {
    put('02-beta/module.md', moduleMd(2).replace('level: INTERMEDIATE', 'level: EXPERT'));
    const error = loadError();
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ContentError');
    expect(error.file).toBe(mod);
    expect(error.problem).toBe(`'level' must be one of BEGINNER|INTERMEDIATE|ADVANCED, got "EXPERT"`);
  });

  it('front matter missing', () => {
    put('01-alpha/lessons/02-second.md', VALID_BODY);
    expectError(lesson, "front matter missing: the file must start with a '---' line");
  });

  it('front matter not closed', () => {
    put('01-alpha/lessons/02-second.md', `---\nid: 2\ntitle: x\n${VALID_BODY}`);
    expectError(lesson, "front matter is not closed by a '---' line");
  });

  it('front matter not parseable', () => {
    put('01-alpha/lessons/02-second.md', lessonMd(2, { extra: 'title: [unclosed\n' }));
    expectError(
      lesson,
      /^content\/course\/01-alpha\/lessons\/02-second\.md: front matter is not valid YAML: /,
    );
  });

  it('front matter that is not a mapping', () => {
    put('01-alpha/lessons/02-second.md', `---\n- a list\n---\n${VALID_BODY}`);
    expectError(lesson, 'front matter must be a mapping of fields (key: value)');
  });

  it.each([
    ['title', "'title' must be a non-empty string, got missing"],
    ['description', "'description' must be a non-empty string, got missing"],
    ['duration', "'duration' must be a positive integer, got missing"],
    ['id', "'id' must be a positive integer, got missing"],
  ])('missing lesson front matter field %s', (field, problem) => {
    const text = lessonMd(2).replace(new RegExp(`^${field}: .*\\n`, 'm'), '');
    put('01-alpha/lessons/02-second.md', text);
    expectError(lesson, problem);
  });

  it.each([
    ['title', "'title' must be a non-empty string, got missing"],
    ['level', "'level' must be one of BEGINNER|INTERMEDIATE|ADVANCED, got missing"],
    ['description', "'description' must be a non-empty string, got missing"],
  ])('missing module front matter field %s', (field, problem) => {
    put('02-beta/module.md', moduleMd(2).replace(new RegExp(`^${field}: .*\\n`, 'm'), ''));
    expectError(mod, problem);
  });

  it('bad level', () => {
    put('02-beta/module.md', moduleMd(2).replace('level: INTERMEDIATE', 'level: intermediate'));
    expectError(mod, `'level' must be one of BEGINNER|INTERMEDIATE|ADVANCED, got "intermediate"`);
  });

  it.each([
    ['0', '0'],
    ['-3', '-3'],
    ['1.5', '1.5'],
    ['"2"', '"2"'],
  ])('lesson id %s is not a positive integer', (value, shown) => {
    put('01-alpha/lessons/02-second.md', lessonMd(2).replace('id: 2', `id: ${value}`));
    expectError(lesson, `'id' must be a positive integer, got ${shown}`);
  });

  it('duration that is not a positive integer', () => {
    put('01-alpha/lessons/02-second.md', lessonMd(2, { duration: '2.5' }));
    expectError(lesson, "'duration' must be a positive integer, got 2.5");
  });

  it.each(['http://video.example/2', 'not a url', 'javascript:alert(1)', '42'])('videoUrl %s', (value) => {
    put('01-alpha/lessons/02-second.md', lessonMd(2, { extra: `videoUrl: ${JSON.stringify(value)}\n` }));
    expectError(lesson, `'videoUrl' must be an https URL when present, got ${JSON.stringify(value)}`);
  });

  it('an unknown front matter field (a typo would otherwise be silently dropped)', () => {
    put('01-alpha/lessons/02-second.md', lessonMd(2, { extra: 'videoURL: https://video.example/2\n' }));
    expectError(
      lesson,
      "unknown field 'videoURL' (allowed: id, title, description, duration, videoUrl, checks)",
    );
  });

  it('module id that does not match the folder number', () => {
    put('02-beta/module.md', moduleMd(3));
    expectError(mod, "module id 3 does not match the folder's number 02");
  });

  it('module folders that are not contiguous from 01', () => {
    remove('02-beta');
    put('03-gamma/module.md', moduleMd(3));
    put('03-gamma/lessons/01-x.md', lessonMd(3));
    expectError(
      'content/course/03-gamma',
      'module folder number 03 out of sequence: expected 02 (numbers run 01..N without gaps or repeats)',
    );
  });

  it('a module folder not named NN-slug', () => {
    put('2-beta/module.md', moduleMd(2));
    expectError('content/course/2-beta', 'module folder name must look like NN-slug');
  });

  it('missing module.md', () => {
    remove('02-beta/module.md');
    expectError(mod, 'module.md is missing');
  });

  it('module.md with a body', () => {
    put('02-beta/module.md', `${moduleMd(2)}\nSome text.\n`);
    expectError(mod, 'module.md holds front matter only; move the text into a lesson');
  });

  it('lesson files that are not contiguous from 01', () => {
    remove('01-alpha/lessons/02-second.md');
    put('01-alpha/lessons/03-second.md', lessonMd(2));
    expectError(
      'content/course/01-alpha/lessons/03-second.md',
      'lesson number 03 out of sequence: expected 02 (numbers run 01..N without gaps or repeats)',
    );
  });

  it('a lesson file not named NN-slug.md', () => {
    put('01-alpha/lessons/03-Third.md', lessonMd(4));
    expectError('content/course/01-alpha/lessons/03-Third.md', 'lesson file name must look like NN-slug.md');
  });

  it('duplicate lesson id across modules', () => {
    put('02-beta/lessons/01-third.md', lessonMd(2));
    expectError('content/course/02-beta/lessons/01-third.md', `lesson id 2 is already used by ${lesson}`);
  });

  it('duplicate question id across quizzes', () => {
    put('02-beta/quiz.yaml', `questions:\n${question(201)}\n${question(102)}\n`);
    expectError(
      quiz,
      'question 2 (id 102): question id 102 is already used in content/course/01-alpha/quiz.yaml',
    );
  });

  it('correctAnswer out of range', () => {
    put('02-beta/quiz.yaml', quizYaml(2).replace(/correctAnswer: 2/g, 'correctAnswer: 5'));
    expectError(quiz, 'question 1 (id 201): correctAnswer 5 is out of range 1-4');
  });

  it('correctAnswer 0 (a 0-based answer) is out of range', () => {
    put(
      '02-beta/quiz.yaml',
      `questions:\n${question(201)}\n${question(202).replace('correctAnswer: 2', 'correctAnswer: 0')}\n`,
    );
    expectError(quiz, 'question 2 (id 202): correctAnswer 0 is out of range 1-4');
  });

  it('correctAnswer that is not an integer', () => {
    put('02-beta/quiz.yaml', quizYaml(2).replace(/correctAnswer: 2/g, 'correctAnswer: "B"'));
    expectError(quiz, `question 1 (id 201): 'correctAnswer' must be an integer (1-based), got "B"`);
  });

  it('fewer than two options', () => {
    put('02-beta/quiz.yaml', quizYaml(2).replace(/ {6}- Beta\n {6}- Gamma\n {6}- Delta\n/g, ''));
    expectError(quiz, 'question 1 (id 201): needs at least 2 options, got 1');
  });

  it('an option that is neither a string nor an object with text', () => {
    put('02-beta/quiz.yaml', quizYaml(2).replace('- Gamma', '- { label: Gamma }'));
    expectError(
      quiz,
      "question 1 (id 201): option 3 must be a non-empty string or an object with a 'text' string, got an object",
    );
  });

  it('empty explanation', () => {
    put('02-beta/quiz.yaml', quizYaml(2).replace('explanation: Because of 202.', 'explanation: "  "'));
    expectError(quiz, `question 2 (id 202): 'explanation' must be a non-empty string, got "  "`);
  });

  it('empty question text', () => {
    put('02-beta/quiz.yaml', quizYaml(2).replace('question: Question 201?', 'question: ""'));
    expectError(quiz, `question 1 (id 201): 'question' must be a non-empty string, got ""`);
  });

  it('a question without a valid id', () => {
    put('02-beta/quiz.yaml', quizYaml(2).replace('id: 202', 'id: two'));
    expectError(quiz, `question 2: 'id' must be a positive integer, got "two"`);
  });

  it('a quiz without a questions list', () => {
    put('02-beta/quiz.yaml', '- id: 201\n');
    expectError(quiz, "the quiz must be a mapping with a 'questions' list");
  });

  it('an unparseable quiz', () => {
    put('02-beta/quiz.yaml', 'questions: [\n');
    expectError(quiz, /^content\/course\/02-beta\/quiz\.yaml: the quiz is not valid YAML: /);
  });

  it('an unparseable quiz.json', () => {
    remove('02-beta/quiz.yaml');
    put('02-beta/quiz.json', '{ "questions": [ ');
    expectError(
      'content/course/02-beta/quiz.json',
      /^content\/course\/02-beta\/quiz\.json: not valid JSON: /,
    );
  });

  it('both quiz.yaml and quiz.json', () => {
    put('02-beta/quiz.json', '{"questions": []}');
    expectError(quiz, 'both quiz.yaml and quiz.json exist; keep one');
  });

  it('missing Example section', () => {
    put(
      '01-alpha/lessons/02-second.md',
      lessonMd(2, { body: VALID_BODY.replace('## Example: Gold', '## Worked Example') }),
    );
    expectError(lesson, "missing a section of type example: add a '## Example…' heading");
  });

  it.each([
    ['## Overview', 'overview'],
    ['## Key Points', 'keypoint'],
    ['## Summary', 'summary'],
  ])('missing %s section', (heading, type) => {
    put(
      '01-alpha/lessons/02-second.md',
      lessonMd(2, { body: VALID_BODY.replace(heading, '## Something Else') }),
    );
    expectError(lesson, new RegExp(`: missing a section of type ${type}: add `));
  });

  it('a required heading only inside a code fence does not count', () => {
    const body = VALID_BODY.replace('## Summary\nThe end.', '```\n## Summary\n```');
    put('01-alpha/lessons/02-second.md', lessonMd(2, { body }));
    expectError(lesson, "missing a section of type summary: add '## Summary'");
  });

  it('a lesson without a body', () => {
    put('01-alpha/lessons/02-second.md', lessonMd(2, { body: '\n\n' }));
    expectError(lesson, 'the lesson has no body after the front matter');
  });

  it.each([
    ['<div class="x">boxed</div>', '<div class="x">'],
    ['Text with a <br> break', '<br>'],
    ['A <script>alert(1)</script>', '<script>'],
    ['An <img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['A <!-- comment -->', '<!--'],
    ['Closing </p> only', '</p>'],
  ])('raw HTML in the body: %s', (html, tag) => {
    put('01-alpha/lessons/02-second.md', lessonMd(2, { body: VALID_BODY.replace('The end.', html) }));
    // Front matter takes lines 1–6, a blank line 7, then the body from line 8; "The end." is body line 12.
    expectError(lesson, `line 19: raw HTML (${tag}) is not allowed in a lesson; use markdown`);
  });

  it('comparisons such as a < b and 3 > 2 are not HTML', () => {
    put(
      '01-alpha/lessons/02-second.md',
      lessonMd(2, { body: VALID_BODY.replace('The end.', 'If a < b and 3 > 2, then x<5.') }),
    );
    expect(() => loadCourse(courseDir)).not.toThrow();
  });

  it('a missing course folder', () => {
    expect(() => loadCourse(path.join(tmp, 'content', 'nope'))).toThrow(
      new ContentError('content/nope', 'the course folder does not exist'),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// hashContent, defaults and wording

describe('hashContent', () => {
  it('is the sha256 hex of the canonical JSON', () => {
    // sha256 of '{"a":1,"b":[2,{"c":3,"d":4}]}'
    const hash = hashContent({ b: [2, { d: 4, c: 3 }], a: 1 });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update('{"a":1,"b":[2,{"c":3,"d":4}]}').digest('hex'));
  });

  it('ignores key order at every depth but not array order or values', () => {
    const a = hashContent({ x: 1, y: { p: [1, 2], q: 'z' } });
    expect(hashContent({ y: { q: 'z', p: [1, 2] }, x: 1 })).toBe(a);
    expect(hashContent({ x: 1, y: { p: [2, 1], q: 'z' } })).not.toBe(a);
    expect(hashContent({ x: 2, y: { p: [1, 2], q: 'z' } })).not.toBe(a);
  });

  it('hashes a loaded module the same however often it is loaded, and differently after an edit', () => {
    const before = hashContent(loadCourse(courseDir).modules[0]);
    expect(hashContent(loadCourse(courseDir).modules[0])).toBe(before);
    put(
      '01-alpha/lessons/01-first.md',
      lessonMd(1, { duration: 4, body: VALID_BODY.replace('The end.', 'Fin.') }),
    );
    expect(hashContent(loadCourse(courseDir).modules[0])).not.toBe(before);
  });
});

describe('defaults', () => {
  it('the default course folder is <repo>/content/course', () => {
    expect(COURSE_DIR).toBe(path.join(REPO_ROOT, 'content', 'course'));
    expect(path.relative(REPO_ROOT, __filename).split(path.sep).join('/')).toBe(
      'command-service/src/catalog/course-content.int.test.ts',
    );
  });
});

describe('findForbiddenClaims', () => {
  it.each([
    'Profits are guaranteed.',
    'We guarantee results.',
    'A risk-free trade',
    'a risk free trade',
    'a CFTC-approved course',
    'approved by the CFTC',
    'CFTC-certified mentors',
    'certified by the CFTC',
    "you can't lose",
    'you can’t lose',
    'you cannot lose',
    'there is no risk',
    'a sure thing',
    'endorsed by the NFA',
    'Tickwise is registered and endorsed by the CFTC',
  ])('flags %j', (text) => {
    expect(findForbiddenClaims(text)).toHaveLength(1);
  });

  it.each([
    'Tickwise is not endorsed by the CFTC.',
    'Tickwise is **not endorsed by the CFTC**.',
    'Tickwise is **not** endorsed by any exchange.',
    'No exchange has ever, or will ever be, asked; it was never endorsed by one.',
    'neither registered nor endorsed by the NFA',
    'a stop does not ensure the exit price',
    'no risky shortcut',
    'the NFA approved the rule change',
  ])('allows %j', (text) => {
    expect(findForbiddenClaims(text)).toEqual([]);
  });

  it('reports the line a phrase starts on, also across a line break', () => {
    expect(findForbiddenClaims('fine\nfine\nthis is risk-\nfree and approved by the\nCFTC')).toEqual([
      { line: 3, phrase: 'risk- free' },
      { line: 4, phrase: 'approved by the CFTC' },
    ]);
  });
});
