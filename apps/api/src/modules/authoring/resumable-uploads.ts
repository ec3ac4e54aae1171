import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type Upload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { resumableUploadMetadata, resumableUploadPath, resumableUploadRoutes, type Role } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import type { Storage } from '../../lib/storage';
import { checkReceivedFile, PiecewiseCheck } from '../../lib/uploads';
import { appErrorEnvelope, fieldErrors } from '../../plugins/errors';
import { requireAccess, type RequestUser } from '../../plugins/auth';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { attachStep3File } from './authoring.service';
import { requireCourseAccess } from './course-edit.service';
import { attachLectureVideo } from './outline.service';
import { findLecture } from './outline.queries';

/**
 * Resumable video uploads (issue 27, docs/video.md): the tus protocol (@tus/server) beside the multipart
 * step3/upload and step4/upload, for lecture and promo videos. A cut connection, a closed tab or a server
 * restart loses nothing: the client asks how much arrived (HEAD) and sends the rest (PATCH).
 *  - Creating one (POST) names what the file will become in its Upload-Metadata (resumableUploadMetadata); the
 *    course and lecture are checked then, and the declared length against UPLOAD_VIDEO_MAX_MB, before a byte is kept.
 *  - Only the account that created an upload may continue, ask about or end it (the owner is kept in its metadata,
 *    written by the server over whatever the client sent).
 *  - The same checks as a multipart upload (type by content, markup anywhere, size) are made as the pieces pass
 *    (PiecewiseCheck), or, for an upload whose pieces this process did not all see, by reading it from the start
 *    once all of it has arrived; a refused file is removed, a good one moved into the storage and attached in the
 *    same way (attachLectureVideo, attachStep3File), and the last PATCH answers the step's envelope.
 *  - Unfinished uploads expire UPLOAD_RESUMABLE_HOURS after their creation: removeExpiredUploads, hourly.
 * The bytes in progress wait on the disk or in the bucket, as the storage does (progressStore).
 */

const ROLES = ['instructor', 'admin'] as const satisfies readonly Role[];
type AuthoringRole = (typeof ROLES)[number];

/** Thrown to @tus/server: it answers with this status and body. */
interface TusRefusal {
  status_code: number;
  body: string;
}

/**
 * @tus/server's own refusals (plain text) by status: 404 and 410 (no such upload, or an expired one: both 404 here),
 * 409 (a PATCH from another offset), 412 (no `Tus-Resumable`), 413, 415 (a PATCH of another content type).
 */
const TUS_REFUSALS: Record<number, { status: number; key: string }> = {
  404: { status: 404, key: 'api.upload.not_found' },
  410: { status: 404, key: 'api.upload.not_found' },
  409: { status: 409, key: 'api.upload.offset_conflict' },
  412: { status: 412, key: 'api.upload.tus_required' },
  413: { status: 413, key: 'api.upload.too_large' },
  415: { status: 415, key: 'api.error.unsupported_media_type' },
};

/** The chunks of a request's body as they come, each shown to `seen` on its way. */
async function* passing(raw: IncomingMessage, seen?: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    seen?.(chunk);
    yield chunk;
  }
}

/**
 * srvx's request for @tus/server, with the body read from the Node request as it is. srvx makes it with
 * Readable.toWeb, which copies every chunk into a new buffer (Node does so to free pooled buffers; a request body's
 * chunks are its own) and @tus/server turns the web stream back into a Node stream; here the chunks pass untouched,
 * each shown to `seen` (the piecewise checks). A cut connection still errors the stream, and @tus/server keeps what
 * arrived before it.
 */
class UploadRequest extends NodeRequest {
  #raw: IncomingMessage;
  #seen: ((chunk: Buffer) => void) | undefined;
  #body: ReadableStream<Uint8Array<ArrayBuffer>> | null | undefined;
  constructor(raw: IncomingMessage, res: ServerResponse, seen?: (chunk: Buffer) => void) {
    super({ req: raw, res });
    this.#raw = raw;
    this.#seen = seen;
  }
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#body === undefined) {
      const from = (ReadableStream as unknown as { from: (source: AsyncIterable<Buffer>) => ReadableStream<Uint8Array<ArrayBuffer>> }).from;
      this.#body = this.method === 'GET' || this.method === 'HEAD' ? null : from(passing(this.#raw, this.#seen));
    }
    return this.#body;
  }
}

