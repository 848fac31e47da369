/** One Server-Sent Event as the stream carried it. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body (the WHATWG event stream format: `id:`, `event:`, `data:`
 * lines, a blank line ending each event, `:` comments) and calls `onMessage` for each event,
 * until the body ends or `signal` aborts (resolves) or the body fails (rejects). `onId` gets
 * every `id:` received, an event's or one sent without data (which is no event, but sets the
 * last event id to resume from).
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: SseMessage) => void,
  signal?: AbortSignal,
  onId?: (id: string) => void,
): Promise<void> {
  const reader = body.getReader();
  // Aborting cancels the body (the connection closes) and ends the read.
  const stop = () => void reader.cancel().catch(() => {});
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
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
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}
