import { BRAND_NAME } from '@leafline/contract/constants';
import Footprints from 'lucide-react/icons/footprints';
import Handshake from 'lucide-react/icons/handshake';
import Leaf from 'lucide-react/icons/leaf';
import Recycle from 'lucide-react/icons/recycle';

const PILLARS = [
  {
    Icon: Leaf,
    title: 'Eco-Friendly Materials',
    text: 'Organic, recycled and renewable materials — at least 80% of every product.',
  },
  {
    Icon: Recycle,
    title: 'Reduced Waste',
    text: 'Plastic-free packaging, refills and goods made to last, then to compost.',
  },
  {
    Icon: Handshake,
    title: 'Fair Labor',
    text: 'Makers paid fairly, in safe workshops, by brands that show how.',
  },
  {
    Icon: Footprints,
    title: 'Lower Carbon Footprint',
    text: 'Made in small batches close to home, shipped together in one cart.',
  },
] as const;

/** Why shop here: the four commitments of every partner brand (SPEC §2 Home). */
export function SustainabilitySection() {
  return (
    <section aria-labelledby="sustainability-heading" className="flex flex-col gap-8">
      <div className="max-w-2xl">
        <h2 id="sustainability-heading" className="text-2xl font-semibold sm:text-3xl">
          Sustainability you can check
        </h2>
        <p className="mt-2 text-ink-muted">
          Every brand on {BRAND_NAME} is reviewed against the same four commitments.
        </p>
      </div>
      {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics without it */}
      <ul role="list" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PILLARS.map(({ Icon, title, text }) => (
          <li
            key={title}
            className="flex flex-col gap-3 rounded-card border border-sand-300 bg-sand-100/70 p-5"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-sage-100 text-forest-800">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="text-sm text-ink-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
