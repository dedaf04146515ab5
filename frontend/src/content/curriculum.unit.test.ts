import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontMatter } from '../pages/policies';
import { courseStats, curriculum } from './curriculum';

const courseDir = join(__dirname, '..', '..', '..', 'content', 'course');

describe('the landing page curriculum', () => {
  it('matches the authored modules: ids, titles and tiers', () => {
    const authored = readdirSync(courseDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => parseFrontMatter(readFileSync(join(courseDir, entry.name, 'module.md'), 'utf8')).fields)
      .map((fields) => ({ id: Number(fields.id), title: fields.title, level: fields.level }))
      .sort((a, b) => a.id - b.id);
    expect(curriculum).toEqual(authored);
  });

  it('has 12 modules in three tiers of four: Beginner 1–4, Intermediate 5–8, Advanced 9–12', () => {
    expect(curriculum.map((m) => m.level)).toEqual([
      ...Array(4).fill('BEGINNER'),
      ...Array(4).fill('INTERMEDIATE'),
      ...Array(4).fill('ADVANCED'),
    ]);
    expect(courseStats.map((s) => s.value)).toEqual([12, 48, 12]);
  });
});
