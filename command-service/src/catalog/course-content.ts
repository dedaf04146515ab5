// Loads and structurally validates the authored course under content/course (format: content/README.md).
// This is the validator that runs at start-up before publishing: any broken file throws a ContentError
// whose message names the file (relative to the repo root) and the problem.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  fenceTracker,
  type LessonSection,
  type ModuleLevel,
  moduleLevels,
  type PublishedQuestion,
  splitSections,
} from '@tickwise/contracts';
import { describe, type Fields, isRecord, SourceFile } from './source-file';

export { ContentError } from './source-file';

export interface Lesson {
  id: number;
  moduleId: number;
  /** 1-based position within the module, from the file's NN prefix. */
  position: number;
  title: string;
  description: string;
  /** Reading time in minutes. */
  duration: number;
  videoUrl: string | null;
  /** The markdown body (everything after the front matter). */
  content: string;
  sections: LessonSection[];
  /** "Check your understanding": practice questions shown after the lesson; they never count toward a score. */
  checks: AuthoredQuestion[];
}

/**
 * A quiz question or lesson check as authored: the published shape, with the explanation and the feedback
 * per wrong option (by its 1-based number) required.
 */
export type AuthoredQuestion = PublishedQuestion & { explanation: string; whyWrong: Record<string, string> };

export interface CourseModule {
  id: number;
  /** The folder name without its NN- prefix. */
  slug: string;
  title: string;
  level: ModuleLevel;
  description: string;
  /** Sum of the lesson durations, in minutes. */
  duration: number;
  lessons: Lesson[];
  /** Empty when the module has no quiz file. */
  quiz: AuthoredQuestion[];
}

export interface Course {
  modules: CourseModule[];
}

/** The repository root (this file lives in command-service/src/catalog). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const COURSE_DIR = path.join(REPO_ROOT, 'content', 'course');

export interface LoadOptions {
  /**
   * The directory file names in error messages are relative to. Defaults to two levels above `dir`
   * (the repo root for `<repo>/content/course`), so messages read `content/course/…` for fixtures too.
   */
  root?: string;
}

const FOLDER_NAME = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const LESSON_FILE_NAME = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const MODULE_FIELDS = ['id', 'title', 'level', 'description'];
const LESSON_FIELDS = ['id', 'title', 'description', 'duration', 'videoUrl', 'checks'];
const QUESTION_FIELDS = ['id', 'question', 'options', 'correctAnswer', 'explanation', 'whyWrong'];
const REQUIRED_SECTIONS: ReadonlyArray<{ type: LessonSection['type']; heading: string }> = [
  { type: 'overview', heading: "'## Overview'" },
  { type: 'example', heading: "a '## Example…' heading" },
  { type: 'keypoint', heading: "'## Key Points' (or 'Key Point', 'Key Takeaways')" },
  { type: 'summary', heading: "'## Summary'" },
];
// An HTML open/close tag, a comment, a doctype or a processing instruction.
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--|<![A-Za-z]|<\?/;

