import type { z } from 'zod';
import type { FileRouteDef, JsonRouteDef, ResumableRouteDef, Role, RouteDef } from '@nibras/contract';

export type ResponseData<D extends JsonRouteDef> = z.output<D['response']> extends { data: infer T } ? T : never;
export type RequestBody<D extends RouteDef> = D['body'] extends z.ZodType ? z.input<D['body']> : never;

export interface ApiResult<T> {
  message: string;
  data: T;
}

/** A failed call as the screens show it: the envelope's message and its field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** True when no response arrived at all (offline, aborted, server down). */
  readonly network: boolean;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}, network = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.network = network;
  }
}

/** What to tell the user about a failed call: the server's own message, or `fallback` when none arrived. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.network ? error.message : fallback;
}

export interface ApiSettings {
  language: () => string;
  /** The signed-in token of a role, read at call time (a refresh between render and request is honoured). */
  token: (role: Role) => string | null;
  /** A role's token was refused: that role is signed out. */
  onUnauthorized: (role: Role) => void;
  /** A translation, for the failures the client itself reports (the server's come translated). */
  translate: (key: string) => string;
  /** How a call reaches the API: the browser's fetch, or the server's own routes in-process when it renders a public page (entry-server.tsx). */
  fetch: typeof fetch;
}

const settings: ApiSettings = { language: () => 'ar', token: () => null, onUnauthorized: () => undefined, translate: (key) => key, fetch: (input, init) => fetch(input, init) };

export function configureApi(next: Partial<ApiSettings>): void {
  Object.assign(settings, next);
}

