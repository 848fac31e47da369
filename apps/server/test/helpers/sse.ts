/** A Server-Sent Events stream read over a real socket, as a browser's dashboard reads it. */

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  /** Every event received so far (comments and `retry:` hints are left out). */
  events: SseEvent[];
  /** The last `id:` received, an event's or one sent alone (as EventSource's lastEventId). */
  lastEventId?: string;
  /** The `retry:` hint, if one came. */
  retry?: number;
  /** Comment lines received (keep-alives). */
  comments: string[];
  /** Waits for an event matching `test` (already received, or coming), at most `timeoutMs`. */
  next(test: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(new URL(path, baseUrl), {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const waiters = new Set<() => void>();
  const client: SseClient = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    ended: Promise.resolve(),
    next(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = client.events.find(test);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      abort.abort();
    },
  };
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return client;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const parseBlock = (block: string) => {
    const event: SseEvent = { data: '' };
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        client.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'retry') client.retry = Number(value);
      else if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') data.push(value);
      else continue;
      if (field !== 'retry') any = true;
    }
    if (!any) return;
    if (event.id !== undefined) client.lastEventId = event.id;
    // An id without data sets the last event id and dispatches nothing (WHATWG SSE).
    if (data.length === 0) return;
    event.data = data.join('\n');
    client.events.push(event);
    for (const waiter of [...waiters]) waiter();
  };
  client.ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value.replaceAll('\r\n', '\n');
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          parseBlock(text.slice(0, end));
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}
