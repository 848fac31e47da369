import { PLACEHOLDER_ROTATE_MS } from '@leafline/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';

export interface RotatingPlaceholderOptions {
  /** Extra reason to hold still, e.g. the field already has text. */
  paused?: boolean;
}

export interface RotatingPlaceholder {
  /** The example to show now ('' when there are none). */
  placeholder: string;
  index: number;
  /** Spread on the input: rotation pauses while it has focus. */
  onFocus: () => void;
  onBlur: () => void;
}

/**
 * Cycles the search box's example placeholder (SPEC §2 Shop: every 3 s through 7 examples).
 * It holds still while the field has focus (a changing hint under the caret is distracting)
 * and when the user prefers reduced motion. The placeholder is a hint only: the field needs
 * its own label.
 */
export function useRotatingPlaceholder(
  examples: readonly string[],
  intervalMs: number = PLACEHOLDER_ROTATE_MS,
  { paused = false }: RotatingPlaceholderOptions = {},
): RotatingPlaceholder {
  const [index, setIndex] = useState(0);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = examples.length;
  const still = paused || focused || reducedMotion || count < 2;

  useEffect(() => {
    if (still) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [still, count, intervalMs]);

  const onFocus = useCallback(() => setFocused(true), []);
  const onBlur = useCallback(() => setFocused(false), []);
  const current = count === 0 ? 0 : index % count;
  return { placeholder: examples[current] ?? '', index: current, onFocus, onBlur };
}