function sortedEntries(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

function checkPositions(file: (name: string) => SourceFile, names: string[], what: string): void {
  names.forEach((name, index) => {
    const prefix = Number(name.slice(0, 2));
    if (prefix !== index + 1) {
      file(name).fail(
        `${what} number ${String(prefix).padStart(2, '0')} out of sequence: expected ${String(index + 1).padStart(2, '0')} (numbers run 01..N without gaps or repeats)`,
      );
    }
  });
}

function parseModule(
  file: SourceFile,
  folderNumber: number,
): Omit<CourseModule, 'slug' | 'lessons' | 'quiz' | 'duration'> {
  const { fields, body } = file.frontMatter();
  file.onlyFields(fields, MODULE_FIELDS);
  const id = file.positiveInteger(fields, 'id');
  const title = file.text(fields, 'title');
  const level = moduleLevels.find((known) => known === fields.level);
  if (!level)
    return file.fail(`'level' must be one of ${moduleLevels.join('|')}, got ${describe(fields.level)}`);
  const description = file.text(fields, 'description');
  if (id !== folderNumber) {
    file.fail(`module id ${id} does not match the folder's number ${String(folderNumber).padStart(2, '0')}`);
  }
  if (body.trim() !== '') file.fail('module.md holds front matter only; move the text into a lesson');
  return { id, title, level, description };
}

function checkNoHtml(file: SourceFile, body: string, firstLine: number): void {
  const inFence = fenceTracker();
  body.split('\n').forEach((line, index) => {
    if (inFence(line)) return;
    const withoutCode = line.replace(/(`+)[^`]*?\1/g, '');
    const tag = HTML_TAG.exec(withoutCode);
    if (tag) {
      file.fail(`line ${firstLine + index}: raw HTML (${tag[0]}) is not allowed in a lesson; use markdown`);
    }
  });
}

function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

function parseLesson(file: SourceFile, moduleId: number, position: number): Lesson {
  const { fields, body } = file.frontMatter();
  file.onlyFields(fields, LESSON_FIELDS);
  const id = file.positiveInteger(fields, 'id');
  const title = file.text(fields, 'title');
  const description = file.text(fields, 'description');
  const duration = file.positiveInteger(fields, 'duration');
  const rawVideo = fields.videoUrl;
  let videoUrl: string | null = null;
  if (rawVideo !== undefined && rawVideo !== null) {
    videoUrl = httpsUrl(rawVideo);
    if (videoUrl === null)
      file.fail(`'videoUrl' must be an https URL when present, got ${describe(rawVideo)}`);
  }
  const content = body.replace(/^\n+/, '').replace(/\s+$/, '');
  if (content === '') file.fail('the lesson has no body after the front matter');
  const frontMatterLines = file.read().split('\n').length - body.split('\n').length;
  checkNoHtml(file, body, frontMatterLines + 1);
  const sections = splitSections(content);
  for (const required of REQUIRED_SECTIONS) {
    if (!sections.some((section) => section.type === required.type)) {
      file.fail(`missing a section of type ${required.type}: add ${required.heading}`);
    }
  }
  const checks = fields.checks === undefined ? [] : parseQuestions(file, fields.checks, 'check');
  return { id, moduleId, position, title, description, duration, videoUrl, content, sections, checks };
}

function normaliseOptions(file: SourceFile, value: unknown, where: string): string[] {
  if (!Array.isArray(value)) return file.fail(`${where}'options' must be a list, got ${describe(value)}`);
  const options = value.map((option: unknown, index) => {
    const text = isRecord(option) ? option.text : option;
    if (typeof text !== 'string' || text.trim() === '') {
      return file.fail(
        `${where}option ${index + 1} must be a non-empty string or an object with a 'text' string, got ${describe(option)}`,
      );
    }
    return text.trim();
  });
  if (options.length < 2) file.fail(`${where}needs at least 2 options, got ${options.length}`);
  return options;
}

function parseQuiz(file: SourceFile, json: boolean): AuthoredQuestion[] {
  const text = file.read();
  let parsed: unknown;
  if (json) {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      file.fail(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    parsed = file.parseYaml(text, 'the quiz');
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.questions)) {
    return file.fail("the quiz must be a mapping with a 'questions' list");
  }
  file.onlyFields(parsed, ['questions']);
  return parseQuestions(file, parsed.questions, 'question');
}

/** Quiz questions and lesson checks share one shape; `label` names them in messages ('question 3 (id 103): …'). */
function parseQuestions(file: SourceFile, list: unknown, label: string): AuthoredQuestion[] {
  if (!Array.isArray(list))
    return file.fail(`'${label === 'check' ? 'checks' : 'questions'}' must be a list`);
  return list.map((raw: unknown, index): AuthoredQuestion => {
    const number = index + 1;
    if (!isRecord(raw)) return file.fail(`${label} ${number}: must be a mapping, got ${describe(raw)}`);
    const id = file.positiveInteger(raw, 'id', `${label} ${number}: `);
    const where = `${label} ${number} (id ${id}): `;
    file.onlyFields(raw, QUESTION_FIELDS, where);
    const question = file.text(raw, 'question', where);
    const options = normaliseOptions(file, raw.options, where);
    const correct = raw.correctAnswer;
    if (typeof correct !== 'number' || !Number.isInteger(correct)) {
      file.fail(`${where}'correctAnswer' must be an integer (1-based), got ${describe(correct)}`);
    }
    if (correct < 1 || correct > options.length) {
      file.fail(`${where}correctAnswer ${correct} is out of range 1-${options.length}`);
    }
    const explanation = file.text(raw, 'explanation', where);
    const whyWrong = parseWhyWrong(file, raw.whyWrong, options.length, correct, where);
    return { id, question, options, correctAnswer: correct, explanation, whyWrong };
  });
}

/** `whyWrong` maps wrong option numbers (1-based) to feedback; the correct option has none. */
function parseWhyWrong(
  file: SourceFile,
  value: unknown,
  optionCount: number,
  correct: number,
  where: string,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) return file.fail(`${where}'whyWrong' must be a mapping of option number to text`);
  const whyWrong: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    const option = Number(key);
    if (!Number.isInteger(option) || option < 1 || option > optionCount) {
      file.fail(`${where}whyWrong names option ${key}, out of range 1-${optionCount}`);
    }
    if (option === correct)
      file.fail(`${where}whyWrong explains option ${option}, which is the correct answer`);
    if (typeof text !== 'string' || text.trim() === '')
      file.fail(`${where}whyWrong ${key} must be non-empty text`);
    whyWrong[option] = text.trim();
  }
  return whyWrong;
}

