// A bench section's printed figures, also written as JSON under docs/performance/results/<section>.json so the
// latest run of each section is kept beside the docs that quote it (docs/performance.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const RESULTS_DIR = join(ROOT, 'docs', 'performance', 'results');

export interface Figure {
  readonly name: string;
  readonly value: string;
  /** The bound and its verdict as printed, or context; empty when the line has neither. */
  readonly target: string;
  /** Whether the line's target was met; absent when the line carries no verdict. */
  readonly met?: boolean;
}

/** A printed target's verdict: "NOT MET" fails it, a "met" passes it, anything else carries none. */
export const verdictOf = (target: string): boolean | undefined =>
  /\bNOT MET\b/.test(target) ? false : /\bmet\b/.test(target) ? true : undefined;

/** The machine a result was measured on. */
export const machine = () => ({
  cores: cpus().length,
  model: cpus()[0]?.model ?? 'unknown',
  node: process.version,
});

/** Prints aligned figure lines and keeps them; `write` saves them as the section's latest results. */
export function benchReport(section: string, nameWidth: number, valueWidth: number) {
  const figures: Figure[] = [];
  return {
    report(name: string, value: string, target = '') {
      const met = verdictOf(target);
      figures.push(met === undefined ? { name, value, target } : { name, value, target, met });
      console.log(`${name.padEnd(nameWidth)} ${value.padStart(valueWidth)}  ${target}`);
    },
    /** Writes the kept figures (and any settings) to docs/performance/results/<section>.json; its path. */
    write(settings: Record<string, unknown> = {}): string {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const file = join(RESULTS_DIR, `${section}.json`);
      const met = figures.filter((figure) => figure.met !== undefined);
      const body = {
        kind: section,
        at: new Date().toISOString(),
        machine: machine(),
        settings,
        allTargetsMet: met.every((figure) => figure.met),
        figures,
      };
      writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
      return relative(ROOT, file);
    },
  };
}
