import { createParser } from 'eventsource-parser';

/** One Server-Sent Event as the stream carried it. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export interface ReadEventStreamOptions {
  /**
   * The watchdog: when nothing at all (not even a `:` keep-alive comment) arrives for this
   * long, the body is cancelled and the read ends (resolves), as if the server had closed it.
   * A connection that died without closing would otherwise wait forever.
   */
  idleMs?: number;
  /** Every `id:` received, an event's or one sent without data, when its block ends. */
  onId?: (id: string) => void;
}

/**
 * Follows the `id:` lines of the stream and hands each on when its block ends (a blank line),
 * as the WHATWG parser sets the last event id. eventsource-parser 3 says nothing of a block
 * that carries an id and no data (its 4 added `onId`, but needs Node 22), and the live stream
 * starts with one: the id to resume from when the stream is lost before any event.
 */
function idFollower(onId: (id: string) => void): (text: string) => void {
  let rest = '';
  let id: string | undefined;
  return (text) => {
    // Lines end with \n, \r\n or \r; a \r at the very end may be half of a \r\n.
    const lines = (rest + text).split(/\r\n|\n|\r(?!$)/);
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (id !== undefined) onId(id);
        id = undefined;
      } else if (line === 'id' || line.startsWith('id:')) {
        const value = line.slice(line.startsWith('id: ') ? 4 : 3);
        if (!value.includes('\0')) id = value;
      }
    }
  };
}

/**
 * Reads a `text/event-stream` body with eventsource-parser and calls `onMessage` for each
 * event (an event without `event:` is a "message"), until the body ends, `signal` aborts or
 * nothing arrives for `idleMs` (resolves) or the body fails (rejects).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: StreamEvent) => void,
  signal?: AbortSignal,
  { idleMs, onId }: ReadEventStreamOptions = {},
): Promise<void> {
  const reader = body.getReader();
  // Aborting cancels the body (the connection closes) and ends the read.
  const stop = () => void reader.cancel().catch(() => {});
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    if (!idleMs) return;
    clearTimeout(idle);
    idle = setTimeout(stop, idleMs);
  };
  watch();
  const parser = createParser({
    onEvent: ({ id, event, data }) =>
      onMessage({ ...(id !== undefined ? { id } : {}), event: event ?? 'message', data }),
  });
  const followIds = onId ? idFollower(onId) : undefined;
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      watch();
      const text = decoder.decode(value, { stream: true });
      followIds?.(text);
      parser.feed(text);
    }
  } finally {
    clearTimeout(idle);
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}
