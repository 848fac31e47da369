import { BRAND_NAME } from '@leafline/contract/constants';
import Footprints from 'lucide-react/icons/footprints';
import Handshake from 'lucide-react/icons/handshake';
import Leaf from 'lucide-react/icons/leaf';
import Recycle from 'lucide-react/icons/recycle';
import { HeadedSection } from '@/components/content/headed-section';
import { IconCards } from '@/components/content/icon-cards';

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
    <HeadedSection
      id="sustainability-heading"
      title="Sustainability you can check"
      intro={`Every brand on ${BRAND_NAME} is reviewed against the same four commitments.`}
      className="flex flex-col gap-8"
    >
      <IconCards items={PILLARS} look="home" />
    </HeadedSection>
  );
}
