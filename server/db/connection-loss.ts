/**
 * Telling a lost connection from a failed statement. A lost connection says nothing about the
 * statement (it may or may not have run), so only reads and transactions that never reached
 * COMMIT are tried again; everything else becomes DatabaseUnavailableError for the caller.
 */

/** SQLSTATEs of a backend that went away: terminated, shut down, starting, or the link broke. */
const LOST_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '08007']);
const LOST_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres reports a dropped socket with these texts and no code.
const LOST_TEXT =
  /Connection terminated|not queryable|connection timeout|timeout exceeded when trying to connect|Client was closed/i;

export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (LOST_STATES.has(code) || LOST_ERRNOS.has(code))) return true;
  return LOST_TEXT.test(error.message);
}

/** The database could not be reached, or the connection died under a request. Safe to try again. */
export class DatabaseUnavailableError extends Error {
  readonly retryable = true;
  constructor(cause: unknown) {
    super('The database is unavailable.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** The cause in one line for the log (`state`: SQLSTATE or errno; `code` is a redacted key), and the driver's text (never parameters). */
export function describeCause(error: unknown): { state?: string; message: string } {
  const root = error instanceof DatabaseUnavailableError ? error.cause : error;
  const code = (root as { code?: unknown })?.code;
  return {
    ...(typeof code === 'string' ? { state: code } : {}),
    message: root instanceof Error ? root.message.slice(0, 300) : String(root).slice(0, 300),
  };
}
