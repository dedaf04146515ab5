import { type KeyObject, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';

export interface TokenClaims {
  userId: string;
  /** Issue time in milliseconds (JWT's `iat` is whole seconds: too coarse to compare with a logout). */
  issuedAtMs: number;
  tokenId: string;
}

export interface TokenService {
  sign(userId: string): string;
  /** The claims of a valid token, or null (wrong signature or algorithm, expired, wrong issuer or audience). */
  verify(token: string): TokenClaims | null;
}

export const TOKEN_ISSUER = 'tickwise';
export const TOKEN_AUDIENCE = 'tickwise-web';

/** Tokens verified lately, kept so a learner's next request skips the signature check (default 10,000). */
const VERIFIED_KEPT = 10_000;

/**
 * HS256 JWTs with iss, aud, exp, jti; the algorithm is pinned when verifying. A token that passed every
 * check is remembered by its exact text with its expiry: the same text again is answered from memory until
 * it expires (a changed character is another text, checked in full). Revocation is the caller's (logout,
 * erasure: see `authentication`).
 */
export function createTokenService(options: {
  secret: KeyObject;
  expiresInSeconds?: number;
  now?: () => number;
}): TokenService {
  const expiresIn = options.expiresInSeconds ?? 12 * 3600;
  const now = options.now ?? Date.now;
  const verified = new LRUCache<string, { claims: TokenClaims; expiresAtSeconds: number }>({
    max: VERIFIED_KEPT,
  });
  return {
    sign(userId) {
      const issuedAtMs = now();
      return jwt.sign({ iat: Math.floor(issuedAtMs / 1000), iat_ms: issuedAtMs }, options.secret, {
        algorithm: 'HS256',
        subject: userId,
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        expiresIn,
        jwtid: randomUUID(),
      });
    },
    verify(token) {
      const clockTimestamp = Math.floor(now() / 1000);
      const known = verified.get(token);
      // As jsonwebtoken decides: expired once the clock reaches `exp`.
      if (known) return clockTimestamp < known.expiresAtSeconds ? known.claims : null;
      try {
        const payload = jwt.verify(token, options.secret, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          clockTimestamp,
        });
        if (
          typeof payload !== 'object' ||
          typeof payload.sub !== 'string' ||
          typeof payload.jti !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return null;
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        const claims = { userId: payload.sub, issuedAtMs, tokenId: payload.jti };
        verified.set(token, { claims, expiresAtSeconds: payload.exp });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
