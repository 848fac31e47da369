import type { PublicBusiness } from '@leafline/contract/catalog';
import ExternalLink from 'lucide-react/icons/external-link';
import Mail from 'lucide-react/icons/mail';
import { EmailText } from '@/components/ui/email-text';

/** A website as typed by the brand, made into an address ('leafy.shop' → https://leafy.shop). */
function websiteHref(website: string): string | null {
  const text = website.trim();
  if (!text) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** How to write to the brand: its e-mail and its website, when it gave them. */
export function StorefrontContact({ business }: { business: PublicBusiness }) {
  const website = websiteHref(business.website);
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      className="scroll-mt-24 rounded-card border border-sand-300 bg-sand-100/60 p-5 sm:p-8"
    >
      <h2 id="contact-heading" className="text-2xl font-semibold sm:text-3xl">
        Contact
      </h2>
      <p className="mt-2 text-ink-muted">Questions about a product? Write to the brand directly.</p>
      <ul className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
        {business.email.trim() ? (
          <li className="flex items-center gap-2.5 min-w-0">
            <Mail aria-hidden="true" className="size-5 shrink-0 text-sage-700" />
            <a
              href={`mailto:${business.email.trim()}`}
              className="min-w-0 font-medium break-words text-forest-900 underline decoration-sage-400 hover:decoration-forest-900"
            >
              <EmailText email={business.email.trim()} />
            </a>
          </li>
        ) : null}
        {website ? (
          <li className="flex items-center gap-2.5 min-w-0">
            <ExternalLink aria-hidden="true" className="size-5 shrink-0 text-sage-700" />
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium break-all text-forest-900 underline decoration-sage-400 hover:decoration-forest-900"
            >
              {business.website
                .trim()
                .replace(/^https?:\/\//i, '')
                .replace(/\/$/, '')}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