export interface CallOptions<D extends RouteDef> {
  body?: RequestBody<D>;
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number>>;
  /**
   * Only for ending a session that is no longer the stored one (logout): otherwise the token is the
   * signed-in one of the role the route declares (`access`, or `optionalAuth` on public routes).
   */
  token?: string;
  /** Logout must not sign out again when its token is already dead. */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, params: CallOptions<RouteDef>['params'] = {}, query: CallOptions<RouteDef>['query'] = {}): string {
  const filled = path.replace(/[:{](\w+)}?/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${filled}?${search}` : filled;
}

export function requestHeaders(language: string, token: string | undefined, hasBody: boolean): Record<string, string> {
  return {
    // Spec section 7: every call is marked as XMLHttpRequest and accepts JSON.
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    // The server translates its messages into the language the user reads.
    'Accept-Language': language,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
  };
}

interface Envelope {
  success?: boolean;
  message?: string;
  data?: unknown;
  errors?: Record<string, string>;
}

/** The envelope in a body read as text; an empty one when the body is not one (a proxy's page, nothing at all). */
function envelopeOf(text: string): Envelope {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Envelope) : {};
  } catch {
    return {};
  }
}

async function readEnvelope(response: Response): Promise<Envelope> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null ? (value as Envelope) : {};
  } catch {
    return {};
  }
}

/**
 * The bearer token a route needs, from the route's declared access. A role's route without that
 * role's session fails like the server would (401), without a request.
 */
export function tokenFor(def: Pick<RouteDef, 'access' | 'optionalAuth'>, explicit?: string): string | undefined {
  if (explicit) return explicit;
  if (def.access === 'public') return (def.optionalAuth && settings.token(def.optionalAuth)) || undefined;
  const token = settings.token(def.access);
  if (!token) throw new ApiError(401, settings.translate('api.auth.required'));
  return token;
}

/** One call of the contract's route table, typed by its schemas. */
export async function callRoute<D extends JsonRouteDef>(def: D, options: CallOptions<D> = {}): Promise<ApiResult<ResponseData<D>>> {
  const hasBody = options.body !== undefined;
  const token = tokenFor(def, options.token);
  let response: Response;
  try {
    response = await settings.fetch(buildUrl(def.path, options.params, options.query), {
      method: def.method,
      headers: requestHeaders(settings.language(), token, hasBody),
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error), {}, true);
  }
  const envelope = await readEnvelope(response);
  // The spec's screens also treat a 200 with success false as a failure.
  if (!response.ok || envelope.success === false) {
    if (response.status === 401 && def.access !== 'public' && !options.ignoreUnauthorized) settings.onUnauthorized(def.access);
    throw new ApiError(response.status, envelope.message ?? response.statusText, envelope.errors ?? {});
  }
  return { message: envelope.message ?? '', data: envelope.data as ResponseData<D> };
}

/** A file route that needs the signed-in role's token (a link cannot send it): the file as a Blob, or an ApiError. */
export async function fetchFile(def: FileRouteDef, options: Pick<CallOptions<RouteDef>, 'params' | 'query'> = {}): Promise<Blob> {
  const token = tokenFor(def);
  let response: Response;
  try {
    response = await fetch(buildUrl(def.path, options.params, options.query), { headers: { ...requestHeaders(settings.language(), token, false), Accept: def.file.types.join(', ') } });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error), {}, true);
  }
  if (!response.ok) {
    if (response.status === 401 && def.access !== 'public') settings.onUnauthorized(def.access);
    const envelope = await readEnvelope(response);
    throw new ApiError(response.status, envelope.message ?? response.statusText, envelope.errors ?? {});
  }
  return response.blob();
}

/**
 * The last call of a page being hidden or closed: keepalive lets it outlive the page. Nothing waits
 * for its answer, so a failure is ignored.
 */
export function sendOnExit<D extends JsonRouteDef>(def: D, options: Pick<CallOptions<D>, 'body' | 'params'>): void {
  let token: string | undefined;
  try {
    token = tokenFor(def);
  } catch {
    return;
  }
  void fetch(buildUrl(def.path, options.params), {
    method: def.method,
    headers: requestHeaders(settings.language(), token, options.body !== undefined),
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    keepalive: true,
  }).catch(() => undefined);
}

export interface UploadOptions {
  /** Multipart text fields, sent before the file: the server checks them before it stores a byte. */
  fields?: Readonly<Record<string, string | number>>;
  /** The route's path parameters (`/api/admin/category/icon/:id`). */
  params?: Readonly<Record<string, string | number>>;
  file: Blob;
  fileName?: string;
  /** A rounded whole percentage of the bytes sent (spec sections 4 and 9). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Rounded whole percentage of `loaded` out of `total`, never above 100. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * A multipart upload route of the contract, through XMLHttpRequest, the only browser API that
 * reports upload progress. Answers like callRoute: the envelope's data, or an ApiError with the
 * field messages.
 */
export function uploadRoute<D extends JsonRouteDef & { multipart: true }>(def: D, options: UploadOptions): Promise<ApiResult<ResponseData<D>>> {
  type T = ResponseData<D>;
  const token = tokenFor(def);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(def.method, buildUrl(def.path, options.params));
    for (const [name, value] of Object.entries(requestHeaders(settings.language(), token, false))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(uploadPercent(event.loaded, event.total));
    });
    xhr.addEventListener('load', () => {
      const envelope = envelopeOf(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && envelope.success !== false) resolve({ message: envelope.message ?? '', data: envelope.data as T });
      else reject(new ApiError(xhr.status, envelope.message ?? xhr.statusText, envelope.errors ?? {}));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'network', {}, true)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'aborted', {}, true)));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, String(value));
    form.append('file', options.file, options.fileName ?? (options.file instanceof File ? options.file.name : 'upload'));
    xhr.send(form);
  });
}

export interface ResumableUploadOptions {
  /** What the file becomes, checked by the server before it keeps a byte (the contract's resumableUploadMetadata). */
  metadata: Readonly<Record<string, string | number>>;
  file: File;
  /** A rounded whole percentage of the bytes the server has (spec sections 4 and 9), counting what arrived before a cut. */
  onProgress?: (percent: number) => void;
  /** Stops sending; what arrived stays, so choosing the same file again goes on from there. */
  signal?: AbortSignal;
}

/**
 * Pieces of a resumable upload: no proxy sees a body larger than this (Cloudflare's limit is 100 MB), and a cut
 * costs nothing already stored (the server keeps what arrived of a piece). Each piece costs a request; at 8 MiB
 * that was a fifth of the upload's time on a fast line (docs/video.md, "Measured").
 */
const RESUMABLE_CHUNK_BYTES = 32 * 1024 * 1024;

/**
 * A video upload that survives a dropped connection, a closed tab or a server restart (the tus protocol,
 * docs/video.md): tus-js-client, loaded on first use, asks the server how much arrived and sends only the rest,
 * retrying a cut connection by itself; the upload's address is kept in localStorage under the file's fingerprint,
 * so choosing the same file again later goes on where it stopped. Each request carries the role's current token
 * (a long upload outlives one). Answers like uploadRoute: the step's envelope once the server has checked and
 * attached the file, or an ApiError with the field messages.
 */
export async function resumableUploadRoute<T>(def: ResumableRouteDef, options: ResumableUploadOptions): Promise<ApiResult<T>> {
  tokenFor(def);
  const { Upload } = await import('tus-js-client');
  const metadata = Object.fromEntries(Object.entries({ ...options.metadata, filename: options.file.name, filetype: options.file.type }).map(([k, v]) => [k, String(v)]));
  return new Promise((resolve, reject) => {
    const upload = new Upload(options.file, {
      endpoint: def.path,
      metadata,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        for (const [name, value] of Object.entries(requestHeaders(settings.language(), tokenFor(def), false))) request.setHeader(name, value);
      },
      onProgress: (sent, total) => options.onProgress?.(uploadPercent(sent, total)),
      onSuccess: ({ lastResponse }) => {
        const envelope = envelopeOf(lastResponse.getBody());
        if (envelope.success === true) resolve({ message: envelope.message ?? '', data: envelope.data as T });
        else reject(new ApiError(lastResponse.getStatus(), envelope.message ?? settings.translate('api.error.internal'), envelope.errors ?? {}));
      },
      onError: (error) => {
        const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
        if (!response) return reject(new ApiError(0, 'network', {}, true));
        const envelope = envelopeOf(response.getBody());
        if (response.getStatus() === 401) settings.onUnauthorized(def.access as Role);
        reject(new ApiError(response.getStatus(), envelope.message ?? settings.translate('api.error.internal'), envelope.errors ?? {}));
      },
    });
    options.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(new ApiError(0, 'aborted', {}, true));
      },
      { once: true },
    );
    void upload.findPreviousUploads().then((previous) => {
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  });
}
