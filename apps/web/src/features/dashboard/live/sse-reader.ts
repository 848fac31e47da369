/** One Server-Sent Event as the stream carried it. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export interface ReadSseOptions {
  /**
   * The watchdog: when nothing at all (not even a `:` keep-alive comment) arrives for this
   * long, the body is cancelled and the read ends (resolves), as if the server had closed it.
   * A connection that died without closing would otherwise wait forever.
   */
  idleMs?: number;
  /** Every `id:` received, with or without an event. */
  onId?: (id: string) => void;
}

/**
 * Reads a `text/event-stream` body (the WHATWG event stream format: `id:`, `event:`, `data:`
 * lines, a blank line ending each event, `:` comments) and calls `onMessage` for each event,
 * until the body ends, `signal` aborts or nothing arrives for `idleMs` (resolves) or the body
 * fails (rejects). `onId` gets every `id:` received, an event's or one sent without data
 * (which is no event, but sets the last event id to resume from).
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: SseMessage) => void,
  signal?: AbortSignal,
  { idleMs, onId }: ReadSseOptions = {},
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
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  let any = false;

  const dispatch = () => {
    if (any && id !== undefined) onId?.(id);
    if (any && data.length)
      onMessage({
        ...(id !== undefined ? { id } : {}),
        event: event || 'message',
        data: data.join('\n'),
      });
    data = [];
    event = '';
    id = undefined;
    any = false;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else return;
    any = true;
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      watch();
      pending += decoder.decode(value, { stream: true });
      // Lines end with \n, \r\n or \r; a \r at the very end may be half of a \r\n.
      for (;;) {
        const match = /\r\n|\r|\n/.exec(pending);
        if (!match) break;
        if (match[0] === '\r' && match.index === pending.length - 1) break;
        line(pending.slice(0, match.index));
        pending = pending.slice(match.index + match[0].length);
      }
    }
  } finally {
    clearTimeout(idle);
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}
