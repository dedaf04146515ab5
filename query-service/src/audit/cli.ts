// npm run audit -- verify <export.json>: re-verifies an auditor's JSON export offline.
// npm run audit -- anchored <file>: finds the export (JSON or CSV) in this Tickwise's event log (DATA_DIR,
// or EVENTSTORE_URL), which records every export an auditor takes with its hash.
import { readFileSync } from 'node:fs';
import { loadStorageConfig, openStorage } from '@tickwise/platform';
import { anchorHashOf, findAnchor } from './anchor';
import { verifyExport } from './verify-export';

const usage = 'usage: npm run audit -- verify <export.json> | anchored <export.json|export.csv>';

function readText(file: string, out: (line: string) => void): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    out(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function verify(file: string, out: (line: string) => void): number {
  const text = readText(file, out);
  if (text === null) return 1;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    out(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const result = verifyExport(parsed);
  out(result.ok ? result.summary : `NOT VERIFIED: ${result.problem}`);
  return result.ok ? 0 : 1;
}

async function anchored(file: string, out: (line: string) => void): Promise<number> {
  const text = readText(file, out);
  if (text === null) return 1;
  const hashed = anchorHashOf(text);
  if ('problem' in hashed) {
    out(`NOT VERIFIED: ${hashed.problem}`);
    return 1;
  }
  const storage = await openStorage(loadStorageConfig());
  try {
    const anchor = await findAnchor(storage.log, hashed.hash);
    if (anchor === null) {
      out(`NOT ANCHORED: no export with hash ${hashed.hash} is recorded in this event log`);
      return 1;
    }
    if (!anchor.chainVerified) {
      out(`NOT VERIFIED: the export is recorded in ${anchor.stream}, but that stream's hash chain is broken`);
      return 1;
    }
    out(
      `Anchored: exported by auditor ${anchor.auditorId} at ${anchor.viewedAt} (${anchor.view}` +
        `${anchor.learnerId ? ` of learner ${anchor.learnerId}` : ''}), recorded as ${anchor.stream} revision ${anchor.revision}; hash ${hashed.hash}`,
    );
    return 0;
  } finally {
    await storage.close();
  }
}

export async function runAudit(args: readonly string[], out: (line: string) => void): Promise<number> {
  const [command, file, ...rest] = args;
  if (!file || rest.length > 0) {
    out(usage);
    return 2;
  }
  if (command === 'verify') return verify(file, out);
  if (command === 'anchored') return anchored(file, out);
  out(usage);
  return 2;
}

if (require.main === module) {
  runAudit(process.argv.slice(2), (line) => console.log(line)).then((code) => process.exit(code));
}
