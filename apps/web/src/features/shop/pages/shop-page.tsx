import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function ShopPage() {
  return (
    <PagePlaceholder
      title="Shop Sustainable Brands"
      description="Search, filter and browse products from our partner businesses — the catalogue is coming soon."
    />
  );
}
