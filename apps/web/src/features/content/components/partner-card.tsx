import type { Partner } from '@leafline/contract/content';
import ExternalLink from 'lucide-react/icons/external-link';
import { ResponsiveImage } from '@/components/ui/responsive-image';

/** The host of a web address, for display: `https://www.example.org/x` → `example.org`. */
function displayHost(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

/** One partner organisation: its logo, its name and a link to its own site (SPEC §1). */
export function PartnerCard({ partner }: { partner: Partner }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-sand-300 bg-white shadow-soft">
      <div className="flex aspect-[2/1] items-center justify-center bg-sand-100/60 p-6">
        <ResponsiveImage
          src={partner.logo}
          alt={`${partner.name} logo`}
          width={320}
          height={160}
          sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 90vw"
          className="max-h-full w-auto object-contain"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-xl font-semibold">{partner.name}</h2>
        <a
          href={partner.website}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex min-h-11 items-center gap-1.5 self-start font-medium text-forest-900 underline underline-offset-4 hover:text-forest-700"
        >
          {displayHost(partner.website)}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">
            {' '}
            — visit {partner.name}&apos;s website (opens in a new tab)
          </span>
        </a>
      </div>
    </article>
  );
}
