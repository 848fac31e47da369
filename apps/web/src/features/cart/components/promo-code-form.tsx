import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_MESSAGES } from '@leafline/contract/promo-codes';
import Tag from 'lucide-react/icons/tag';
import { Button } from '@/components/ui/button';
import { fieldControlClass } from '@/components/ui/field-frame';
import { cx } from '@/lib/cx';
import type { PromoCodeState } from '../hooks/use-promo-code';

const T = PROMO_CODE_MESSAGES;

/**
 * The cart summary's promo code (docs/decisions/0056): a field with Apply, or the kept code with
 * Remove. A refusal is shown under the field and named by it (aria-describedby); applied and
 * removed are said by a polite live region.
 */
export function PromoCodeForm({ promo }: { promo: PromoCodeState }) {
  return (
    <div className="mt-5 border-t border-sand-300 pt-4">
      {promo.code === null ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            promo.apply();
          }}
          className="flex flex-col gap-1.5"
        >
          <label htmlFor="cart-promo-code" className="text-sm font-medium text-forest-900">
            {T.label}
          </label>
          <div className="flex gap-2">
            <input
              id="cart-promo-code"
              name="promo_code"
              value={promo.draft}
              onChange={(event) => promo.setDraft(event.target.value)}
              aria-invalid={promo.error ? true : undefined}
              aria-describedby={promo.error ? 'cart-promo-code-error' : undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={PROMO_CODE_MAX_LENGTH + 1}
              className={cx(fieldControlClass(Boolean(promo.error)), 'min-w-0 flex-1 uppercase')}
            />
            <Button type="submit" variant="secondary" loading={promo.applying}>
              {T.apply}
            </Button>
          </div>
          {promo.error ? (
            <p id="cart-promo-code-error" className="text-sm font-medium text-error-fg">
              {promo.error}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-forest-900">{T.label}</p>
          <div className="flex items-center justify-between gap-3">
            <p
              className="flex min-w-0 items-center gap-2 font-semibold text-forest-900"
              data-testid="cart-promo-code"
            >
              <Tag aria-hidden="true" className="size-4 shrink-0 text-sage-700" />
              <span className="truncate">{promo.code}</span>
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={promo.remove}
              aria-label={`${T.remove} ${T.label.toLowerCase()} ${promo.code}`}
              aria-describedby={promo.error ? 'cart-promo-code-error' : undefined}
            >
              {T.remove}
            </Button>
          </div>
          {promo.error ? (
            <p id="cart-promo-code-error" className="text-sm font-medium text-error-fg">
              {promo.error}
            </p>
          ) : promo.applied ? (
            <p className="text-sm text-ink-muted">{T.carried}</p>
          ) : null}
        </div>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {promo.status}
      </p>
    </div>
  );
}
