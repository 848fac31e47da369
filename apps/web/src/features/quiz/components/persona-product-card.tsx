import type { ProductDetail } from '@leafline/contract/catalog';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { Skeleton, Skeletons } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { firstImage } from '../lib/results-email';

const IMAGE_SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 46vw, 92vw';

/** A recommended product: first image, name, price and View Details (SPEC §2 Quiz). */
export function PersonaProductCard({ product }: { product: ProductDetail }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-sand-300 bg-white/70 shadow-soft">
      <div className="overflow-hidden bg-sand-100">
        <ResponsiveImage
          src={firstImage(product)}
          alt=""
          width={640}
          height={640}
          sizes={IMAGE_SIZES}
          className="aspect-square w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h4 className="font-sans text-lg leading-snug font-semibold text-ink">{product.name}</h4>
        <p className="text-base font-semibold text-ink tabular-nums">
          {formatMoney(product.price)}
        </p>
        <Link
          to={`/shop/products/${product.id}`}
          className={cx(buttonClasses('secondary', 'sm'), 'mt-auto self-start')}
        >
          View Details<span className="sr-only">: {product.name}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}

/** The shape of a card while its product loads. */
export function PersonaProductCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-card border border-sand-300 bg-white/70"
      data-testid="product-skeleton"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeletons shapes={['h-5 w-3/4', 'h-4 w-1/4', 'mt-2 h-9 w-32 rounded-full']} />
      </div>
    </div>
  );
}
