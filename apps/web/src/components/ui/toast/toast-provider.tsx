import { TOAST_DEFAULT_MS } from '@leafline/contract/constants';
import X from 'lucide-react/icons/x';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from '@/lib/cx';
import { toneClasses, toneIcons } from '../notice';
import { type ToastApi, ToastContext, type ToastItem, type ToastOptions } from './toast-context';

/** Holds the toasts (SPEC §2: success, error, warning, info) and shows them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    ({ type = 'info', message, durationMs = TOAST_DEFAULT_MS }: ToastOptions) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, type, message, durationMs }]);
      if (durationMs > 0 && Number.isFinite(durationMs)) {
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), durationMs),
        );
      }
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, durationMs) => show({ type: 'success', message, durationMs }),
      error: (message, durationMs) => show({ type: 'error', message, durationMs }),
      warning: (message, durationMs) => show({ type: 'warning', message, durationMs }),
      info: (message, durationMs) => show({ type: 'info', message, durationMs }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}

function Toaster({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  // The live region is always in the page, so screen readers announce what gets added.
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      <ol aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => {
          const Icon = toneIcons[toast.type];
          return (
            <li
              key={toast.id}
              data-toast-type={toast.type}
              className={cx(
                'pointer-events-auto flex animate-toast-in items-start gap-3 rounded-2xl border px-4 py-3 shadow-soft',
                toneClasses[toast.type],
              )}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="flex-1 text-sm font-medium">{toast.message}</p>
              <button
                type="button"
                onClick={() => onDismiss(toast.id)}
                aria-label="Dismiss notification"
                className="-my-1 -mr-2 rounded-full p-1.5 hover:bg-black/5"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
