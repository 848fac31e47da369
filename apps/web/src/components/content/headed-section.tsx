import type { ReactNode } from 'react';

/**
 * A section of a page under its h2, which names it, with an introduction below the heading
 * when there is one (the home page's and the static pages' sections).
 */
export function HeadedSection({
  id,
  title,
  intro,
  className = 'flex flex-col gap-6',
  children,
}: {
  /** The heading's id, by which the section is named. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {intro ? (
        <div className="max-w-2xl">
          {heading}
          <p className="mt-2 text-ink-muted">{intro}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
