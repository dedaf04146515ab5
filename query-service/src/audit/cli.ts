// npm run audit -- verify <export.json> [--key <public-key.pem>]: re-verifies an auditor's JSON export
// offline, its signed checkpoint with the given public key (default: this installation's own key).
// npm run audit -- verify … --witness <verifier key> (repeatable) --quorum N: also requires N of those witnesses'
// cosignatures on the export's checkpoint.
// npm run audit -- witness --url <tickwise> --state <dir> --key <witness key>: one witness round (see witness.ts).
// npm run audit -- verify-proof <proof.json> [same options]: checks an offline proof of one event alone.
// npm run audit -- key: prints the public key that verifies this Tickwise's signed checkpoints.
// npm run audit -- anchored <file>: finds the export (JSON or CSV) in this Tickwise's event log (DATA_DIR,
// or EVENTSTORE_URL), which records every export an auditor takes with its hash.
// npm run audit -- verify-certificate <credential.json> [--issuer <issuer-profile.json>]: checks a certificate
// offline, against a saved issuer profile (default: this installation's certificate key and PUBLIC_URL).
import { readFileSync } from 'node:fs';
import {
  type CheckpointKeys,
  existingCheckpointKeys,
  loadServerConfig,
  loadStorageConfig,
  openStorage,
  parsePublicKey,
  parseVerifierKey,
  type VerifierKey,
} from '@tickwise/platform';
import { installationIssuer, parseIssuerProfile, verifyCertificateFile } from '../certificates/verify-file';
import { anchorHashOf, findAnchor } from './anchor';
import { checkWitnessQuorum } from './verify-cosignatures';
import { verifyExport } from './verify-export';
import { verifyProofBundle } from './verify-proof';
import { runWitness, witnessOptions } from './witness';

const usage =
  'usage: npm run audit -- verify <export.json> [--key <public-key.pem>] [--witness <verifier key>]… [--quorum N]' +
  ' | witness --url <tickwise> --state <dir> --key <witness-key.pem> [--name <key name>]' +
  ' | verify-proof <proof.json> [--key <public-key.pem>] [--witness <verifier key>]… [--quorum N]' +
  ' | anchored <export.json|export.csv> | key' +
  ' | verify-certificate <credential.json> [--issuer <issuer-profile.json>]';

/** This installation's checkpoint key (CHECKPOINT_SIGNING_KEY or DATA_DIR's), without making one. */
function installationKey(): CheckpointKeys | undefined {
  const config = loadServerConfig();
  return existingCheckpointKeys({ dataDir: config.dataDir, signingKey: config.checkpointSigningKey });
}

function printKey(out: (line: string) => void): number {
  const keys = installationKey();
  if (!keys) {
    out('no checkpoint key yet: Tickwise makes one in DATA_DIR on its first start');
    return 1;
  }
  out(`Ed25519 public key ${keys.keyId} (verifies this Tickwise's signed checkpoints):`);
  out(keys.publicKeyPem.trimEnd());
  return 0;
}

function readText(file: string, out: (line: string) => void): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    out(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

interface VerifyOptions {
  keyFile: string | undefined;
  witnesses: string[];
  quorum: number;
}

/** `verify <file> [--key <pem>] [--witness <verifier key>]… [--quorum N]`, or null when the words do not parse. */
function verifyOptions(rest: readonly string[]): VerifyOptions | null {
  const options: VerifyOptions = { keyFile: undefined, witnesses: [], quorum: 0 };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) return null;
    if (flag === '--key') options.keyFile = value;
    else if (flag === '--witness') options.witnesses.push(value);
    else if (flag === '--quorum' && /^\d+$/.test(value)) options.quorum = Number(value);
    else return null;
  }
  if (options.witnesses.length > 0 && options.quorum === 0) options.quorum = options.witnesses.length;
  return options.quorum > options.witnesses.length ? null : options;
}

