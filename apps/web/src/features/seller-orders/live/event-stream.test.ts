import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEventStream, type StreamEvent } from './event-stream';

function body(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]) {
  const messages: StreamEvent[] = [];
  await readEventStream(body(chunks), (m) => messages.push(m));
  return messages;
}

describe('readEventStream', () => {
  it('reads events split anywhere, with CRLF or CR line ends, comments and retry left out', async () => {
    const messages = await read([
      'retry: 500\n\n: keep-alive\n\nid: 7\nev',
      'ent: order.paid\ndata: {"a":',
      '1}\r',
      '\n\r\nid: 8\revent: order.updated\rdata: x\rdata: y\r\r',
      // A \r at a chunk's end may be half of a \r\n: its block ends at the next line end.
      'data: no end\n',
    ]);
    expect(messages).toEqual([
      { id: '7', event: 'order.paid', data: '{"a":1}' },
      { id: '8', event: 'order.updated', data: 'x\ny' },
    ]);
  });

  it('an event without an event field is a "message"; one without data is none', async () => {
    expect(await read(['data: hi\n\nevent: order.paid\n\n'])).toEqual([
      { event: 'message', data: 'hi' },
    ]);
  });

  it('follows ids across chunks and line ends, each handed on when its block ends', async () => {
    const ids: string[] = [];
    await readEventStream(
      body(['id: 5\r', '\nid: 6', '\r\n\r', '\nid: 7\rdata: x\r\rid: 8\ndata: cut']),
      () => {},
      undefined,
      { onId: (id) => ids.push(id) },
    );
    // 5 and 6 are one block (the last id wins); 8's block never ended.
    expect(ids).toEqual(['6', '7']);
  });

  it('an id without data is no event, but is reported as the id to resume from (what eventsource-parser 3 leaves out)', async () => {
    const messages: StreamEvent[] = [];
    const ids: string[] = [];
    await readEventStream(
      body(['retry: 500\n\nid: 41\n\n: keep-alive\n\nid: 42\nevent: order.paid\ndata: x\n\n']),
      (m) => messages.push(m),
      undefined,
      { onId: (id) => ids.push(id) },
    );
    expect(messages).toEqual([{ id: '42', event: 'order.paid', data: 'x' }]);
    expect(ids).toEqual(['41', '42']);
  });

  it('stops reading when aborted', async () => {
    const abort = new AbortController();
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: one\n\n'));
      },
    });
    const messages: StreamEvent[] = [];
    const done = readEventStream(
      endless,
      (m) => {
        messages.push(m);
        abort.abort();
      },
      abort.signal,
    );
    await done;
    expect(messages).toHaveLength(1);
  });

  describe('the watchdog', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('ends a read that receives nothing for idleMs, cancelling the body', async () => {
      vi.useFakeTimers();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let cancelled = false;
      const silent = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
        cancel() {
          cancelled = true;
        },
      });
      const messages: StreamEvent[] = [];
      let ended = false;
      const done = readEventStream(silent, (m) => messages.push(m), undefined, {
        idleMs: 30_000,
      }).then(() => {
        ended = true;
      });
      // Keep-alives keep it open, however long it lasts.
      for (let i = 0; i < 4; i += 1) {
        await vi.advanceTimersByTimeAsync(20_000);
        controller.enqueue(new TextEncoder().encode(': keep-alive\n\n'));
      }
      controller.enqueue(new TextEncoder().encode('data: one\n\n'));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(ended).toBe(false);
      expect(messages).toHaveLength(1);
      // Then silence: the connection is given up.
      await vi.advanceTimersByTimeAsync(1_500);
      await done;
      expect(ended).toBe(true);
      expect(cancelled).toBe(true);
    });
  });
});
