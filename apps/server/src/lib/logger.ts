import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Fields of a failed query's error that carry the values it was given: drizzle's `params`
 * (a new password hash among them) and PostgreSQL's `detail`/`where` ("Failing row contains
 * (…)", "Key (email)=(…)"). They never reach the log.
 */
const VALUE_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'parameters']);

/** Drizzle appends "params: …" to its message and so to the stack's first line. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError | string;
  [field: string]: unknown;
}

/** An error as the log shows it: name, message, stack and its causes, without query values. */
export function errorForLog(error: unknown, depth = 0): LoggedError | string {
  if (!(error instanceof Error)) return String(error);
  const logged: LoggedError = {
    type: error.name,
    message: withoutParams(error.message),
    stack: error.stack ? withoutParams(error.stack) : undefined,
  };
  for (const [field, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(field) || field === 'cause' || value === undefined) continue;
    if (typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    logged[field] = value;
  }
  if (error.cause !== undefined && depth < 5) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}

/** The app's logger: every `err` logged anywhere goes through errorForLog. */
export function createLogger(
  options: { level: string; pretty?: boolean },
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: options.level,
      serializers: { err: errorForLog },
      ...(options.pretty
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
    },
    ...(destination ? [destination] : []),
  );
}
