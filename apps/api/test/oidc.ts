import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { started } from './running';

/** A person the local provider knows: the dev login page signs in with `sub` as the login name. */
export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface LocalProvider {
  issuer: string;
  /** Adds (or replaces) an account the provider can sign in. */
  addAccount: (account: OidcAccount) => void;
  close: () => Promise<void>;
}

export const OIDC_CLIENT = { id: 'nibras-test-client', secret: 'nibras-test-client-secret-long-enough' };
/** A second client, registered for the same redirect URIs: its codes and ID tokens are not ours. */
export const OTHER_CLIENT = { id: 'someone-else', secret: 'someone-else-secret-long-enough-too' };

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/**
 * How a provider's server is closed (open connections ended too), recorded in running.ts until then:
 * a test that stops before closing it does not leave it listening.
 */
function closeTracked(server: Server, what: string): () => Promise<void> {
  const close = () => {
    forget();
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const forget = started(what, close);
  return close;
}

/** A port nobody listens on right now (the provider needs its issuer URL before it starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, with its development login and
 * consent pages: any password works for a known account. Our client is registered for the
 * API's call-back URIs (`redirectUris`), with PKCE required.
 */
export async function startLocalProvider(opts: { redirectUris: string[]; host?: string }): Promise<LocalProvider> {
  const accounts = new Map<string, OidcAccount>();
  const port = await freePort();
  const issuer = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const client = (c: { id: string; secret: string }) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: opts.redirectUris,
    response_types: ['code' as const],
    grant_types: ['authorization_code'],
  });
  const provider = new Provider(issuer, {
    clients: [client(OIDC_CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [jwk as JWK & { kid: string }] },
    cookies: { keys: ['local-provider-cookie-key-for-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  } as ConstructorParameters<typeof Provider>[1]);
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    addAccount: (account) => accounts.set(account.sub, account),
    close: closeTracked(server, `OpenID provider on port ${port}`),
  };
}

/** How the forged provider's token endpoint lies about the ID token. */
export type Forgery = 'none' | 'audience' | 'issuer' | 'expired' | 'signature' | 'nonce' | 'alg-none';

export interface ForgingProvider {
  issuer: string;
  /** The next token answers' lie, and who the token is about. */
  set: (forgery: Forgery, claims: { sub: string; email: string; email_verified: boolean; name?: string }) => void;
  close: () => Promise<void>;
}

/**
 * A hostile (or broken) provider: a real HTTP server with discovery, keys and a token endpoint
 * that answers an ID token we make wrong in one way, so the API's own ID token checks are what
 * decides. It reads the nonce from the authorization URL the API sent the browser to.
 */
export async function startForgingProvider(clientId: string): Promise<ForgingProvider & { rememberNonce: (nonce: string) => void }> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const good = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(good.publicKey)), kid: 'k1', use: 'sig', alg: 'RS256' };
  let forgery: Forgery = 'none';
  let subject = { sub: 'x', email: 'x@test.example', email_verified: true } as { sub: string; email: string; email_verified: boolean; name?: string };
  let nonce = '';
  const idToken = async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...subject, nonce: forgery === 'nonce' ? 'not-the-nonce' : nonce };
    const iat = forgery === 'expired' ? now - 7200 : now;
    const exp = forgery === 'expired' ? now - 3600 : now + 600;
    if (forgery === 'alg-none') {
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, iss: issuer, aud: clientId, iat, exp })}.`;
    }
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(forgery === 'issuer' ? 'https://accounts.evil.example' : issuer)
      .setAudience(forgery === 'audience' ? 'someone-else' : clientId)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(forgery === 'signature' ? stranger.privateKey : good.privateKey);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    } else if (url.pathname === '/jwks') {
      json({ keys: [publicJwk] });
    } else if (url.pathname === '/token' && req.method === 'POST') {
      req.resume();
      req.on('end', () => {
        void idToken().then((id_token) => json({ access_token: 'at', token_type: 'Bearer', expires_in: 600, id_token }));
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = closeTracked(server, `forging OpenID provider on port ${port}`);
  return {
    issuer,
    set: (f, claims) => {
      forgery = f;
      subject = claims;
    },
    rememberNonce: (n) => {
      nonce = n;
    },
    close,
  };
}

/** A tiny cookie jar for following a sign-in with fetch. */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
}

/**
 * Goes through the local provider's pages as a browser would: the authorization URL, its login
 * form (login = the account's sub) and its consent form, until the provider redirects to a URL
 * outside it (the API's call-back). Returns that URL.
 */
export async function signInAtProvider(issuer: string, authorizationUrl: string, sub: string, jar = new CookieJar()): Promise<string> {
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop += 1) {
    if (!url.startsWith(issuer)) return url;
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) } });
    jar.store(url, response);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).href;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${response.status} ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    const form = new URLSearchParams({ prompt: prompt ?? '' });
    if (prompt === 'login') {
      form.set('login', sub);
      form.set('password', 'any');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many hops at the provider');
}
