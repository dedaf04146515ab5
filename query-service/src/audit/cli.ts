// npm run audit -- verify <export.json>: re-verifies an auditor's JSON export offline.
import { readFileSync } from 'node:fs';
import { verifyExport } from './verify-export';

export function runAudit(args: readonly string[], out: (line: string) => void): number {
  const [command, file] = args;
  if (command !== 'verify' || !file) {
    out('usage: npm run audit -- verify <export.json>');
    return 2;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    out(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const result = verifyExport(parsed);
  out(result.ok ? result.summary : `NOT VERIFIED: ${result.problem}`);
  return result.ok ? 0 : 1;
}

if (require.main === module) process.exit(runAudit(process.argv.slice(2), (line) => console.log(line)));
