import type { CartResponse } from '@leafline/contract/cart';
import { cartPromoBody, PROMO_CODE_MESSAGES } from '@leafline/contract/promo-codes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cartPromoQueryOptions, useCartPromo } from '@/lib/api/check-promo-code';
import { errorMessage } from '@/lib/api-client';
import { setCartPromoCode, useCartPromoCode } from '@/lib/cart-promo';

/**
 * The cart's promo code (docs/decisions/0056): what is typed, the code kept for checkout once
 * the server took it, and its check against the cart as it is now (read again when the cart
 * changes). A code the server refuses is not kept; its text goes next to the field.
 */
export function usePromoCode(cart: CartResponse) {
  const queryClient = useQueryClient();
  const code = useCartPromoCode();
  const check = useCartPromo(code, cart);
  const [draft, setDraft] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  /** Said once by the live region: applied, removed. */
  const [status, setStatus] = useState('');

  const apply = async () => {
    setStatus('');
    // The server's own check of the field (trimmed, required, not too long).
    const checked = cartPromoBody.safeParse({ code: draft });
    if (!checked.success) {
      return setTypedError(checked.error.issues[0]?.message ?? PROMO_CODE_MESSAGES.required);
    }
    const typed = checked.data.code;
    setTypedError(null);
    setApplying(true);
    try {
      const result = await queryClient.fetchQuery(cartPromoQueryOptions(typed, cart));
      // Kept as the shop spells it, with its answer under that spelling too.
      queryClient.setQueryData(cartPromoQueryOptions(result.code, cart).queryKey, result);
      setCartPromoCode(result.code);
      setDraft('');
      setStatus(result.message);
    } catch (error) {
      setTypedError(errorMessage(error, PROMO_CODE_MESSAGES.checkFailed));
    } finally {
      setApplying(false);
    }
  };

  const remove = () => {
    setCartPromoCode(null);
    setTypedError(null);
    setStatus(PROMO_CODE_MESSAGES.removed);
  };

  // The kept code, once its check for this cart answered (a refusal: shown with Remove).
  const applied = code !== null && check.data && !check.isError ? check.data : null;
  const keptError =
    code !== null && check.isError
      ? errorMessage(check.error, PROMO_CODE_MESSAGES.checkFailed)
      : null;
  return {
    code,
    applied,
    draft,
    setDraft: (value: string) => {
      setDraft(value);
      setTypedError(null);
    },
    apply: () => void apply(),
    remove,
    applying,
    error: code === null ? typedError : keptError,
    status,
  };
}

export type PromoCodeState = ReturnType<typeof usePromoCode>;
