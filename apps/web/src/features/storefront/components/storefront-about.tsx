import type { PublicBusiness } from '@leafline/contract/catalog';
import Factory from 'lucide-react/icons/factory';
import Truck from 'lucide-react/icons/truck';
import { ExpandableEntry } from './expandable-entry';

/** The brand's introduction, with its Production and Shipping when it wrote them. */
export function StorefrontAbout({ business }: { business: PublicBusiness }) {
  const description = business.description.trim();
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-24">
      <h2 id="about-heading" className="text-2xl font-semibold sm:text-3xl">
        About
      </h2>
      <p className="mt-4 leading-relaxed whitespace-pre-line text-ink/90">
        {description || `${business.name} has not written an introduction yet.`}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        {business.production.trim() ? (
          <ExpandableEntry title="Production" icon={<Factory className="size-5" />}>
            {business.production}
          </ExpandableEntry>
        ) : null}
        {business.shipping_strategy.trim() ? (
          <ExpandableEntry title="Shipping" icon={<Truck className="size-5" />}>
            {business.shipping_strategy}
          </ExpandableEntry>
        ) : null}
      </div>
    </section>
  );
}