/**
 * Loads the course from `dir` (default `<repo>/content/course`): every `NN-slug` module folder in order,
 * its `module.md`, its `lessons/NN-slug.md` in order and its `quiz.yaml` or `quiz.json`, validating the
 * structure as it goes. Throws ContentError naming the first broken file and what is wrong with it.
 */
export function loadCourse(dir: string = COURSE_DIR, options: LoadOptions = {}): Course {
  const root = options.root ?? path.resolve(dir, '..', '..');
  const source = (absolute: string): SourceFile =>
    new SourceFile(absolute, path.relative(root, absolute).split(path.sep).join('/'));
  const courseDir = source(dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) courseDir.fail('the course folder does not exist');

  const folders = sortedEntries(dir).filter((name) => statSync(path.join(dir, name)).isDirectory());
  if (folders.length === 0) courseDir.fail('no module folders (expected NN-slug folders)');
  for (const name of folders) {
    if (!FOLDER_NAME.test(name))
      source(path.join(dir, name)).fail('module folder name must look like NN-slug');
  }
  checkPositions((name) => source(path.join(dir, name)), folders, 'module folder');

  const lessonIds = new Map<number, string>();
  const questionIds = new Map<number, string>();
  const modules = folders.map((folder, index): CourseModule => {
    const folderDir = path.join(dir, folder);
    const slug = folder.slice(3);
    const moduleFile = source(path.join(folderDir, 'module.md'));
    if (!existsSync(moduleFile.absolute)) moduleFile.fail('module.md is missing');
    const module = parseModule(moduleFile, index + 1);

    const lessonsDir = path.join(folderDir, 'lessons');
    if (!existsSync(lessonsDir) || !statSync(lessonsDir).isDirectory()) {
      source(lessonsDir).fail('the lessons folder is missing');
    }
    const lessonFiles = sortedEntries(lessonsDir);
    if (lessonFiles.length === 0) source(lessonsDir).fail('no lessons (expected NN-slug.md files)');
    for (const name of lessonFiles) {
      if (!LESSON_FILE_NAME.test(name)) {
        source(path.join(lessonsDir, name)).fail('lesson file name must look like NN-slug.md');
      }
    }
    checkPositions((name) => source(path.join(lessonsDir, name)), lessonFiles, 'lesson');
    const lessons = lessonFiles.map((name, position) => {
      const file = source(path.join(lessonsDir, name));
      const lesson = parseLesson(file, module.id, position + 1);
      const clash = lessonIds.get(lesson.id);
      if (clash) file.fail(`lesson id ${lesson.id} is already used by ${clash}`);
      lessonIds.set(lesson.id, file.name);
      return lesson;
    });

    const yamlFile = source(path.join(folderDir, 'quiz.yaml'));
    const jsonFile = source(path.join(folderDir, 'quiz.json'));
    const hasYaml = existsSync(yamlFile.absolute);
    const hasJson = existsSync(jsonFile.absolute);
    if (hasYaml && hasJson) yamlFile.fail('both quiz.yaml and quiz.json exist; keep one');
    const quizFile = hasJson ? jsonFile : yamlFile;
    const quiz = hasYaml || hasJson ? parseQuiz(quizFile, hasJson) : [];
    quiz.forEach((question, questionIndex) => {
      const clash = questionIds.get(question.id);
      if (clash) {
        quizFile.fail(
          `question ${questionIndex + 1} (id ${question.id}): question id ${question.id} is already used in ${clash}`,
        );
      }
      questionIds.set(question.id, quizFile.name);
    });

    const duration = lessons.reduce((sum, lesson) => sum + lesson.duration, 0);
    return { ...module, slug, duration, lessons, quiz };
  });
  return { modules };
}

function canonical(value: unknown): unknown {
  const toJSON = isRecord(value) ? value.toJSON : undefined;
  if (typeof toJSON === 'function') return canonical(toJSON.call(value));
  if (Array.isArray(value)) return value.map(canonical);
  if (isRecord(value)) {
    const sorted: Fields = {};
    for (const key of Object.keys(value).sort()) sorted[key] = canonical(value[key]);
    return sorted;
  }
  return value;
}

/** sha256 (hex) of the value's JSON with object keys sorted at every depth, so key order never matters. */
export function hashContent(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)) ?? 'undefined')
    .digest('hex');
}
