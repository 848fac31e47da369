import {
  ORDER_MESSAGE_LIMITS,
  ORDER_MESSAGE_MESSAGES,
  ORDER_MESSAGE_TEXTS,
  type OrderMessage,
  type OrderMessageSide,
  type OrderMessageSummary,
  type OrderMessagesResponse,
} from '@leafline/contract/order-messages';
import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import ChevronDown from 'lucide-react/icons/chevron-down';
import MessageCircle from 'lucide-react/icons/message-circle';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { cx } from '@/lib/cx';

/** A message's time in the browser's own format and time zone. */
function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** What the form refuses before sending: the server's own rule (1–2000 characters, trimmed). */
function bodyError(body: string): string | undefined {
  const length = Array.from(body.trim()).length;
  return length < 1 || length > ORDER_MESSAGE_LIMITS.body ? ORDER_MESSAGE_MESSAGES.body : undefined;
}

export interface OrderMessagesSectionProps {
  orderId: number;
  /** Who reads: the buyer (My Orders) or the brand (the dashboard's order card). */
  side: OrderMessageSide;
  /** The order's count from the list of threads (none: no message yet). */
  summary: OrderMessageSummary | undefined;
  /** The thread's query (read when the section is opened). */
  thread: UseQueryOptions<OrderMessagesResponse, Error, OrderMessagesResponse, QueryKey>;
  /** Sends a message; the thread and the counts are read again after. */
  send: (body: string) => Promise<unknown>;
  /** The query keys to read again after a message was sent (the counts). */
  refresh: readonly QueryKey[];
}

/**
 * Decision 0051: the messages between an order's buyer and its brand, collapsed under a toggle
 * that shows the count; open, the thread oldest first (who and when) and a field to write. Every
 * text is rendered as text.
 */
export function OrderMessagesSection({
  orderId,
  side,
  summary,
  thread,
  send,
  refresh,
}: OrderMessagesSectionProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = summary?.count ?? 0;
  const awaiting = summary !== undefined && summary.last_side !== side;
  const title = side === 'buyer' ? ORDER_MESSAGE_TEXTS.buyerTitle : ORDER_MESSAGE_TEXTS.brandTitle;
  return (
    <section
      aria-label={ORDER_MESSAGE_TEXTS.threadLabel(orderId)}
      className="mt-4 border-t border-sand-200 pt-3"
      data-testid="order-messages"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="flex min-h-11 w-full items-center gap-2 rounded-lg text-left text-sm font-medium text-forest-900 hover:text-forest-700"
      >
        <MessageCircle aria-hidden="true" className="size-4 shrink-0 text-sage-700" />
        <span>{title}</span>
        <span className="text-ink-muted" data-testid="order-messages-count">
          {`· ${ORDER_MESSAGE_TEXTS.count(count)}`}
        </span>
        {awaiting ? (
          <span className="rounded-full bg-clay-100 px-2 py-0.5 text-xs font-semibold text-clay-800">
            {ORDER_MESSAGE_TEXTS.awaitingReply}
          </span>
        ) : null}
        <ChevronDown
          aria-hidden="true"
          className={cx('ml-auto size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div id={panelId} className="mt-2 flex flex-col gap-3">
          <Thread side={side} thread={thread} />
          <MessageForm side={side} thread={thread} send={send} refresh={refresh} />
        </div>
      ) : null}
    </section>
  );
}

function Thread({ side, thread }: Pick<OrderMessagesSectionProps, 'side' | 'thread'>) {
  const query = useQuery(thread);
  if (query.isPending) {
    return <p className="text-sm text-ink-muted">{ORDER_MESSAGE_TEXTS.loading}</p>;
  }
  if (query.isError) {
    return (
      <Notice tone="error">
        {ORDER_MESSAGE_TEXTS.loadFailed}{' '}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          {ORDER_MESSAGE_TEXTS.retry}
        </button>
      </Notice>
    );
  }
  const { messages } = query.data;
  if (messages.length === 0) {
    return <p className="text-sm text-ink-muted">{ORDER_MESSAGE_TEXTS.empty}</p>;
  }
  return (
    <ol className="flex flex-col gap-2" data-testid="order-messages-thread">
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} mine={message.side === side} />
      ))}
    </ol>
  );
}

function MessageItem({ message, mine }: { message: OrderMessage; mine: boolean }) {
  return (
    <li
      className={cx(
        'max-w-[90%] rounded-xl px-3 py-2 text-sm',
        mine ? 'self-end bg-sage-50' : 'self-start bg-sand-100',
      )}
      data-testid="order-message"
    >
      <p className="text-xs text-ink-muted">
        <span className="font-semibold text-forest-900">
          {mine ? ORDER_MESSAGE_TEXTS.you : message.author_name}
        </span>
        {' · '}
        <time dateTime={message.created_at}>{formatWhen(message.created_at)}</time>
      </p>
      {/* Plain text: React escapes it; the line breaks are kept by CSS. */}
      <p className="mt-0.5 break-words whitespace-pre-wrap text-ink">{message.body}</p>
    </li>
  );
}

function MessageForm({
  side,
  thread,
  send,
  refresh,
}: Pick<OrderMessagesSectionProps, 'side' | 'thread' | 'send' | 'refresh'>) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: thread.queryKey });
      for (const key of refresh) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = bodyError(body);
    setInvalid(error);
    if (!error) mutation.mutate(body);
  };
  const error =
    invalid ??
    (mutation.isError ? errorMessage(mutation.error, ORDER_MESSAGE_TEXTS.sendFailed) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <TextareaField
        label={ORDER_MESSAGE_TEXTS.label}
        hint={side === 'buyer' ? ORDER_MESSAGE_TEXTS.buyerHint : ORDER_MESSAGE_TEXTS.brandHint}
        error={error}
        rows={3}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setInvalid(undefined);
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={mutation.isPending}>
          {ORDER_MESSAGE_TEXTS.send}
        </Button>
      </div>
    </form>
  );
}
