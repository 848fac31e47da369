import type { ProductDetail } from '@leafline/contract/catalog';
import { Link } from 'react-router';

/** Shop / the brand / the product. */
export function ProductBreadcrumb({ product }: { product: ProductDetail }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/shop" className="hover:text-forest-900 hover:underline">
            Shop
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link
            to={`/businessproducts/${product.business}`}
            className="hover:text-forest-900 hover:underline"
          >
            {product.business_name}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="max-w-[16rem] truncate text-ink">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}