/** Uploads whose checks this process keeps as their pieces pass, at most; beyond, the oldest is read again at its end. */
const PIECEWISE_CHECKS_KEPT = 1000;

type Settings = Pick<Config, 'dataDir' | 'resumableUploadMs' | 'storage'>;

/** Every upload's address ends in its id: 32 hexadecimal digits (the contract's uploadIdParams). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Where the bytes of uploads in progress wait, by STORAGE (docs/video.md):
 *  - disk: @tus/file-store in DATA_DIR/uploads/resumable, `<id>` and its record `<id>.json`; a finished file is the
 *    storage's key `resumable/<id>`, renamed into place;
 *  - s3: @tus/s3-store in the bucket, a multipart upload of the key `resumable/<id>` (with `<key>.info`, and `<key>.part`
 *    for a piece smaller than S3's 5 MiB minimum), so that every API node can continue any upload; a finished file is
 *    that key, copied into place by the storage's rename.
 * `key` is the store's id of an upload (what @tus/server calls its id) and, finished, its key in the storage.
 */
interface ProgressStore {
  datastore: FileStore | S3Store;
  key: (id: string) => string;
  /** The finished file, read from its start (for the checks). */
  read: (storage: Storage, key: string) => Readable;
  /** The upload's bytes, record and parts, whatever is left of them. */
  remove: (storage: Storage, key: string) => Promise<void>;
}

function progressDirectory(config: Settings) {
  return path.join(config.dataDir, 'uploads', 'resumable');
}

function progressStore(config: Settings): ProgressStore {
  const expirationPeriodInMilliseconds = config.resumableUploadMs;
  if (config.storage.driver === 'disk') {
    const directory = progressDirectory(config);
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds });
    return {
      datastore,
      key: (id) => id,
      read: (_storage, key) => createReadStream(path.join(directory, key)),
      remove: async (_storage, key) => {
        await rm(path.join(directory, key), { force: true });
        await datastore.configstore.delete(key).catch(() => undefined);
      },
    };
  }
  const s3 = config.storage;
  const datastore = new S3Store({
    partSize: 8 * 1_048_576,
    expirationPeriodInMilliseconds,
    // No copy of an upload's record in the process: another node, or the hourly clean-up, may have finished or
    // removed it, and a stale copy would answer for a gone upload. The record is read from the bucket (one GET).
    cache: { get: async () => undefined, set: async () => undefined, delete: async () => undefined },
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      forcePathStyle: s3.forcePathStyle,
      ...(s3.credentials ? { credentials: s3.credentials } : {}),
      // As lib/storage-s3.ts: the SDK's default checksums are refused or mangled by many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  return {
    datastore,
    key: (id) => `resumable/${id}`,
    read: (storage, key) => storage.read(key),
    remove: async (storage, key) => {
      // Ends an unfinished multipart upload; a finished one's record and leftovers go one by one (removing a key
      // that is not there is no error in S3).
      await datastore.remove(key).catch(() => undefined);
      for (const leftover of [key, `${key}.info`, `${key}.part`]) await storage.remove(leftover);
    },
  };
}

/** Removes the bytes and records of every upload not finished within UPLOAD_RESUMABLE_HOURS of its creation; how many. */
export async function removeExpiredUploads(config: Settings): Promise<number> {
  if (config.storage.driver === 'disk') await mkdir(progressDirectory(config), { recursive: true });
  return progressStore(config).datastore.deleteExpired();
}

