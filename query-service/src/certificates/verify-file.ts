/**
 * `npm run audit -- verify-certificate <credential.json> [--issuer <issuer-profile.json>]`: checks a
 * certificate offline, against an issuer profile saved from `/api/issuer`, or by default against this
 * installation's own certificate key and PUBLIC_URL. Says what was confirmed and what an offline check
 * cannot say (whether it was revoked since).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { decode, IssuerProfile, isLeft } from '@tickwise/contracts';
import { CERTIFICATE_KEY_FILE, loadCertificateKeys, type ServerConfig } from '@tickwise/platform';
import { checkCredential, issuerProfile, recipientNameOf } from './credential';

/** This installation's issuer profile, or undefined when it has no certificate key yet. */
export function installationIssuer(config: ServerConfig): IssuerProfile | undefined {
  if (!config.certificateSigningKey && !existsSync(join(config.dataDir, CERTIFICATE_KEY_FILE)))
    return undefined;
  const keys = loadCertificateKeys({ dataDir: config.dataDir, signingKey: config.certificateSigningKey });
  return issuerProfile({ publicUrl: config.publicUrl, privateKey: undefined, publicKey: keys.publicKey });
}

export function parseIssuerProfile(value: unknown): IssuerProfile | string {
  const decoded = decode(IssuerProfile, value, 'issuer profile');
  return isLeft(decoded) ? decoded.left : decoded.right;
}

/** The report's lines and whether every check passed. */
export function verifyCertificateFile(
  credential: unknown,
  profile: IssuerProfile,
  now: Date,
): { ok: boolean; lines: string[] } {
  const checks = checkCredential(credential, profile, now);
  const ok = checks.every((c) => c.ok);
  const document = credential as { id?: unknown; name?: unknown; validFrom?: unknown };
  const lines = [
    ok ? 'VERIFIED (offline)' : 'NOT VERIFIED',
    `certificate: ${String(document.id)}`,
    `achievement: ${String(document.name)}`,
  ];
  if (ok) {
    lines.push(
      `awarded to: ${recipientNameOf(credential as never) || '(no name given)'}`,
      `issued: ${String(document.validFrom)} by ${profile.name} (${profile.id})`,
    );
  }
  for (const check of checks)
    lines.push(`${check.ok ? 'confirmed' : 'NOT confirmed'}: ${check.check}: ${check.detail}`);
  lines.push(
    'not checked: whether it was revoked since it was issued (an offline check cannot say): open its verify page to see',
  );
  return { ok, lines };
}
