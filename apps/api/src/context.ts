import type { Config } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './lib/rate-limiter';
import type { TokenService } from './lib/tokens';
import type { TtlCache } from './lib/ttl-cache';
import type { Storage } from './lib/storage';
import type { CardGateway } from './lib/payments';

/** The bank account a transfer goes to (BANK_TRANSFER_DETAILS, its IBAN). */
export function bankOf(ctx: Pick<AppContext, 'config'>) {
  return { details: ctx.config.bankTransferDetails, iban: ctx.config.bankTransferIban };
}

/** What services need from the outside world; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  cache: TtlCache;
  /** Encoded answers of anonymous public reads (plugins/public-cache.ts); emptied with the catalog. */
  publicResponses: TtlCache;
  storage: Storage;
  /** The card gateway when card payments are on (config.cardGateway), else null: bank transfer only. */
  cardGateway: CardGateway | null;
  /** Wakes this process's mail worker after an enqueue (modules/mail); a no-op when none runs. */
  mail: { wake: () => void };
  /** Wakes this process's video workers after an upload (modules/video); a no-op when none runs. */
  video: { wake: () => void };
  /** The server's log (silent in tests): for what goes wrong after an answer's work is done, such as a notification not queued. */
  log: (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;
  /**
   * The time, in ms since the epoch: Date.now, or a test's clock (AppDeps.now) for what a test must not
   * wait for: the minute of the message budget, the date a signed media URL carries.
   */
  now: () => number;
  /** A route answered a status its contract entry does not list: logged; the API tests fail on it. */
  undocumentedStatus: (route: string, status: number) => void;
}
