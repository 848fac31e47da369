import type { OrderMessageSummary } from '@leafline/contract/order-messages';
import { OrderMessagesSection } from '@/components/order-messages/order-messages-section';
import { orderMessageSummariesQueryKey } from '../api/get-order-message-summaries';
import { orderMessagesQueryOptions } from '../api/get-order-messages';
import { sendOrderMessage } from '../api/send-order-message';

/** My Orders' "Contact the brand" of one order (decision 0051). */
export function OrderMessages({
  orderId,
  summary,
}: {
  orderId: number;
  summary: OrderMessageSummary | undefined;
}) {
  return (
    <OrderMessagesSection
      orderId={orderId}
      side="buyer"
      summary={summary}
      thread={orderMessagesQueryOptions(orderId)}
      send={(body) => sendOrderMessage(orderId, body)}
      refresh={[orderMessageSummariesQueryKey]}
    />
  );
}
