import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@nibras/contract';

export interface AccessClaims {
  userId: number;
  role: Role;
  sessionId: string;
}

export class TokenService {
  /**
   * Imported once: handed raw bytes, jose imports the key again for every signature and check,
   * one more round trip through WebCrypto's thread pool each (every signed-in request verifies
   * one token, and the player signs one grant per video).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    readonly accessTtl: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AccessClaims, ttl = this.accessTtl): Promise<string> {
    return new SignJWT({ role: claims.role, sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(await this.key);
  }

  async signRaw(claims: Record<string, unknown>, ttl: number): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + ttl).sign(await this.key);
  }

  async verifyRaw(token: string): Promise<Record<string, unknown> | null> {
    try {
      return (await jwtVerify(token, await this.key, { algorithms: ['HS256'] })).payload;
    } catch {
      return null;
    }
  }

  /** Null for anything but a valid, unexpired HS256 access token of ours. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const role = payload.role;
      if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
      if (role !== 'admin' && role !== 'instructor' && role !== 'participant') return null;
      return { userId, role, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored only as their hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A short-lived, signed permission to fetch one file: <video src> cannot send a bearer header. */
export interface MediaGrant {
  kind: 'lecture';
  id: number;
  userId: number;
}

export async function signMediaGrant(tokens: TokenService, grant: MediaGrant, ttlSeconds = 6 * 3600): Promise<string> {
  return tokens.signRaw({ typ: 'media', kind: grant.kind, mid: grant.id, uid: grant.userId }, ttlSeconds);
}

export async function verifyMediaGrant(tokens: TokenService, token: string): Promise<MediaGrant | null> {
  const payload = await tokens.verifyRaw(token);
  if (!payload || payload.typ !== 'media' || payload.kind !== 'lecture') return null;
  const id = Number(payload.mid);
  const userId = Number(payload.uid);
  return Number.isInteger(id) && Number.isInteger(userId) ? { kind: 'lecture', id, userId } : null;
}

/**
 * A signed permission to fetch the files of one lecture video's streaming ladder (its playlists, segments and
 * thumbnails), carried in their addresses' path (docs/video.md): the master playlist is answered to whoever may watch
 * the lecture, with its rungs' addresses made under such a token, so a player needs no header and a copied address
 * stops working when the token ends.
 */
export interface StreamGrant {
  /** The video's id: its ladder is stored under hls/<videoId>/. */
  videoId: string;
  lectureId: number;
  /** The viewer's account; 0 for a visitor watching a free preview. */
  userId: number;
}

export async function signStreamGrant(tokens: TokenService, grant: StreamGrant, ttlSeconds: number): Promise<string> {
  return tokens.signRaw({ typ: 'stream', vid: grant.videoId, lid: grant.lectureId, uid: grant.userId }, ttlSeconds);
}

export async function verifyStreamGrant(tokens: TokenService, token: string): Promise<(StreamGrant & { expiresAt: number }) | null> {
  const payload = await tokens.verifyRaw(token);
  if (!payload || payload.typ !== 'stream' || typeof payload.vid !== 'string' || !/^[0-9a-f-]{36}$/.test(payload.vid)) return null;
  const lectureId = Number(payload.lid);
  const userId = Number(payload.uid);
  const exp = Number(payload.exp);
  return Number.isInteger(lectureId) && Number.isInteger(userId) && Number.isFinite(exp) ? { videoId: payload.vid, lectureId, userId, expiresAt: exp * 1000 } : null;
}
