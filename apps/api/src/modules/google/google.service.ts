import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { GoogleError } from '@nibras/contract';
import { isUniqueViolation } from '../../db/unique-violation';
import { hashPassword } from '../../lib/passwords';
import { sanitizePlainText } from '../../lib/sanitize';
import type { AppContext } from '../../context';
import { startHandoffSession } from '../sessions/sessions.service';
import { findUserByEmailForGoogle, findUserByGoogleSubject, insertGoogleUser, linkGoogleSubject, setUserLang } from './google.queries';

export type MemberRole = 'participant' | 'instructor';
type Lang = 'ar' | 'en';

/** How long a started sign-in may take at the provider before its flow cookie is gone. */
const FLOW_TTL_SECONDS = 600;

export function googleEnabled(ctx: AppContext): boolean {
  return !!ctx.config.oidc.clientId;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Only a loopback issuer may speak plain http: the tests' local provider. */
export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

const discovered = new WeakMap<AppContext, Promise<client.Configuration>>();

/** The provider's metadata, fetched once per app; a failed discovery is tried again next time. */
function providerConfig(ctx: AppContext): Promise<client.Configuration> {
  let pending = discovered.get(ctx);
  if (!pending) {
    const { issuer, clientId, clientSecret } = ctx.config.oidc;
    const insecure = isLoopbackHttp(issuer);
    pending = client
      .discovery(new URL(issuer), clientId!, clientSecret, undefined, {
      // The ID token's signature is checked against the provider's published keys, though it comes straight from its token endpoint.
      execute: insecure ? [client.enableNonRepudiationChecks, client.allowInsecureRequests] : [client.enableNonRepudiationChecks],
      timeout: 10,
    });
    pending.catch(() => discovered.delete(ctx));
    discovered.set(ctx, pending);
  }
  return pending;
}

export function callbackUrl(ctx: AppContext, role: MemberRole): string {
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/${role}/auth/google/call-back`;
}

function webUrl(ctx: AppContext, path: string): string {
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}${path}`;
}

export function dashboardPath(role: MemberRole): string {
  return `/${role}/dashboard`;
}

/** A backslash, a control character or whitespace other than the space: browsers read them as ways off the site. */
function hasUnsafeCharacter(value: string): boolean {
  return [...value].some((c) => c === '\\' || c < ' ' || (c >= '\u007f' && c <= '\u009f') || (c !== ' ' && /\s/.test(c)));
}

/**
 * The return address: a same-site path or nothing. Decoded (repeatedly, up to three times) before
 * each check, so an encoded '//' or '\' cannot slip through; it must start with exactly one '/',
 * hold no backslash, control character or whitespace at the start, and stay on the site when a
 * browser resolves it.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  let decoded = value;
  for (let i = 0; i < 3; i += 1) {
    const forms = [decoded];
    try {
      forms.push(decodeURIComponent(decoded));
    } catch {
      return null;
    }
    for (const form of forms) {
      if (!form.startsWith('/') || form.startsWith('//') || form.startsWith('/\\')) return null;
      if (hasUnsafeCharacter(form) || /^\/[^/?#]*:/.test(form)) return null;
    }
    if (forms[1] === decoded) break;
    decoded = forms[1]!;
  }
  try {
    const base = 'https://nibras.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export function flowCookieName(role: MemberRole): string {
  return `nibras_google_${role}`;
}

function cookie(ctx: AppContext, role: MemberRole, value: string, maxAge: number): string {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${flowCookieName(role)}=${value}; Path=/api/${role}/auth/google; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearFlowCookie(ctx: AppContext, role: MemberRole): string {
  return cookie(ctx, role, '', 0);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The start: fresh state, nonce and PKCE verifier, kept in a signed, httpOnly, SameSite=Lax
 * cookie scoped to the call-back for ten minutes, and the provider's authorization URL.
 */
export async function startGoogleSignIn(ctx: AppContext, role: MemberRole, returnTo: unknown, lang: Lang): Promise<{ location: string; setCookie?: string }> {
  const ret = safeReturnPath(returnTo) ?? dashboardPath(role);
  let config: client.Configuration;
  try {
    config = await providerConfig(ctx);
  } catch {
    return { location: loginErrorUrl(ctx, role, 'failed') };
  }
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx, role),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const flow = await ctx.tokens.signRaw({ typ: 'oidc-flow', role, st: state, no: nonce, cv: verifier, ret, lang }, FLOW_TTL_SECONDS);
  return { location: url.href, setCookie: cookie(ctx, role, flow, FLOW_TTL_SECONDS) };
}

export function loginErrorUrl(ctx: AppContext, role: MemberRole, error: GoogleError): string {
  return webUrl(ctx, `/${role}/login?${new URLSearchParams({ google_error: error }).toString()}`);
}

