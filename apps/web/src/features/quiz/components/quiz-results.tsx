import type { ProductDetail } from '@leafline/contract/catalog';
import type { QuizPersona } from '@leafline/contract/content';
import { QUIZ_MESSAGES } from '@leafline/contract/quiz';
import Download from 'lucide-react/icons/download';
import ExternalLink from 'lucide-react/icons/external-link';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadingRegion } from '@/components/ui/skeleton';
import { PersonaProductCard, PersonaProductCardSkeleton } from './persona-product-card';

export interface QuizResultsProps {
  persona: QuizPersona;
  products: readonly ProductDetail[];
  /** Products still loading. */
  pending: number;
  onRetake: () => void;
}

/**
 * The results (SPEC §2 Quiz): the persona's title, description and three next steps, the
 * mascot poster to download, the recommended products and Shop All Products in a new tab.
 */
export function QuizResults({ persona, products, pending, onRetake }: QuizResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The questions made way for the results: reading starts at the persona.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="flex flex-col gap-10">
      <section
        aria-labelledby="persona-title"
        className="relative overflow-hidden rounded-card border border-sand-300 bg-sand-100 p-6 shadow-soft sm:p-10"
      >
        <div
          aria-hidden="true"
          className="absolute -top-20 -right-20 size-56 rounded-full bg-sage-100"
        />
        <div className="relative">
          <p className="text-sm font-semibold tracking-wide text-clay-800 uppercase">
            Your shopping persona
          </p>
          <h2
            id="persona-title"
            ref={headingRef}
            tabIndex={-1}
            className="mt-2 scroll-mt-24 text-3xl leading-tight font-semibold sm:text-4xl"
          >
            {persona.title}
          </h2>
          <p className="mt-4 max-w-prose text-lg text-ink-muted">{persona.description}</p>

          <h3 className="mt-8 text-xl font-semibold">Your next steps</h3>
          {/* Numbered by CSS: the list is already ordered, its items read as the steps alone. */}
          <ol className="mt-3 flex max-w-prose flex-col gap-3 [counter-reset:step]">
            {persona.next_steps.map((step) => (
              <li
                key={step}
                className="flex gap-3 [counter-increment:step] before:flex before:size-7 before:shrink-0 before:items-center before:justify-center before:rounded-full before:bg-forest-900 before:text-sm before:font-semibold before:text-cream before:content-[counter(step)]"
              >
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>

          <div className="mt-8 flex flex-wrap gap-3">
            <a href={persona.poster_url} download className={buttonClasses('primary', 'lg')}>
              <Download aria-hidden="true" className="size-5" />
              Download your poster
            </a>
            <Button variant="secondary" size="lg" onClick={onRetake}>
              <RotateCcw aria-hidden="true" className="size-5" />
              Retake the quiz
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="persona-products-title">
        <h3 id="persona-products-title" className="text-2xl font-semibold">
          Picked for you
        </h3>
        <PersonaProducts products={products} pending={pending} />
        <div className="mt-8 flex justify-center">
          <a href="/shop" target="_blank" rel="noopener" className={buttonClasses('primary', 'lg')}>
            Shop All Products
            <ExternalLink aria-hidden="true" className="size-5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </section>
    </div>
  );
}

function PersonaProducts({
  products,
  pending,
}: {
  products: readonly ProductDetail[];
  pending: number;
}) {
  if (pending === 0 && products.length === 0) {
    return (
      <p className="mt-4 rounded-card border border-sand-300 bg-sand-100 px-5 py-8 text-center text-ink-muted">
        {QUIZ_MESSAGES.noProducts}
      </p>
    );
  }
  const grid = 'mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3';
  return (
    <>
      {products.length > 0 ? (
        <ul className={grid}>
          {products.map((product) => (
            <li key={product.id}>
              <PersonaProductCard product={product} />
            </li>
          ))}
        </ul>
      ) : null}
      {pending > 0 ? (
        <LoadingRegion label="Loading your products…" className={grid}>
          {Array.from({ length: pending }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <PersonaProductCardSkeleton key={index} />
          ))}
        </LoadingRegion>
      ) : null}
    </>
  );
}
