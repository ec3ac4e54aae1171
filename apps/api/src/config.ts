import { z } from 'zod';
import path from 'node:path';

/** The largest object one S3 CopyObject may copy: an upload is renamed once its type is known (lib/storage-s3.ts). */
export const S3_COPY_MAX_BYTES = 5 * 1024 ** 3;

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); unset: AWS. */
  endpoint: string | undefined;
  /** Where browsers reach the bucket when that differs from `endpoint` (a proxy, a container network): signed URLs are made for it. */
  publicEndpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** How long a signed URL of a video stays valid. */
  signedUrlSeconds: number;
}

/** The seller and the VAT of tax invoices (SELLER_NAME, SELLER_VAT_NUMBER, VAT_RATE_PERCENT, PRICES_INCLUDE_VAT). */
export interface InvoiceSettings {
  sellerName: string;
  /** 15 digits (Saudi Arabia's VAT registration number). */
  sellerVatNumber: string;
  /** The VAT rate in basis points: 1,500 = 15 %. */
  vatBasisPoints: number;
  /** Prices (what an order's amount is) include the VAT, the region's custom; otherwise the VAT is added on top. */
  pricesIncludeVat: boolean;
}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads; README.md lists them with their defaults. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  CHECK_RESPONSES: bool.optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().min(1).max(100).default('nibras:'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(3600),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(60).default(30 * 86_400),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  BODY_WINDOW_SECONDS: z.coerce.number().min(0.05).max(600).default(10),
  BODY_MIN_BYTES_PER_WINDOW: z.coerce.number().int().min(1).default(1024),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  REGISTER_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  FORMS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SEARCH_MAX_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  SEARCH_BURST_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  SEARCH_MAX_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  MESSAGES_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  NOTES_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  WEB_DIST: z.string().optional(),
  UPLOAD_IMAGE_MAX_MB: z.coerce.number().min(0.01).max(100).default(5),
  UPLOAD_VIDEO_MAX_MB: z.coerce.number().min(1).max(20_480).default(2048),
  UPLOAD_PDF_MAX_MB: z.coerce.number().min(0.01).max(1024).default(50),
  UPLOAD_RESOURCE_MAX_MB: z.coerce.number().min(0.01).max(2048).default(100),
  UPLOAD_RESUMABLE_HOURS: z.coerce.number().min(1).max(720).default(24),
  VIDEO_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  VIDEO_LADDER: z
    .string()
    .regex(/^\d{3,4}(,\d{3,4})*$/, 'heights in pixels, comma-separated, e.g. 240,360,720,1080')
    .default('240,360,720,1080'),
  VIDEO_SEGMENT_SECONDS: z.coerce.number().int().min(2).max(10).default(4),
  VIDEO_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  VIDEO_STREAM_MINUTES: z.coerce.number().min(1).max(1440).default(60),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  QUIZ_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  NOTIFY_DIGEST_MINUTES: z.coerce.number().min(1).max(10_080).default(60),
  RELEASE_SWEEP_MINUTES: z.coerce.number().min(0.1).max(1440).default(5),
  STUDY_REMINDER_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_WORKER: bool.default(true),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_SIGNED_URL_SECONDS: z.coerce.number().int().min(10).max(604_800).default(3600),
  BANK_TRANSFER_DETAILS: z.string().default('Nibras Academy — Demo Bank — IBAN SA00 0000 0000 0000 0000 0000'),
  // Card payments through Moyasar (docs/payments.md): off until both secrets are given.
  MOYASAR_SECRET_KEY: z.string().optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().optional(),
  MOYASAR_API_URL: z.url().default('https://api.moyasar.com/v1'),
  /** The account's IBAN alone, shown with a copy button; unset: the IBAN found in BANK_TRANSFER_DETAILS. */
  BANK_TRANSFER_IBAN: z.string().optional(),
  CURRENCY: z
    .string()
    .default('SAR')
    .refine((c) => /^[A-Z]{3}$/.test(c) && Intl.supportedValuesOf('currency').includes(c), 'an ISO 4217 code in capitals, such as SAR or USD'),
  // Tax invoices (docs/payments.md, "Invoices"): the seller they name and the VAT they show.
  SELLER_NAME: z
    .string()
    .trim()
    .min(1)
    // The invoice's QR code writes each value's length in one byte (lib/zatca-qr.ts).
    .refine((v) => Buffer.byteLength(v, 'utf8') <= 255, 'at most 255 bytes in UTF-8 (about 120 Arabic letters)')
    .default('Nibras Academy — أكاديمية نبراس'),
  SELLER_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^3\d{13}3$/, 'a Saudi VAT registration number: 15 digits, the first and the last a 3 (e.g. 300000000000003)')
    .default('300000000000003'),
  VAT_RATE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((p) => Number.isInteger(Math.round(p * 1e6) / 1e4), 'a percentage with at most two decimals, e.g. 15 or 5.25')
    .default(15),
  PRICES_INCLUDE_VAT: bool.default(true),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each API process keeps to the PostgreSQL server at most (DATABASE_POOL_MAX; docs/operations.md). */
  databasePoolMax: number;
  /**
   * Whether every JSON answer is checked against the contract on its way out, the hot public and
   * participant reads included (CHECK_RESPONSES; on under the tests). Off, those reads are written as
   * they are (their presenters build exactly the contract's shape, which the tests check).
   */
  checkResponses: boolean;
  /**
   * Redis shared by every API process (lib/shared-state.ts): rate-limit counters, and the short
   * caches' invalidations. Unset: both stay in this process's memory (right for one process).
   */
  redis: { url: string; prefix: string } | undefined;
  /** API processes started by node:cluster on one port (cluster.ts); 1 runs this process alone. */
  workers: number;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  bodyLimit: number;
  /** A request body must arrive at `minBytes` or more in every `windowMs`, or its connection is cut (plugins/slow-bodies.ts). */
  slowBodies: { windowMs: number; minBytes: number };
  /** On SIGTERM or SIGINT, how long requests under way may still take before they are cut (plugins/shutdown.ts). */
  shutdownGraceMs: number;
  rateLimits: {
    windowMs: number;
    loginFailuresPerAccount: number;
    loginFailuresPerAddress: number;
    registerPerAddress: number;
    formsPerAddress: number;
    /**
     * Anonymous course searches per address: a token bucket (lib/rate-limiter.ts) of `searchBurstPerAddress`
     * refilled at this many a minute (not windowMs), sized for a classroom behind one address (docs/search.md).
     */
    searchesPerAddressPerMinute: number;
    searchBurstPerAddress: number;
    /** Searches of one signed-in account, from any address: a bucket of this many, refilled at this many a minute. */
    searchesPerUserPerMinute: number;
    /** Messages and announcements a user may send in a minute of the clock (per sender, not per address). */
    messagesPerMinute: number;
    /** Notes a participant may write, change or delete in a minute of the clock (docs/notes.md). */
    notesPerMinute: number;
  };
  /** The built web app; unset or missing means the API runs alone. */
  webDist: string | undefined;
  /** Largest uploads by kind (UPLOAD_*_MAX_MB): images, videos, a PDF lecture's file, a lecture's resource. */
  uploadLimits: { imageBytes: number; videoBytes: number; pdfBytes: number; resourceBytes: number };
  /** How long a resumable upload has from its creation to finish; after that its bytes are removed (UPLOAD_RESUMABLE_HOURS; docs/video.md). */
  resumableUploadMs: number;
  /** The streaming ladder's worker (modules/video, docs/video.md). */
  video: {
    /** Jobs this process transcodes at once (VIDEO_WORKERS; 1 by default, 0 under the tests, which start their own). */
    workers: number;
    /** The rungs' heights (of the shorter side, for upright videos): none above the source's. */
    ladder: number[];
    segmentSeconds: number;
    maxAttempts: number;
    /** The first retry's wait; doubles each try. */
    retryBaseMs: number;
    /** How long a stream token (in the addresses of a ladder's playlists and segments) stays valid (VIDEO_STREAM_MINUTES). */
    streamUrlSeconds: number;
    ffmpeg: string;
    ffprobe: string;
  };
  /** Shown to participants with a pending order: where to send the money. */
  bankTransferDetails: string;
  /** The IBAN in the details, on its own (BANK_TRANSFER_IBAN, or found in BANK_TRANSFER_DETAILS), for its copy button; null when there is none. */
  bankTransferIban: string | null;
  /** Card payments (docs/payments.md): Moyasar's API with its secret key and webhook secret; undefined: bank transfer only. */
  cardGateway: { provider: 'moyasar'; apiUrl: string; secretKey: string; webhookSecret: string } | undefined;
  /** The site's currency (CURRENCY, ISO 4217): every price and order is in its minor units (docs/payments.md). */
  currency: string;
  /** What a tax invoice names and shows (docs/payments.md, "Invoices"); each invoice keeps its own copy when issued. */
  invoices: InvoiceSettings;
  mail: {
    /** smtp:// or smtps:// URL of the relay; unset: each message is written to DATA_DIR/outbox as an .eml file. */
    smtpUrl: string | undefined;
    /** The From header. */
    from: string;
    /** Run the sending worker in this process (tests start their own). */
    worker: boolean;
    /** Refusals by the SMTP server before a message is marked failed (an unreachable server does not count). */
    maxAttempts: number;
    /** First retry delay; doubles each try, at most 15 minutes. */
    retryBaseMs: number;
    /** How often an idle worker looks for due mail (it is also woken at once after an enqueue). */
    pollMs: number;
  };
  /** Forgot-password requests per account in an hour; more get the same answer and no mail. */
  passwordResetPerEmail: number;
  /**
   * Google sign-in (OpenID Connect, docs/google-sign-in.md); off while `clientId` is unset. An http
   * issuer is accepted only on a loopback address (the tests' local provider).
   */
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined };
  /** Answers arriving this long after an attempt's deadline still count (network, slow devices). */
  quizGraceSeconds: number;
  /** A message or an answer unread this long goes out in the digest mail (NOTIFY_DIGEST_MINUTES, docs/notifications.md). */
  notifyDigestMinutes: number;
  /** How often the scheduled-release sweep looks for sections that opened, to mail their participants (RELEASE_SWEEP_MINUTES; docs/authoring.md). */
  releaseSweepMs: number;
  /**
   * A participant who has not studied an enrolled, unfinished course for this many days is mailed once to come back
   * (STUDY_REMINDER_DAYS, default 14; 0 turns the reminders off; docs/notifications.md).
   */
  studyReminderDays: number;
  /** Where uploads live (docs/storage.md): DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: { driver: 'disk' } | ({ driver: 's3' } & S3Settings);
}

function storageSettings(e: z.output<typeof envSchema>): Config['storage'] {
  if (e.STORAGE === 'disk') return { driver: 'disk' };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET: required with STORAGE=s3');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) problems.push("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK's default chain)");
  // An upload is renamed once its type is known, and S3 copies at most 5 GiB in one request.
  if (e.UPLOAD_VIDEO_MAX_MB * 1_048_576 > S3_COPY_MAX_BYTES) problems.push('UPLOAD_VIDEO_MAX_MB: at most 5120 with STORAGE=s3');
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    driver: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    publicEndpoint: e.S3_PUBLIC_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
    signedUrlSeconds: e.S3_SIGNED_URL_SECONDS,
  };
}

/** An IBAN (two letters, two check digits, 11 to 30 letters and digits, in groups or not), written without spaces. */
export function ibanOf(text: string): string | null {
  const found = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/.exec(text.toUpperCase());
  return found ? found[0].replace(/\s/g, '') : null;
}

