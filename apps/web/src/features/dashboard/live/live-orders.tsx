import { LIVE_TEXTS } from '@leafline/contract/seller-money';
import { createContext, type ReactNode, useContext } from 'react';
import { type LiveState, useLiveOrders } from './use-live-orders';

const LiveOrdersContext = createContext<LiveState | null>(null);

/**
 * Keeps the business's live order stream open for the whole dashboard, whatever section is
 * shown, and tells the sections how it stands.
 */
export function LiveOrders({ businessId, children }: { businessId: number; children: ReactNode }) {
  const state = useLiveOrders(businessId);
  return <LiveOrdersContext value={state}>{children}</LiveOrdersContext>;
}

/** Under the orders heading: whether new orders appear by themselves right now. */
export function LiveOrdersStatus() {
  const state = useContext(LiveOrdersContext);
  if (state === null || state === 'off') return null;
  const text =
    state === 'live' ? LIVE_TEXTS.live : state === 'reconnecting' ? LIVE_TEXTS.reconnecting : '';
  return (
    <p
      aria-live="polite"
      className={`flex items-center gap-2 text-sm ${state === 'reconnecting' ? 'text-warning-fg' : 'text-ink-muted'}`}
    >
      {text ? (
        <span
          aria-hidden="true"
          className={`size-2 rounded-full ${state === 'live' ? 'bg-sage-700' : 'bg-clay-500'}`}
        />
      ) : null}
      {text}
    </p>
  );
}
