import { type KeyObject, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

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

/**
 * HS256 JWTs with iss, aud, exp, jti; the algorithm is pinned when verifying. Every request's token is
 * checked in full (about 9 us): remembering verified tokens saved that for 770 bytes of heap a learner, and
 * memory, not CPU, bounds how many learners a server takes (docs/performance.md). Revocation is the caller's
 * (logout, erasure: see `authentication`).
 */
export function createTokenService(options: {
  secret: KeyObject;
  expiresInSeconds?: number;
  now?: () => number;
}): TokenService {
  const expiresIn = options.expiresInSeconds ?? 12 * 3600;
  const now = options.now ?? Date.now;
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
        return { userId: payload.sub, issuedAtMs, tokenId: payload.jti };
      } catch {
        return null;
      }
    },
  };
}
