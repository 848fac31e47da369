import { BRAND_NAME } from '@leafline/contract/constants';
import BookOpen from 'lucide-react/icons/book-open';
import { Link } from 'react-router';
import { HeadedSection } from '@/components/content/headed-section';
import { useDocumentTitle } from '@/lib/document-title';
import { ContentPage, ContentPageHeader } from '../components/content-page-header';

/** The three student founders (SPEC §1), in their own words. */
const FOUNDERS = [
  {
    name: 'Maya',
    initial: 'M',
    role: 'Brands and standards',
    studied: 'Environmental science',
    text: 'Ran the campus clothing swap for three years and can tell organic cotton from "cotton-feel" by touch. Maya reads every brand application and is the reason our criteria have no loopholes.',
    tone: 'bg-sage-100 text-forest-900',
  },
  {
    name: 'Jonah',
    initial: 'J',
    role: 'Product and code',
    studied: 'Computer science',
    text: 'Built the first version of the site in a library study room during finals week. Jonah wants buying from six tiny brands to feel as easy as buying from one big one — hence one cart.',
    tone: 'bg-clay-100 text-clay-800',
  },
  {
    name: 'Priya',
    initial: 'P',
    role: 'Partnerships and sellers',
    studied: 'Business',
    text: 'Spent a summer helping her aunt sell hand-dyed scarves online and watched the fees eat the margin. Priya is why the commission is small and why sellers are paid the moment a shopper buys.',
    tone: 'bg-sand-200 text-forest-900',
  },
] as const;

const MILESTONES = [
  {
    when: 'Sophomore year',
    text: 'Maya, Jonah and Priya meet in an elective seminar on sustainable supply chains, and keep arguing about it over dining-hall coffee.',
  },
  {
    when: 'That spring',
    text: 'A shared spreadsheet of "brands we actually trust" passes 60 rows. Friends keep asking for the link. Most of the brands have under ten employees.',
  },
  {
    when: 'Summer',
    text: 'Priya sees first-hand how hard it is for a tiny brand to be found — and how much of each sale the big platforms keep. The spreadsheet turns into a plan.',
  },
  {
    when: 'Senior year',
    text: `${BRAND_NAME} opens with a handful of founding brands, five written criteria and one cart for all of them. The first orders ship from kitchen tables and garden sheds.`,
  },
] as const;

export function OurStoryPage() {
  useDocumentTitle('Our story');
  return (
    <ContentPage>
      <ContentPageHeader eyebrow="Our story" icon={BookOpen} title="Our story">
        <p>
          {BRAND_NAME} was started by three university students who were tired of two things:
          greenwashing, and having to open fifteen tabs to buy from the small brands that actually
          do it right.
        </p>
      </ContentPageHeader>

      <HeadedSection
        id="why-heading"
        title="Why we started"
        className="grid gap-8 md:grid-cols-[1fr_1.4fr]"
      >
        <div className="flex max-w-prose flex-col gap-4 text-lg leading-relaxed text-ink/90">
          <p>
            It began with a sweater. Maya bought one labelled "eco" from a big retailer, read the
            tag at home and found it was 70% acrylic. Around the same time Priya's aunt was selling
            beautiful hand-dyed scarves that almost nobody could find, and losing a painful share of
            every sale to fees.
          </p>
          <p>
            The good brands were out there — tiny studios using deadstock fabric, refill shops, a
            couple making shoes from cork — but each had its own site, its own shipping and its own
            checkout. Shopping small and sustainable felt like homework.
          </p>
          <p>
            So we built the place we wanted as shoppers: brands we have actually checked, in one
            cart, with a fair deal for the people who make things. We are still students at heart —
            we answer our own e-mails, and we still read every brand application ourselves.
          </p>
        </div>
      </HeadedSection>

      <HeadedSection id="founders-heading" title="The three of us">
        {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics without it */}
        <ul role="list" className="grid gap-5 md:grid-cols-3">
          {FOUNDERS.map((founder) => (
            <li
              key={founder.name}
              className="flex flex-col gap-3 rounded-card border border-sand-300 bg-white/70 p-6"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-14 items-center justify-center rounded-full font-display text-2xl font-semibold ${founder.tone}`}
              >
                {founder.initial}
              </span>
              <div>
                <h3 className="text-xl font-semibold">{founder.name}</h3>
                <p className="text-sm font-medium text-clay-800">
                  {founder.role} · studied {founder.studied.toLowerCase()}
                </p>
              </div>
              <p className="leading-relaxed text-ink/90">{founder.text}</p>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <HeadedSection id="timeline-heading" title="From spreadsheet to marketplace">
        <ol className="relative flex flex-col gap-6 border-l-2 border-sage-200 pl-6">
          {MILESTONES.map((milestone) => (
            <li key={milestone.when} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[33px] size-4 rounded-full border-2 border-cream bg-forest-700"
              />
              <h3 className="font-sans text-sm font-semibold tracking-wide text-clay-800 uppercase">
                {milestone.when}
              </h3>
              <p className="mt-1 max-w-prose leading-relaxed text-ink/90">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </HeadedSection>

      <section
        aria-labelledby="story-next-heading"
        className="flex flex-col items-start gap-4 rounded-card bg-forest-900 p-6 text-cream sm:p-10"
      >
        <h2 id="story-next-heading" className="text-2xl font-semibold text-cream sm:text-3xl">
          Where we are going
        </h2>
        <p className="max-w-prose text-sage-100">
          More brands that pass the bar, never more brands for the sake of it. If you shop with us,
          thank you — every order goes straight to a small business. If you make something we should
          know about, come and say hello.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link
            to="/shop"
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-cream px-5 font-medium text-forest-900 hover:bg-white"
          >
            Shop the brands
          </Link>
          <Link
            to="/for-businesses"
            className="inline-flex min-h-11 items-center justify-center rounded-full border border-cream/60 px-5 font-medium text-cream hover:bg-forest-800"
          >
            Sell with us
          </Link>
        </div>
      </section>
    </ContentPage>
  );
}
