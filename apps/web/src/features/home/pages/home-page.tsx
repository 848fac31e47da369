import { BRAND_NAME, FREE_SHIPPING_THRESHOLD_CENTS } from '@leafline/contract/constants';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { formatCents } from '@/lib/money';

const freeShipping = formatCents(FREE_SHIPPING_THRESHOLD_CENTS).replace('.00', '');

export function HomePage() {
  return (
    <PagePlaceholder
      title={`${BRAND_NAME} — sustainable small brands, one cart`}
      documentTitle="Sustainable small brands, one cart"
      description={`Our catalogue of independent, eco-friendly brands is on its way: new arrivals, partner businesses and free shipping from ${freeShipping} will be right here.`}
    >
      <Link to="/quiz" className={buttonClasses('primary')}>
        Take the Quiz
      </Link>
      <Link to="/register" className={buttonClasses('secondary')}>
        Create an account
      </Link>
    </PagePlaceholder>
  );
}