class SignInRefused extends Error {
  constructor(readonly code: GoogleError) {
    super(code);
  }
}

function pick(info: client.UserInfoResponse) {
  return { email: info.email, email_verified: info.email_verified, name: info.name };
}

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  ret: string;
  lang: Lang;
}

async function readFlow(ctx: AppContext, role: MemberRole, cookieHeader: string | undefined): Promise<Flow | null> {
  const raw = readCookie(cookieHeader, flowCookieName(role));
  const claims = raw ? await ctx.tokens.verifyRaw(raw) : null;
  if (!claims || claims.typ !== 'oidc-flow' || claims.role !== role) return null;
  const { st, no, cv, ret, lang } = claims;
  if (typeof st !== 'string' || typeof no !== 'string' || typeof cv !== 'string' || typeof ret !== 'string') return null;
  return { state: st, nonce: no, verifier: cv, ret: safeReturnPath(ret) ?? dashboardPath(role), lang: lang === 'en' ? 'en' : 'ar' };
}

function nameFrom(claims: client.IDToken, email: string): string {
  const given = typeof claims.name === 'string' ? sanitizePlainText(claims.name).replace(/\s+/g, ' ').trim().slice(0, 100) : '';
  return given.length >= 2 ? given : email.split('@')[0]!.slice(0, 100) || 'Google';
}

/**
 * Who the provider vouched for, in this role: the account linked to the subject; else the
 * account with the email, linked now, only when the provider says the email is verified; else a
 * new account (also only for a verified email, so nobody takes an address they do not own).
 */
async function findOrCreate(ctx: AppContext, role: MemberRole, claims: client.IDToken, lang: Lang) {
  const linked = await findUserByGoogleSubject(ctx.db, role, claims.sub);
  if (linked) {
    if (linked.deactivatedAt) throw new SignInRefused('account_disabled');
    await setUserLang(ctx.db, linked.id, lang);
    return linked;
  }
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email || email.length > 254 || !email.includes('@')) throw new SignInRefused('email_missing');
  if (claims.email_verified !== true) throw new SignInRefused('email_unverified');
  const existing = await findUserByEmailForGoogle(ctx.db, role, email);
  if (existing) {
    if (existing.googleSubject) throw new SignInRefused('linked_elsewhere');
    if (existing.deactivatedAt) throw new SignInRefused('account_disabled');
    if (!(await linkGoogleSubject(ctx.db, existing.id, claims.sub, lang))) throw new SignInRefused('linked_elsewhere');
    return existing;
  }
  try {
    // Nobody knows this password: the account signs in with Google until its owner resets one.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    return await insertGoogleUser(ctx.db, { role, name: nameFrom(claims, email), email, passwordHash, googleSubject: claims.sub, lang });
  } catch (error) {
    // Two call-backs for the same new person at once: the other one created the account.
    if (isUniqueViolation(error)) throw new SignInRefused('failed');
    throw error;
  }
}

/**
 * The call-back: the flow cookie must be there and signed; openid-client checks state, PKCE,
 * the issuer (RFC 9207 `iss` too when the provider sends it), and the ID token's signature,
 * issuer, audience, expiry and nonce. Success: a hand-off code for the web app's
 * /{role}/google/login, which signs in and goes to the return path. Failure: the login screen
 * with an error code, nobody signed in.
 */
export async function finishGoogleSignIn(
  ctx: AppContext,
  role: MemberRole,
  requestUrl: string,
  cookieHeader: string | undefined,
  log: (error: unknown) => void,
): Promise<string> {
  const search = requestUrl.includes('?') ? requestUrl.slice(requestUrl.indexOf('?')) : '';
  const params = new URLSearchParams(search);
  const flow = await readFlow(ctx, role, cookieHeader);
  if (params.has('error')) return loginErrorUrl(ctx, role, params.get('error') === 'access_denied' ? 'cancelled' : 'failed');
  if (!flow) return loginErrorUrl(ctx, role, 'expired');
  try {
    const config = await providerConfig(ctx);
    const current = new URL(callbackUrl(ctx, role));
    current.search = search;
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new SignInRefused('failed');
    // Google puts the email in the ID token; a provider that keeps it for the UserInfo endpoint is asked there (same subject checked).
    const claims =
      idClaims.email === undefined ? { ...idClaims, ...pick(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)) } : idClaims;
    const user = await findOrCreate(ctx, role, claims, flow.lang);
    const code = await startHandoffSession(ctx, { id: user.id, role, email: user.email });
    return webUrl(ctx, `/${role}/google/login#${new URLSearchParams({ code, return: flow.ret }).toString()}`);
  } catch (error) {
    if (error instanceof SignInRefused) return loginErrorUrl(ctx, role, error.code);
    log(error);
    return loginErrorUrl(ctx, role, 'failed');
  }
}
