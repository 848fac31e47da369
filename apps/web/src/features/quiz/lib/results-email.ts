import type { ProductDetail } from '@leafline/contract/catalog';
import type { QuizPersona, SendResultsEmailRequest } from '@leafline/contract/content';

/** A product's first image (SPEC §2 Quiz shows the first image), else its primary one. */
export function firstImage(product: ProductDetail): string | null {
  return product.images[0]?.image ?? product.primary_image ?? null;
}

/**
 * SPEC §7 `api/send-results-email/`: the address, the persona (title, description, its
 * product ids) and the products that could be loaded, each with its first image or null.
 */
export function resultsEmailPayload(
  email: string,
  persona: QuizPersona,
  products: readonly ProductDetail[],
): SendResultsEmailRequest {
  return {
    email,
    result: {
      title: persona.title,
      description: persona.description,
      products: [...persona.product_ids],
    },
    productDetails: products.map((product) => ({
      id: product.id,
      name: product.name,
      image: firstImage(product),
    })),
  };
}
