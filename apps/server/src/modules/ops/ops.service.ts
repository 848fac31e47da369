import type { JobRunner, ParkedJob, QueueCounts } from '../../jobs/job-runner';
import { notFound } from '../../lib/errors';

/**
 * The operator's view of the durable jobs (DESIGN 2.17 "parked where an operator can see and
 * replay them", decision 0020): per queue how many wait, retry, run or are parked; the parked
 * ones with their data and last error; and a replay of one. The HTTP routes (ops.routes.ts)
 * and the CLI (`npm run jobs`, scripts/jobs.ts) both answer from here.
 */

export const OPS_JOB_MESSAGES = {
  queueInvalid: 'This queue name is not valid.',
  idInvalid: 'This job id is not valid.',
  notParked: (queue: string, id: string) =>
    `There is no parked job ${id} in the queue ${queue}: it may have been replayed already.`,
} as const;

export interface ParkedJobView {
  id: string;
  queue: string;
  /** A redacted summary of the job's data (`summarizeJobData`). */
  data: unknown;
  attempts: number;
  /** The last failure's message. */
  error: string | null;
  created_at: string;
  failed_at: string | null;
}

/** The message of what a failed job left in its output (pg-boss keeps the thrown error). */
export function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) {
    const message = (output as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  if (typeof output === 'string') return output;
  return output == null ? null : JSON.stringify(output);
}

/** A string field shown as it is: an id, a kind or a status (short, and not a secret by name). */
const SHOWN_KEY = /(^id$|Id$|_id$|^kind$|^status$|^state$)/;
const SECRET_KEY = /(token|secret|password|key|link|url|code)/i;

/** `fern@example.com` → `f***@example.com`: the operator sees the domain, not the address. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/**
 * What the operator sees of a job's data: a summary, never the whole of it (a parked mail holds
 * the message, a password-reset link with it). A mail: its recipient masked and its subject.
 * Otherwise numbers, booleans and ids (and lists of them) as they are, any other text
 * `[redacted]`, nested objects likewise (two levels).
 */
export function summarizeJobData(queue: string, data: unknown): unknown {
  if (queue === 'mail.send' && data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: { to?: unknown; subject?: unknown } }).message ?? {};
    return {
      message: {
        to: typeof message.to === 'string' ? maskAddress(message.to) : null,
        subject: typeof message.subject === 'string' ? message.subject.slice(0, 200) : null,
      },
    };
  }
  return summarize(data, undefined, 0);
}

function summarize(value: unknown, key: string | undefined, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const shown =
      key !== undefined && SHOWN_KEY.test(key) && !SECRET_KEY.test(key) && value.length <= 100;
    return shown ? value : '[redacted]';
  }
  if (depth >= 2 || typeof value !== 'object') return '[redacted]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => summarize(v, key, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      summarize(v, k, depth + 1),
    ]),
  );
}

export function toParkedJobView(job: ParkedJob): ParkedJobView {
  return {
    id: job.id,
    queue: job.queue,
    data: summarizeJobData(job.queue, job.data),
    attempts: job.attempts,
    error: errorOf(job.output),
    created_at: job.createdAt.toISOString(),
    failed_at: job.failedAt?.toISOString() ?? null,
  };
}

export async function jobCounts(jobs: Pick<JobRunner, 'counts'>): Promise<QueueCounts[]> {
  return jobs.counts();
}

export async function parkedJobs(
  jobs: Pick<JobRunner, 'failed'>,
  limit = 200,
): Promise<ParkedJobView[]> {
  return (await jobs.failed(limit)).map(toParkedJobView);
}

/** Replays a parked job; a readable 404 when that queue has no parked job with this id. */
export async function replayJob(
  jobs: Pick<JobRunner, 'retry'>,
  queue: string,
  id: string,
): Promise<{ queue: string; id: string; replayed: true }> {
  if (!(await jobs.retry(queue, id))) throw notFound(OPS_JOB_MESSAGES.notParked(queue, id));
  return { queue, id, replayed: true };
}
