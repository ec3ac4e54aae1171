/**
 * A failure the client can act on. `code` and every field value are translation keys;
 * the error plugin translates them by Accept-Language and wraps them in the envelope.
 */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly fields: Record<string, string>;
  readonly params: Record<string, string | number>;
  readonly headers: Record<string, string>;
  constructor(
    code: string,
    statusCode = 400,
    opts: { fields?: Record<string, string>; params?: Record<string, string | number>; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.fields = opts.fields ?? {};
    this.params = opts.params ?? {};
    this.headers = opts.headers ?? {};
  }
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('api.auth.too_many_attempts', 429, {
    headers: { 'retry-after': String(retryAfterSeconds) },
    params: { count: Math.ceil(retryAfterSeconds / 60) },
  });
}
