import type { OrderMessageSummary } from '@leafline/contract/order-messages';
import { OrderMessagesSection } from '@/components/order-messages/order-messages-section';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { businessOrderMessagesQueryOptions } from '../api/get-business-order-messages';
import { sendBusinessOrderMessage } from '../api/send-business-order-message';

/** The order card's "Message the buyer" (decision 0051). */
export function OrderMessages({
  businessId,
  orderId,
  summary,
}: {
  businessId: number;
  orderId: number;
  summary: OrderMessageSummary | undefined;
}) {
  return (
    <OrderMessagesSection
      orderId={orderId}
      side="brand"
      summary={summary}
      thread={businessOrderMessagesQueryOptions(businessId, orderId)}
      send={(body) => sendBusinessOrderMessage(orderId, body)}
      refresh={[SELLER_KEYS.orderMessages(businessId)]}
    />
  );
}