function cardGatewaySettings(e: z.output<typeof envSchema>): Config['cardGateway'] {
  if (!e.MOYASAR_SECRET_KEY && !e.MOYASAR_WEBHOOK_SECRET) return undefined;
  if (!e.MOYASAR_SECRET_KEY || !e.MOYASAR_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration:\n  MOYASAR_SECRET_KEY, MOYASAR_WEBHOOK_SECRET: set both for card payments, or neither');
  }
  const api = new URL(e.MOYASAR_API_URL);
  if (api.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(api.hostname)) {
    throw new Error('Invalid configuration:\n  MOYASAR_API_URL: must be https (plain http only on a loopback address, for the tests\' stand-in)');
  }
  return { provider: 'moyasar', apiUrl: e.MOYASAR_API_URL.replace(/\/$/, ''), secretKey: e.MOYASAR_SECRET_KEY, webhookSecret: e.MOYASAR_WEBHOOK_SECRET };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const issuer = new URL(e.OIDC_ISSUER);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname))) {
    throw new Error('Invalid configuration:\n  OIDC_ISSUER: must be https (plain http only on a loopback address, for a local test provider)');
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  WORKERS: several processes need a PostgreSQL server (DATABASE_URL); the embedded database belongs to one process');
  }
  const root = process.cwd();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(root, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolMax: e.DATABASE_POOL_MAX,
    checkResponses: e.CHECK_RESPONSES ?? e.NODE_ENV === 'test',
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    workers: e.WORKERS,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    // Demo data is never seeded in production, whatever SEED_DEMO says.
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? true),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    slowBodies: { windowMs: e.BODY_WINDOW_SECONDS * 1000, minBytes: e.BODY_MIN_BYTES_PER_WINDOW },
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    rateLimits: {
      windowMs: 15 * 60_000,
      loginFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      registerPerAddress: e.REGISTER_MAX_PER_ADDRESS,
      formsPerAddress: e.FORMS_MAX_PER_ADDRESS,
      searchesPerAddressPerMinute: e.SEARCH_MAX_PER_ADDRESS_PER_MINUTE,
      searchBurstPerAddress: e.SEARCH_BURST_PER_ADDRESS,
      searchesPerUserPerMinute: e.SEARCH_MAX_PER_USER_PER_MINUTE,
      messagesPerMinute: e.MESSAGES_MAX_PER_MINUTE,
      notesPerMinute: e.NOTES_MAX_PER_MINUTE,
    },
    webDist: e.WEB_DIST ? path.resolve(root, e.WEB_DIST) : path.resolve(root, 'apps/web/dist'),
    bankTransferDetails: e.BANK_TRANSFER_DETAILS,
    bankTransferIban: ibanOf(e.BANK_TRANSFER_IBAN ?? e.BANK_TRANSFER_DETAILS),
    currency: e.CURRENCY,
    invoices: {
      sellerName: e.SELLER_NAME,
      sellerVatNumber: e.SELLER_VAT_NUMBER,
      vatBasisPoints: Math.round(e.VAT_RATE_PERCENT * 100),
      pricesIncludeVat: e.PRICES_INCLUDE_VAT,
    },
    cardGateway: cardGatewaySettings(e),
    quizGraceSeconds: e.QUIZ_GRACE_SECONDS,
    notifyDigestMinutes: e.NOTIFY_DIGEST_MINUTES,
    releaseSweepMs: Math.round(e.RELEASE_SWEEP_MINUTES * 60_000),
    studyReminderDays: e.STUDY_REMINDER_DAYS,
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM || `"Nibras نبراس" <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      worker: e.MAIL_WORKER,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: Math.round(e.MAIL_RETRY_BASE_SECONDS * 1000),
      pollMs: 5000,
    },
    passwordResetPerEmail: e.PASSWORD_RESET_MAX_PER_EMAIL,
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID || undefined, clientSecret: e.OIDC_CLIENT_SECRET || undefined },
    storage: storageSettings(e),
    uploadLimits: { imageBytes: Math.round(e.UPLOAD_IMAGE_MAX_MB * 1_048_576), videoBytes: Math.round(e.UPLOAD_VIDEO_MAX_MB * 1_048_576),
      pdfBytes: Math.round(e.UPLOAD_PDF_MAX_MB * 1_048_576),
      resourceBytes: Math.round(e.UPLOAD_RESOURCE_MAX_MB * 1_048_576),
    },
    resumableUploadMs: Math.round(e.UPLOAD_RESUMABLE_HOURS * 3_600_000),
    video: {
      workers: e.VIDEO_WORKERS ?? (e.NODE_ENV === 'test' ? 0 : 1),
      ladder: [...new Set(e.VIDEO_LADDER.split(',').map(Number))].sort((a, b) => a - b),
      segmentSeconds: e.VIDEO_SEGMENT_SECONDS,
      maxAttempts: e.VIDEO_MAX_ATTEMPTS,
      retryBaseMs: 60_000,
      streamUrlSeconds: Math.round(e.VIDEO_STREAM_MINUTES * 60),
      ffmpeg: e.FFMPEG_PATH,
      ffprobe: e.FFPROBE_PATH,
    },
  };
}
