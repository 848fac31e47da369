import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_STEP_PX } from '@leafline/contract/constants';
import { type RefObject, useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';

/** Scrolls a row by one step, back to the start once the end is reached. */
export function stepCarousel(el: HTMLElement, direction: 1 | -1 = 1): void {
  const max = el.scrollWidth - el.clientWidth;
  if (direction === 1 && el.scrollLeft >= max - 1) {
    el.scrollTo?.({ left: 0, behavior: 'smooth' });
  } else if (direction === -1 && el.scrollLeft <= 1) {
    el.scrollTo?.({ left: max, behavior: 'smooth' });
  } else {
    el.scrollBy?.({ left: direction * CAROUSEL_STEP_PX, behavior: 'smooth' });
  }
}

export interface CarouselAutoplay {
  /** Why it holds still, if it does. */
  paused: boolean;
  /** The shopper's own pause (WCAG 2.2.2): stays until they press play. */
  stopped: boolean;
  setStopped: (stopped: boolean) => void;
}

/**
 * Moves the row every 5 s by 220 px (SPEC §2 Home, §9). It holds still while the pointer
 * is over it, focus is inside it, a finger is on it, the tab is hidden, the user prefers
 * reduced motion, or the shopper pressed pause.
 */
export function useCarouselAutoplay(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
): CarouselAutoplay {
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const on = (type: string, fn: (e: Event) => void) => {
      el.addEventListener(type, fn, { passive: true });
      return () => el.removeEventListener(type, fn);
    };
    const offs = [
      on('mouseenter', () => setHovered(true)),
      on('mouseleave', () => setHovered(false)),
      on('focusin', () => setFocused(true)),
      on('focusout', (e) => {
        const next = (e as FocusEvent).relatedTarget;
        if (!(next instanceof Node && el.contains(next))) setFocused(false);
      }),
      on('touchstart', () => setTouched(true)),
      on('touchend', () => setTouched(false)),
      on('touchcancel', () => setTouched(false)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [ref]);

  const paused = !enabled || reducedMotion || hovered || focused || touched || stopped;

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      const el = ref.current;
      if (el && document.visibilityState !== 'hidden') stepCarousel(el, 1);
    }, CAROUSEL_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused, ref]);

  return { paused, stopped, setStopped };
}