export function resumableUploadsModule(app: FastifyInstance, ctx: AppContext) {
  const progress = progressStore(ctx.config);
  const store = progress.datastore;
  /** The Fastify request of a raw one handed to @tus/server: its user (checked before) and language. */
  const requests = new WeakMap<object, FastifyRequest>();
  const fastifyRequestOf = (req: { runtime?: { node?: { req?: object } } }) => {
    const raw = req.runtime?.node?.req;
    const request = raw && requests.get(raw);
    if (!request?.user) throw new Error('a resumable upload request reached @tus/server without its checked user');
    return request as FastifyRequest & { user: RequestUser };
  };
  /**
   * The piecewise checks (PiecewiseCheck) of the uploads in progress, by store key, as far as their stored bytes go;
   * and, per PATCH, the copy that sees its body. An upload whose pieces this process did not all see in order (a
   * restart, another node, a piece cut short) has none, and is read again from its start when it ends.
   */
  const checks = new Map<string, PiecewiseCheck>();
  const requestChecks = new WeakMap<object, PiecewiseCheck>();
  const forget = (key: string) => checks.delete(key);
  /** The copy a PATCH at `offset` goes on with: from the upload's kept checks if they reach there, fresh at 0. */
  function checkFor(key: string, offset: number): PiecewiseCheck | undefined {
    const kept = checks.get(key);
    if (kept && kept.offset === offset) return kept.copy();
    forget(key);
    return offset === 0 ? new PiecewiseCheck() : undefined;
  }
  /** After a PATCH: its copy is kept if the store took exactly what it saw (Upload-Offset), else the upload has none. */
  function settle(key: string, check: PiecewiseCheck | undefined, answer: Response) {
    forget(key);
    if (!check || answer.status !== 204 || Number(answer.headers.get('upload-offset')) !== check.offset) return;
    checks.set(key, check);
    if (checks.size > PIECEWISE_CHECKS_KEPT) forget(checks.keys().next().value!);
  }
  const refusal = (request: FastifyRequest, error: AppError): TusRefusal => ({ status_code: error.statusCode, body: JSON.stringify(appErrorEnvelope(request.lang, error)) });

  /** What the upload becomes: its metadata parsed by the contract, the course's access and the lecture checked. */
  async function target(request: FastifyRequest & { user: RequestUser }, metadata: Upload['metadata']) {
    const input = Object.fromEntries(Object.entries(metadata ?? {}).filter(([key]) => key !== 'owner'));
    const parsed = resumableUploadMetadata.safeParse(input);
    if (!parsed.success) throw new AppError('api.validation.failed', 400, { fields: fieldErrors(request.lang, parsed.error, input) });
    const fields = parsed.data;
    await requireCourseAccess(ctx, request.user, fields.id);
    if (fields.target === 'lecture' && !(await findLecture(ctx.db, fields.id, fields.lecture_id))) {
      throw new AppError('api.validation.failed', 400, { fields: { lecture_id: 'api.authoring.not_in_course' } });
    }
    return fields;
  }

  function tusServer(role: AuthoringRole) {
    const maxBytes = ctx.config.uploadLimits.videoBytes;
    return new Server({
      path: resumableUploadPath(role),
      datastore: store,
      relativeLocation: true,
      // The address carries the id alone; the store's key may have a folder before it (progressStore).
      namingFunction: () => progress.key(randomBytes(16).toString('hex')),
      generateUrl: (_req, { path: base, id }) => `${base}/${id.split('/').pop()}`,
      getFileIdFromRequest: (_req, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? progress.key(lastPath) : undefined),
      // Same origin only: no Access-Control-Allow-Origin (the default would be *).
      allowedOrigins: [],
      maxSize: maxBytes,
      // Only the finished file is ever read back, by the server: no client may end an upload it has finished.
      disableTerminationForFinishedUploads: true,
      async onUploadCreate(req, upload) {
        const request = fastifyRequestOf(req);
        try {
          if (upload.size === undefined) throw new AppError('api.upload.length_required', 400, { fields: { file: 'api.upload.length_required' } });
          if (upload.size > maxBytes) throw new AppError('api.upload.too_large', 413, { fields: { file: 'api.upload.too_large' }, params: { mb: Math.floor(maxBytes / 1_048_576) } });
          if (upload.size === 0) throw new AppError('api.upload.empty', 400, { fields: { file: 'api.upload.empty' } });
          await target(request, upload.metadata);
        } catch (error) {
          if (error instanceof AppError) throw refusal(request, error);
          throw error;
        }
        return { metadata: { ...upload.metadata, owner: String(request.user.id) } };
      },
      async onIncomingRequest(req, uploadId) {
        if (req.method === 'POST') return;
        const request = fastifyRequestOf(req);
        const upload = await store.getUpload(uploadId).catch(() => null);
        // Someone else's upload is answered as a missing one: its existence is not told.
        if (upload && upload.metadata?.owner !== String(request.user.id)) throw refusal(request, new AppError('api.upload.not_found', 404));
      },
      async onUploadFinish(req, upload) {
        const request = fastifyRequestOf(req);
        try {
          const fields = await target(request, upload.metadata);
          // Checked as its pieces passed, when this process saw them all; else read again from its start.
          const seen = requestChecks.get(req.runtime!.node!.req!);
          forget(upload.id);
          const type = seen && seen.offset === upload.size ? await seen.verdict('video') : await checkReceivedFile(progress.read(ctx.storage, upload.id), 'video', maxBytes);
          const key = `${fields.target === 'lecture' ? 'lectures' : 'promos'}/${randomUUID()}.${type.ext}`;
          await ctx.storage.rename(`resumable/${upload.id.split('/').pop()}`, key);
          await progress.remove(ctx.storage, upload.id);
          const result =
            fields.target === 'lecture'
              ? await attachLectureVideo(ctx, request.user, { id: fields.id, lecture_id: fields.lecture_id, target: 'video' }, { key, mime: type.mime })
              : await attachStep3File(ctx, request.user, { id: fields.id, field: 'promo' }, key);
          const body = JSON.stringify({ success: true, status: true, message: translate(request.lang, result.message), data: result.data });
          return { status_code: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
        } catch (error) {
          // Refused or failed: nothing of it stays (a client that tries again starts a new upload).
          await progress.remove(ctx.storage, upload.id);
          if (error instanceof AppError) throw refusal(request, error);
          throw error;
        }
      },
    });
  }

  /**
   * Every refusal in the API's envelope and the reader's language, as on every other route: ours are already
   * (the hooks' AppErrors); @tus/server's own are plain text, and an unexpected failure is its 500 with a message.
   */
  async function inEnvelope(request: FastifyRequest, answer: Response): Promise<Response> {
    if (answer.status < 400 || answer.headers.get('content-type')?.startsWith('application/json')) return answer;
    const text = await answer.text();
    const headers = new Headers(answer.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.delete('content-length');
    // The hooks' refusals (TusRefusal) arrive as the body @tus/server was given: already an envelope.
    if (text.startsWith('{"success":false')) return new Response(text, { status: answer.status, headers });
    const refusal = TUS_REFUSALS[answer.status] ?? (answer.status >= 500 ? { status: 500, key: 'api.error.internal' } : { status: 400, key: 'api.error.bad_request' });
    if (refusal.status === 500) request.log.error({ answer: text.slice(0, 500) }, 'resumable upload failed');
    const error = new AppError(refusal.key, refusal.status, refusal.key.startsWith('api.upload.') ? { fields: { file: refusal.key }, params: { mb: Math.floor(ctx.config.uploadLimits.videoBytes / 1_048_576) } } : {});
    return new Response(JSON.stringify(appErrorEnvelope(request.lang, error)), { status: refusal.status, headers });
  }


  for (const role of ROLES) {
    const server = tusServer(role);
    const routes = resumableUploadRoutes[role];
    for (const def of [routes.create, routes.append, routes.end]) {
      app.route({
        // HEAD (how much arrived) beside PATCH, as a file route's HEAD beside its GET.
        method: def === routes.append ? ['PATCH', 'HEAD'] : def.method,
        url: def.path,
        config: { access: role },
        schema: { summary: def.summary, tags: def.tags, security: [{ bearer: [] }], ...('params' in def ? { params: def.params } : {}) },
        // The role before anything else, as on every route (plugins/route.ts); @tus/server then answers the protocol.
        preValidation: async (request) => {
          request.user = await requireAccess(ctx, request, role);
        },
        handler: async (request, reply) => {
          if (ctx.config.storage.driver === 'disk') await mkdir(progressDirectory(ctx.config), { recursive: true });
          requests.set(request.raw, request);
          reply.hijack();
          const id = (request.params as { uploadId?: string }).uploadId;
          const key = request.method === 'PATCH' && id && UPLOAD_ID.test(id) ? progress.key(id) : undefined;
          const check = key === undefined ? undefined : checkFor(key, Number(request.headers['upload-offset']));
          if (check) requestChecks.set(request.raw, check);
          const answer = await server.handleWeb(new UploadRequest(request.raw, reply.raw, check && ((chunk) => check.push(chunk))));
          if (key !== undefined) settle(key, check, answer);
          else if (request.method === 'DELETE' && id) forget(progress.key(id));
          await sendNodeResponse(reply.raw, await inEnvelope(request, answer));
        },
      });
    }
  }
  // The body of a PATCH is the file's bytes, read by @tus/server itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  if (ctx.config.env !== 'test') {
    const timer = setInterval(() => {
      removeExpiredUploads(ctx.config).catch((error: unknown) => app.log.warn({ err: error }, 'removing expired resumable uploads failed; retried in an hour'));
    }, 3_600_000).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
