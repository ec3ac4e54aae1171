import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { maxBytesOf, receiveUpload, type StoredUpload, type UploadKind } from '../../lib/uploads';
import { fieldErrors } from '../../plugins/errors';
import type { AppContext } from '../../context';

/**
 * The multipart text fields that came before the file, as a plain object; a repeated field is kept
 * as an array so validation refuses it. Fields after the file are ignored whatever the timing: busboy
 * may already have parsed them when the whole body arrived in one piece, but over a real network they
 * would arrive after the file, too late to decide where it goes (parts are recorded in arrival order).
 */
export function textFields(part: MultipartFile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    const entries = [entry].flat();
    if (entries.some((e) => e?.type === 'file')) break;
    const values = entries.flatMap((e) => (e && e.type === 'field' ? [e.value] : []));
    out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/**
 * An upload whose text fields decide where the file goes (which course, cover or promo, which
 * lecture). The fields must come before the file part: they are validated and the access is
 * checked before a single byte of the file is stored, so nobody can fill the disk through
 * someone else's course. The file then goes through the one upload pipeline (lib/uploads.ts).
 */
export async function receiveUploadWithFields<S extends z.ZodType>(
  ctx: AppContext,
  request: FastifyRequest,
  schema: S,
  decide: (fields: z.output<S>) => Promise<{ kind: UploadKind; folder: string }>,
): Promise<{ fields: z.output<S>; upload: StoredUpload }> {
  if (!request.isMultipart()) throw new AppError('api.upload.multipart_required', 415, { fields: { file: 'api.upload.multipart_required' } });
  const limits = ctx.config.uploadLimits;
  let part: MultipartFile | undefined;
  try {
    // The outer bound only: the pipeline enforces the limit of the kind decided below.
    part = await request.file({ limits: { fileSize: Math.max(...(['image', 'video', 'pdf', 'resource'] as const).map((kind) => maxBytesOf(kind, limits))) + 1, files: 1, fields: 10 } });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status && status >= 400 && status < 500)) throw error;
    throw new AppError('api.upload.interrupted', 400, { fields: { file: 'api.upload.interrupted' } });
  }
  if (!part) throw new AppError('api.upload.missing', 400, { fields: { file: 'api.upload.missing' } });
  const file = part;
  let fields: z.output<S>;
  let target: { kind: UploadKind; folder: string };
  try {
    const input = textFields(file);
    const parsed = schema.safeParse(input);
    // fieldErrors gives translated texts; AppError passes text that is not a key through unchanged.
    if (!parsed.success) throw new AppError('api.validation.failed', 400, { fields: fieldErrors(request.lang, parsed.error, input) });
    fields = parsed.data;
    target = await decide(fields);
  } catch (error) {
    file.file.resume();
    throw error;
  }
  // receiveUpload asks the request for its file; hand it the part already opened above.
  const withPart = Object.create(request, { file: { value: async () => file } }) as FastifyRequest;
  const upload = await receiveUpload(withPart, ctx.storage, target.kind, ctx.config.uploadLimits, target.folder);
  return { fields, upload };
}
