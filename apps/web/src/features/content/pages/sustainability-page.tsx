import { BRAND_NAME } from '@leafline/contract/constants';
import Eye from 'lucide-react/icons/eye';
import HandHeart from 'lucide-react/icons/hand-heart';
import Leaf from 'lucide-react/icons/leaf';
import Package from 'lucide-react/icons/package';
import Rabbit from 'lucide-react/icons/rabbit';
import Sprout from 'lucide-react/icons/sprout';
import { Link } from 'react-router';
import { HeadedSection } from '@/components/content/headed-section';
import { buttonClasses } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';
import { ContentPage, ContentPageHeader } from '../components/content-page-header';
import { NumberedSteps } from '../components/numbered-steps';

/** The minimum share of sustainable materials a product needs to be listed (SPEC §1). */
const MIN_SUSTAINABLE_MATERIALS_PERCENT = 80;

/** The five criteria of SPEC §1, in its order, in the founders' words. */
const CRITERIA = [
  {
    Icon: Leaf,
    title: 'Production materials',
    rule: `At least ${MIN_SUSTAINABLE_MATERIALS_PERCENT}% sustainable materials, or it isn't listed.`,
    text: 'Organic, recycled, upcycled, deadstock or responsibly grown — by weight, across the whole product. A tee that is 90% organic cotton with a recycled-poly label qualifies; a "conscious collection" that is 30% recycled does not. We ask for the material breakdown of every product line, not a brand-wide promise.',
  },
  {
    Icon: HandHeart,
    title: 'Labour',
    rule: 'A living wage, safe conditions, and no forced or child labour.',
    text: 'Whoever makes the product — the founder at her kitchen table or a partner workshop overseas — is paid enough to live on and works somewhere safe. We ask who makes what, where, and how they are paid, and we look for audits or certifications where a brand works with factories.',
  },
  {
    Icon: Package,
    title: 'Shipping and packaging',
    rule: 'Looked at case by case; carbon offsets are optional.',
    text: 'A one-person candle studio and a brand with a warehouse cannot ship the same way, so we do not pretend they can. We look at what a brand actually sends out: plastic-free or recycled packaging, right-sized boxes, sensible carriers. Offsetting is welcome, never a substitute for the rest.',
  },
  {
    Icon: Rabbit,
    title: 'No animal cruelty',
    rule: 'Vegan-friendly unless disclosed; beeswax by petition.',
    text: 'Products are vegan-friendly unless the listing clearly says otherwise. Beekeeping brands can petition to sell beeswax goods, and we look at how the hives are kept. We also weigh a product’s wider ecological impact — a "natural" material that strips a habitat is not a win.',
  },
  {
    Icon: Eye,
    title: 'Transparency and overall impact',
    rule: 'Brands show their work, and we check it.',
    text: 'Every brand hands us its sustainability information when it joins, and we cross-check it against certificates, supplier documents and, often, a long call with the founder. Then we look at the whole picture: a brand can meet every line above and still not be a fit if the overall impact does not add up.',
  },
] as const;

const VETTING_STEPS = [
  {
    title: 'The application',
    text: 'Brands register and answer our onboarding questions: what their products are made of, who makes them, how they ship, and where they still fall short (honesty here goes a long way).',
  },
  {
    title: 'The cross-check',
    text: 'One of us reads every answer against the evidence — certifications, supplier invoices, material spec sheets, product photos — and follows up on anything vague. "Eco" on its own is never an answer.',
  },
  {
    title: 'The decision',
    text: `A brand that meets all five criteria is listed as a verified eco-friendly business. Individual sellers (someone selling second-hand pieces, say) can list too, but their storefront says plainly that they are not verified by ${BRAND_NAME}.`,
  },
  {
    title: 'Staying honest',
    text: 'Brands tell us when materials or suppliers change, and we re-check. If a shopper spots something that does not add up, we want to hear about it, and we will look again.',
  },
] as const;

export function SustainabilityPage() {
  useDocumentTitle('Our sustainability standards');
  return (
    <ContentPage>
      <ContentPageHeader
        eyebrow="Sustainability"
        icon={Sprout}
        title="Our sustainability standards"
      >
        <p>
          We started {BRAND_NAME} because "sustainable" had stopped meaning anything. So we wrote
          down what it means to us — five criteria every brand meets before a single product goes
          live.
        </p>
      </ContentPageHeader>

      <HeadedSection
        id="criteria-heading"
        title="The five criteria"
        intro="Not a points system where great packaging makes up for sweatshop labour: a brand needs all five."
      >
        <ol className="grid gap-4 md:grid-cols-2">
          {CRITERIA.map(({ Icon, title, rule, text }, index) => (
            <li
              key={title}
              className="flex flex-col gap-3 rounded-card border border-sand-300 bg-white/70 p-5 sm:p-6 md:last:col-span-2"
            >
              <div className="flex items-center gap-3">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-sage-100 text-forest-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="text-xl font-semibold">
                  <span className="text-clay-700">{index + 1}.</span> {title}
                </h3>
              </div>
              <p className="font-semibold text-forest-900">{rule}</p>
              <p className="leading-relaxed text-ink/90">{text}</p>
            </li>
          ))}
        </ol>
      </HeadedSection>

      <section
        aria-labelledby="materials-heading"
        className="grid gap-6 rounded-card bg-forest-900 px-6 py-10 text-cream sm:px-10 md:grid-cols-[auto_1fr] md:items-center"
      >
        <p
          aria-hidden="true"
          className="font-display text-7xl leading-none font-semibold text-sage-200 sm:text-8xl"
        >
          {MIN_SUSTAINABLE_MATERIALS_PERCENT}%
        </p>
        <div>
          <h2 id="materials-heading" className="text-2xl font-semibold text-cream sm:text-3xl">
            The {MIN_SUSTAINABLE_MATERIALS_PERCENT}% materials rule
          </h2>
          <p className="mt-3 max-w-prose text-sage-100">
            At least {MIN_SUSTAINABLE_MATERIALS_PERCENT}% of what goes into a product has to be
            sustainable for it to be listed. Why not 100%? Because a recycled-cotton hoodie still
            needs thread, a zip and a care label, and we would rather list an honest 85% than reward
            a brand for hiding the last 15. Why not less? Because below that line the "eco" part is
            usually the marketing.
          </p>
        </div>
      </section>

      <HeadedSection
        id="vetting-heading"
        title="How we vet a brand"
        intro="There is no algorithm. Each application is read by a person on our team."
      >
        <NumberedSteps steps={VETTING_STEPS} />
      </HeadedSection>

      <section
        aria-labelledby="sustainability-next-heading"
        className="flex flex-col items-start gap-4 rounded-card bg-sand-100 p-6 sm:p-8"
      >
        <h2 id="sustainability-next-heading" className="text-2xl font-semibold">
          See the standards at work
        </h2>
        <p className="max-w-prose text-ink-muted">
          Every storefront shows how its brand produces and ships. Have a look around, or tell us
          what kind of shopper you are and we will point you somewhere good.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/shop" className={buttonClasses('primary')}>
            Browse the shop
          </Link>
          <Link to="/quiz" className={buttonClasses('secondary')}>
            Take the quiz
          </Link>
        </div>
      </section>
    </ContentPage>
  );
}
