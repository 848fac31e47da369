import BadgeCheck from 'lucide-react/icons/badge-check';
import Info from 'lucide-react/icons/info';
import { type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cx } from '@/lib/cx';
import { STOREFRONT_TEXTS } from '../lib/storefront-texts';

/**
 * The Verified badge with its info tooltip (SPEC §2 Storefront). The badge is a button
 * described by the tooltip (aria-describedby), so the explanation is read on focus. The
 * tooltip opens on a tap or click and closes on a second one, on Escape or on a tap
 * outside; it also shows while a mouse hovers the badge or the keyboard focuses it.
 */
export function VerifiedBadge({ className }: { className?: string }) {
  const tooltipId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  // Three reasons to show it; a tap or click toggles the first, and closing clears all three.
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // A tap focuses the button just before its click: that focus must not count as keyboard
  // focus, or the click would close what the focus had just opened.
  const pressing = useRef(false);
  const open = pinned || hovered || focused;

  const close = useCallback(() => {
    setPinned(false);
    setHovered(false);
    setFocused(false);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  // Touch screens send mouse-like enter events on a tap and no leave: hover is a mouse's only.
  const isMouse = (event: PointerEvent) => event.pointerType === 'mouse';

  return (
    // On a phone the tooltip hangs from the heading row (full width, never off screen); from
    // sm it hangs from the badge itself.
    <span ref={rootRef} className={cx('inline-flex sm:relative', className)}>
      <button
        type="button"
        aria-describedby={tooltipId}
        aria-expanded={open}
        onPointerDown={() => {
          pressing.current = true;
        }}
        onFocus={() => {
          if (!pressing.current) setFocused(true);
        }}
        onBlur={close}
        onClick={() => {
          pressing.current = false;
          if (pinned) close();
          else setPinned(true);
        }}
        onPointerEnter={(event) => {
          if (isMouse(event)) setHovered(true);
        }}
        onPointerLeave={(event) => {
          pressing.current = false;
          if (isMouse(event)) setHovered(false);
        }}
        className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-sage-200 bg-sage-100 px-3 text-sm font-semibold text-forest-900 transition-colors hover:bg-sage-200"
      >
        <BadgeCheck aria-hidden="true" className="size-4" />
        {STOREFRONT_TEXTS.verified}
        <Info aria-hidden="true" className="size-3.5 text-sage-700" />
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className={cx(
          'absolute top-full right-0 left-0 z-20 mt-2 rounded-xl sm:right-auto sm:w-72 bg-forest-900 px-3.5 py-2.5 text-left text-sm leading-snug font-normal text-cream shadow-soft transition-opacity',
          open ? 'visible opacity-100' : 'invisible opacity-0',
        )}
      >
        {STOREFRONT_TEXTS.verifiedInfo}
      </span>
    </span>
  );
}
