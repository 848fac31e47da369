import { LIVE_TEXTS } from '@leafline/contract/seller-money';
import { useEffect, useSyncExternalStore } from 'react';
import { type LiveState, useLiveOrders } from './use-live-orders';

/** How each business's stream stands, for the status line wherever it is shown. */
const states = new Map<number, LiveState>();
const listeners = new Set<() => void>();

function setLiveState(businessId: number, state: LiveState | undefined) {
  if (state === undefined) states.delete(businessId);
  else states.set(businessId, state);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * Keeps the business's live order stream open while the dashboard is shown, whatever section
 * is open (renders nothing).
 */
export function LiveOrders({ businessId }: { businessId: number }) {
  const state = useLiveOrders(businessId);
  useEffect(() => {
    setLiveState(businessId, state);
    return () => setLiveState(businessId, undefined);
  }, [businessId, state]);
  return null;
}

/** Under the orders heading: whether new orders appear by themselves right now. */
export function LiveOrdersStatus({ businessId }: { businessId: number }) {
  const state = useSyncExternalStore(subscribe, () => states.get(businessId) ?? null);
  if (state === null) return null;
  const text =
    state === 'live'
      ? LIVE_TEXTS.live
      : state === 'reconnecting'
        ? LIVE_TEXTS.reconnecting
        : state === 'off'
          ? LIVE_TEXTS.off
          : '';
  return (
    <p
      aria-live="polite"
      className={`flex items-center gap-2 text-sm ${state === 'reconnecting' ? 'text-warning-fg' : 'text-ink-muted'}`}
    >
      {text && state !== 'off' ? (
        <span
          aria-hidden="true"
          className={`size-2 rounded-full ${state === 'live' ? 'bg-sage-700' : 'bg-clay-500'}`}
        />
      ) : null}
      {text}
    </p>
  );
}
