import { useEffect, useId, useRef } from 'react';
import { CHECKOUT_TEXTS } from '../lib/checkout-texts';

/**
 * SPEC §2, §4 Checkout: a full-screen overlay while the order is made and the browser goes
 * to the payment page. A modal <dialog>, so nothing behind it can be pressed twice; Escape
 * does not close it.
 */
export function ProcessingOverlay() {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', ''); // environments without showModal (tests)
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-busy="true"
      data-testid="processing-overlay"
      onCancel={(event) => event.preventDefault()}
      className="m-0 h-dvh max-h-none w-screen max-w-none border-0 bg-cream/95 p-0 backdrop:bg-forest-950/30"
    >
      <div
        role="status"
        aria-live="assertive"
        className="flex h-full flex-col items-center justify-center gap-4 px-6 text-center"
      >
        <span
          aria-hidden="true"
          className="size-12 animate-spin rounded-full border-4 border-forest-700 border-r-transparent motion-reduce:animate-none"
        />
        <p id={titleId} className="font-display text-2xl font-semibold text-forest-900">
          {CHECKOUT_TEXTS.processingTitle}
        </p>
        <p className="max-w-sm text-ink-muted">{CHECKOUT_TEXTS.processingText}</p>
      </div>
    </dialog>
  );
}
