import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function StorefrontPage() {
  return (
    <PagePlaceholder
      title="Brand storefront"
      description="This brand's story, sustainability notes, products and contact details will appear here."
    />
  );
}
