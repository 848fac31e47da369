import type { PublicBusiness } from '@leafline/contract/catalog';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { FollowButton } from './follow-button';
import { VerifiedBadge } from './verified-badge';

const BANNER_SIZES = '(min-width: 1152px) 1120px, 100vw';

/** Banner, logo, name (the page's h1) and, for verified brands, the Verified badge. */
export function StorefrontHero({
  business,
  sections,
}: {
  business: PublicBusiness;
  /** In-page links to the sections shown. */
  sections: readonly { id: string; label: string }[];
}) {
  // Individual sellers are not verified by us, whatever the flag says (SPEC §4).
  const showVerified = business.verified && business.business_type !== 'individual_seller';
  return (
    <header className="flex flex-col">
      <div className="overflow-hidden rounded-card border border-sand-300 bg-sand-100">
        {business.banner ? (
          <ResponsiveImage
            src={business.banner}
            alt=""
            width={1600}
            height={500}
            sizes={BANNER_SIZES}
            priority
            className="aspect-[16/5] w-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="aspect-[16/5] w-full bg-[radial-gradient(circle_at_20%_30%,var(--color-sage-200),transparent_55%),radial-gradient(circle_at_80%_70%,var(--color-clay-100),transparent_55%)] bg-sand-100"
          />
        )}
      </div>
      {/* On a phone the logo sits beside the name, clear of the banner's own lettering. */}
      <div className="mt-4 flex items-center gap-4 sm:mt-0 sm:items-end sm:gap-6 sm:px-6">
        <div className="size-16 shrink-0 overflow-hidden rounded-full border-2 border-sand-300 bg-white shadow-soft sm:-mt-14 sm:size-28 sm:border-4 sm:border-cream">
          {business.logonew ? (
            <ResponsiveImage
              src={business.logonew}
              alt={`${business.name} logo`}
              width={224}
              height={224}
              sizes="112px"
              priority
              // Square whatever the picture's own shape (issue 24): a landscape logo is cut to
              // the frame's circle, centred, rather than shrinking to a band inside it.
              className="aspect-square size-full object-cover object-center"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-full items-center justify-center bg-sage-100 font-display text-3xl font-semibold text-forest-900"
            >
              {business.name.trim().charAt(0).toUpperCase()}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:pb-1">
          <div className="relative flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-3xl leading-tight font-semibold sm:text-4xl">{business.name}</h1>
            {showVerified ? <VerifiedBadge /> : null}
          </div>
          {business.price_range ? (
            <p className="text-sm text-ink-muted">
              Price range: <span className="font-medium text-ink">{business.price_range}</span>
            </p>
          ) : null}
          {/* Its new products then come to the home page (decision 0050). */}
          <FollowButton businessId={business.id} name={business.name} />
        </div>
      </div>
      <nav aria-label="Storefront sections" className="mt-6 border-b border-sand-300">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-11 items-center border-b-2 border-transparent px-2 text-sm sm:px-3 font-medium whitespace-nowrap text-forest-900 no-underline hover:border-sage-400"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
