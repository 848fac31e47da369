import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface AddToCartInput {
  productId: number;
  /** The picked variant; null for a product without variants. */
  variantId: number | null;
}

/** POST /add-to-cart/{productId}/ {variant_id} (auth): one more of this product in the cart. */
export function addToCart({ productId, variantId }: AddToCartInput): Promise<unknown> {
  return apiFetch(`/add-to-cart/${productId}/`, {
    method: 'POST',
    json: { variant_id: variantId },
  });
}

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart });
}
