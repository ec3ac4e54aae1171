/**
 * Whether an error means the database could not be reached or dropped the connection under the
 * statement (a restart, a failover, `pg_terminate_backend`, an idle timeout, a refused or timed-out
 * connect), rather than that the statement itself failed. Such a request is answered 503 with
 * Retry-After (plugins/errors.ts): the pool opens new connections for the next ones, so the site
 * serves again as soon as the database answers (docs/operations.md).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// SQLSTATE 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown,
// 57P03 cannot_connect_now (starting up, in recovery), 53300 too_many_connections; class 08: connection exceptions.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// What node-postgres itself throws when the socket closes, or a connect waits past connectionTimeoutMillis.
const CLIENT_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
  }
  return false;
}
