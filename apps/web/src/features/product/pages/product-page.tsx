import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function ProductPage() {
  return (
    <PagePlaceholder
      title="Product details"
      description="Photos, variants, the description and Add to Cart for this product will appear here."
    />
  );
}
