import Leaf from 'lucide-react/icons/leaf';
import type { ReactNode } from 'react';
import { Notice, type Tone } from '@/components/ui/notice';

/** The calm, centred card every auth page sits in. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  status,
  error,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** A success or information message above the form. */
  status?: { tone: Tone; text: ReactNode } | null;
  /** An error above the form (announced at once). */
  error?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-card border border-sand-300 bg-white/70 p-6 shadow-soft sm:p-8">
        <span
          aria-hidden="true"
          className="grid size-11 place-items-center rounded-2xl bg-sage-100 text-forest-900"
        >
          <Leaf className="size-5" />
        </span>
        <h1 className="mt-4 text-3xl font-semibold">{title}</h1>
        {intro ? <p className="mt-2 text-ink-muted">{intro}</p> : null}
        <div className="mt-6">
          {status ? (
            <Notice tone={status.tone} className="mb-5">
              {status.text}
            </Notice>
          ) : null}
          {error ? (
            <Notice tone="error" className="mb-5">
              {error}
            </Notice>
          ) : null}
          {children}
        </div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div> : null}
    </section>
  );
}

export const authLinkClass =
  'font-semibold text-forest-900 underline decoration-sage-400 decoration-2 underline-offset-4 hover:decoration-forest-900';
