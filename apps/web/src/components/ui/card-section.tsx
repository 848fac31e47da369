import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

const TONES = {
  plain: 'border-sand-300 bg-white/70',
  sand: 'border-sand-300 bg-sand-100',
  danger: 'border-error-fg/20 bg-error-bg/40',
} as const;

export interface CardSectionProps {
  /** Names the heading (`{id}-heading`), which labels the section. */
  id: string;
  title: ReactNode;
  children: ReactNode;
  tone?: keyof typeof TONES;
  /** Lifted off the page, for the main panels of a page. */
  raised?: boolean;
  /** `aside` for a summary beside the page's main content. */
  as?: 'section' | 'aside';
  className?: string;
  headingClassName?: string;
}

/** A titled card of a page (a profile, an address, a summary), labelled by its heading. */
export function CardSection({
  id,
  title,
  children,
  tone = 'plain',
  raised = false,
  as: Element = 'section',
  className,
  headingClassName,
}: CardSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Element
      aria-labelledby={headingId}
      className={cx(
        'rounded-card border p-5 sm:p-6',
        TONES[tone],
        raised && 'shadow-soft',
        className,
      )}
    >
      <h2 id={headingId} className={cx('text-xl font-semibold', headingClassName)}>
        {title}
      </h2>
      {children}
    </Element>
  );
}
