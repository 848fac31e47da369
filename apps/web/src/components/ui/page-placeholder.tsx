import Sprout from 'lucide-react/icons/sprout';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * An honest stand-in for a page that a later release builds: it names what will be here.
 */
export function PagePlaceholder({
  title,
  description,
  documentTitle,
  children,
}: {
  title: string;
  description: string;
  /** Tab title when it differs from the heading. */
  documentTitle?: string;
  children?: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-14 sm:py-20">
      <div className="relative overflow-hidden rounded-card border border-sand-300 bg-sand-100 p-7 shadow-soft sm:p-10">
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-16 size-48 rounded-full bg-sage-100"
        />
        <div className="relative">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-cream px-3 py-1 text-xs font-semibold tracking-wide text-clay-800 uppercase">
            <Sprout aria-hidden="true" className="size-3.5" />
            Coming soon
          </p>
          <h1 className="mt-4 text-3xl leading-tight font-semibold sm:text-4xl">{title}</h1>
          <p className="mt-4 max-w-prose text-lg text-ink-muted">{description}</p>
          {children ? <div className="mt-7 flex flex-wrap gap-3">{children}</div> : null}
        </div>
      </div>
    </section>
  );
}
