import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The opening of a static page: a small eyebrow, the page's one h1 and a lead paragraph, on
 * the warm sand card the other pages use.
 */
export function ContentPageHeader({
  eyebrow,
  title,
  icon: Icon,
  children,
}: {
  eyebrow: string;
  title: string;
  /** The eyebrow's icon. */
  icon: LucideIcon;
  /** The lead paragraph(s). */
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden rounded-card bg-sand-100 px-6 py-10 sm:px-12 sm:py-14">
      <div
        aria-hidden="true"
        className="absolute -top-20 -right-16 size-64 rounded-full bg-sage-100 sm:size-80"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-24 right-36 hidden size-48 rounded-full bg-clay-100 md:block"
      />
      <div className="relative max-w-2xl">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-cream px-3 py-1 text-xs font-semibold tracking-wide text-clay-800 uppercase">
          <Icon aria-hidden="true" className="size-3.5" />
          {eyebrow}
        </p>
        <h1 className="mt-4 text-3xl leading-tight font-semibold sm:text-5xl">{title}</h1>
        <div className="mt-4 flex flex-col gap-3 text-lg text-ink-muted">{children}</div>
      </div>
    </div>
  );
}

/** The frame of every static page: centred, padded, mobile first. */
export function ContentPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-8 sm:gap-16 sm:py-12">
      {children}
    </div>
  );
}