function verify(file: string, options: VerifyOptions, out: (line: string) => void): number {
  const text = readText(file, out);
  if (text === null) return 1;
  let key: Pick<CheckpointKeys, 'publicKey' | 'keyId'> | undefined;
  if (options.keyFile === undefined) key = installationKey();
  else {
    const pem = readText(options.keyFile, out);
    if (pem === null) return 1;
    try {
      key = parsePublicKey(pem);
    } catch (error) {
      out(`${options.keyFile} is not an Ed25519 public key: ${(error as Error).message}`);
      return 1;
    }
  }
  let witnesses: VerifierKey[];
  try {
    witnesses = options.witnesses.map(parseVerifierKey);
  } catch (error) {
    out(`--witness: ${(error as Error).message}`);
    return 1;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    out(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const result = verifyExport(parsed, key);
  if (!result.ok) {
    out(`NOT VERIFIED: ${result.problem}`);
    return 1;
  }
  if (options.quorum > 0) {
    const quorum = checkWitnessQuorum(
      (parsed as { checkpoint?: never }).checkpoint,
      witnesses,
      options.quorum,
    );
    if (!quorum.ok) {
      out(`NOT VERIFIED: ${quorum.problem}`);
      return 1;
    }
    out(`${result.summary}; ${quorum.summary}`);
    return 0;
  }
  out(result.summary);
  return 0;
}

function verifyProof(file: string, options: VerifyOptions, out: (line: string) => void): number {
  const bundle = readJson(file, out);
  if (bundle === null) return 1;
  let key: Pick<CheckpointKeys, 'publicKey' | 'keyId'> | undefined;
  let witnesses: VerifierKey[];
  try {
    if (options.keyFile !== undefined) {
      const pem = readText(options.keyFile, out);
      if (pem === null) return 1;
      key = parsePublicKey(pem);
    }
    witnesses = options.witnesses.map(parseVerifierKey);
  } catch (error) {
    out(`${(error as Error).message}`);
    return 1;
  }
  const result = verifyProofBundle(bundle.value, { key, witnesses, quorum: options.quorum });
  for (const line of result.lines) out(line);
  return result.ok ? 0 : 1;
}

function readJson(file: string, out: (line: string) => void): { value: unknown } | null {
  const text = readText(file, out);
  if (text === null) return null;
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    out(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function verifyCertificate(
  file: string,
  issuerFile: string | undefined,
  out: (line: string) => void,
): number {
  const credential = readJson(file, out);
  if (credential === null) return 1;
  let profile: ReturnType<typeof installationIssuer>;
  if (issuerFile === undefined) {
    profile = installationIssuer(loadServerConfig());
    if (!profile) {
      out('no certificate key yet: give the issuer profile with --issuer <file> (saved from /api/issuer)');
      return 1;
    }
  } else {
    const given = readJson(issuerFile, out);
    if (given === null) return 1;
    const parsed = parseIssuerProfile(given.value);
    if (typeof parsed === 'string') {
      out(`${issuerFile} is not an issuer profile: ${parsed}`);
      return 1;
    }
    profile = parsed;
  }
  const result = verifyCertificateFile(credential.value, profile, new Date());
  for (const line of result.lines) out(line);
  return result.ok ? 0 : 1;
}

async function anchored(file: string, out: (line: string) => void): Promise<number> {
  const text = readText(file, out);
  if (text === null) return 1;
  const hashed = anchorHashOf(text, installationKey());
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
  if (command === 'key' && file === undefined) return printKey(out);
  const options = command === 'verify' && file ? verifyOptions(rest) : null;
  if (command === 'verify' && file && options) return verify(file, options, out);
  const proofOptions = command === 'verify-proof' && file ? verifyOptions(rest) : null;
  if (command === 'verify-proof' && file && proofOptions) return verifyProof(file, proofOptions, out);
  if (command === 'witness')
    return runWitness(witnessOptions(file === undefined ? [] : [file, ...rest]), out);
  if (command === 'anchored' && file && rest.length === 0) return anchored(file, out);
  if (
    command === 'verify-certificate' &&
    file &&
    (rest.length === 0 || (rest.length === 2 && rest[0] === '--issuer'))
  )
    return verifyCertificate(file, rest[1], out);
  out(usage);
  return 2;
}

if (require.main === module) {
  runAudit(process.argv.slice(2), (line) => console.log(line)).then((code) => process.exit(code));
}
