import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse';
import type { z } from 'zod';
import { BULK_ENROLMENT_LIMITS, type bulkCsvFields } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { fieldErrors } from '../../plugins/errors';
import { textFields } from '../authoring/upload-fields';

/** One line of participants: its line in the file (the header is line 1), the email and name as written, trimmed. */
export interface CsvLine {
  line: number;
  email: string;
  name: string;
}

const fileError = (code: string, status: number, params: Record<string, string | number> = {}) => new AppError(code, status, { fields: { file: code }, params });

/** Control characters other than tab, line feed and carriage return: a binary file (a spreadsheet's .xlsx, an image), not text. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * Checks a CSV file as it passes and writes it out as text: at most `maxBytes`, UTF-8 (a byte sequence that is not
 * UTF-8 refuses it, with a hint to save the sheet as "CSV UTF-8"), no control characters. Lines end in \n whatever
 * the file used (CRLF from Excel), so the parser's line numbers are the lines a text editor shows; a UTF-8 byte
 * order mark is dropped. Holds one chunk at a time.
 */
class CsvTextCheck extends Transform {
  private size = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  /** A chunk's last \r, held until the next chunk says whether a \n follows. */
  private carriage = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(fileError('api.enrolments.csv.too_large', 413, { mb: Math.floor(this.maxBytes / 1_048_576) }));
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return done(fileError('api.enrolments.csv.not_text', 415));
    }
    return this.emit_(text, done);
  }

  override _flush(done: TransformCallback) {
    let text: string;
    try {
      text = this.decoder.decode();
    } catch {
      return done(fileError('api.enrolments.csv.not_text', 415));
    }
    if (this.size === 0) return done(fileError('api.enrolments.csv.empty', 400));
    return this.emit_(text, done, true);
  }

  private emit_(text: string, done: TransformCallback, last = false) {
    if (hasControlCharacter(text)) return done(fileError('api.enrolments.csv.not_text', 415));
    let out = (this.carriage ? '\r' : '') + text;
    this.carriage = !last && out.endsWith('\r');
    if (this.carriage) out = out.slice(0, -1);
    return done(null, out.replace(/\r\n/g, '\n'));
  }
}

export interface ReceivedCsv {
  fields: z.output<typeof bulkCsvFields>;
  /** The checked text, in a temporary file: read it as often as needed, then dispose of it. */
  file: string;
  dispose: () => Promise<void>;
}

/**
 * A CSV upload: the multipart field `dryRun` first (validated, then `decide` runs, e.g. the course's check, before a
 * byte of the file is kept), then the file, checked as text and kept in a temporary file so that it can be read twice
 * (once to refuse a whole file that is broken before anything is written, once to import it) with flat memory.
 */
export async function receiveCsv(request: FastifyRequest, schema: typeof bulkCsvFields, decide: () => Promise<void>): Promise<ReceivedCsv> {
  if (!request.isMultipart()) throw fileError('api.upload.multipart_required', 415);
  const maxBytes = BULK_ENROLMENT_LIMITS.bytes;
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status && status >= 400 && status < 500)) throw error;
    throw fileError('api.upload.interrupted', 400);
  }
  if (!part) throw fileError('api.upload.missing', 400);
  const file = part;
  let fields: z.output<typeof bulkCsvFields>;
  try {
    const input = textFields(file);
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw new AppError('api.validation.failed', 400, { fields: fieldErrors(request.lang, parsed.error, input) });
    fields = parsed.data;
    await decide();
  } catch (error) {
    file.file.resume();
    throw error;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'nibras-csv-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const target = path.join(dir, 'upload.csv');
  try {
    await pipeline(file.file, new CsvTextCheck(maxBytes), createWriteStream(target));
    // busboy stops at fileSize and marks the file truncated instead of failing.
    if (file.file.truncated) throw fileError('api.enrolments.csv.too_large', 413, { mb: Math.floor(maxBytes / 1_048_576) });
  } catch (error) {
    await dispose();
    file.file.resume();
    if (error instanceof AppError) throw error;
    throw fileError('api.upload.interrupted', 400);
  }
  return { fields, file: target, dispose };
}

/** Where the email and name are in a row; null when the first row is not a header (it holds an email itself). */
function headerOf(row: string[]): { email: number; name: number } | null {
  const names = row.map((cell) => cell.trim().toLowerCase());
  const email = names.findIndex((n) => n === 'email' || n === 'e-mail' || n === 'البريد الإلكتروني' || n === 'البريد');
  if (email === -1) {
    if (row[0]?.includes('@')) return null;
    throw fileError('api.enrolments.csv.no_email_column', 400);
  }
  return { email, name: names.findIndex((n) => n === 'name' || n === 'الاسم') };
}

/**
 * The file's lines of participants, in order, read as a stream (csv-parse): comma or semicolon separated, quoted
 * fields (with commas, quotes or line breaks inside), blank lines skipped. The first line names the columns
 * (`email,name`, any order, other columns ignored); a file whose first line is already an email has the columns
 * email,name without a header. A line that cannot be read (a quote never closed) refuses the whole file, with its number.
 */
export async function* csvLines(file: string): AsyncGenerator<CsvLine> {
  // Line numbers are counted as the parser makes each record (on_record runs in order, at once): a record waiting in the
  // stream's buffer when a later line breaks is dropped by the failed stream, so counting as they are read would name
  // an earlier line than the broken one.
  let parsedEnd = 0;
  const startLine = new WeakMap<string[], number>();
  const parser = createReadStream(file, { encoding: 'utf8' }).pipe(
    parse({
      bom: true,
      delimiter: [',', ';'],
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      on_record: (record, context) => {
        startLine.set(record, parsedEnd + 1);
        parsedEnd = context.lines;
        return record;
      },
    }),
  );
  let columns: { email: number; name: number } | undefined;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = startLine.get(record) ?? parsedEnd;
      if (record.every((cell) => cell === '')) continue;
      if (!columns) {
        const header = headerOf(record);
        columns = header ?? { email: 0, name: 1 };
        if (header) continue;
      }
      yield { line, email: record[columns.email] ?? '', name: columns.name === -1 ? '' : (record[columns.name] ?? '') };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser's own count is where it gave up (the file's end, for a quote never closed): the line it began is more use.
    throw fileError('api.enrolments.csv.broken', 400, { line: parsedEnd + 1 });
  }
}

/** Reads the whole file once, before anything is written: a file over the line limit or broken is refused as a whole. */
export async function checkWholeFile(file: string): Promise<void> {
  let count = 0;
  for await (const line of csvLines(file)) {
    void line;
    count += 1;
    if (count > BULK_ENROLMENT_LIMITS.lines) throw fileError('api.enrolments.csv.too_many_lines', 400, { max: BULK_ENROLMENT_LIMITS.lines });
  }
  if (count === 0) throw fileError('api.enrolments.csv.empty', 400);
}
