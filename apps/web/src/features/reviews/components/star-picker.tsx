import Star from 'lucide-react/icons/star';
import { useId } from 'react';
import { cx } from '@/lib/cx';
import { REVIEWS_TEXTS as TEXTS } from '../lib/reviews-texts';

const VALUES = [1, 2, 3, 4, 5] as const;

/**
 * The rating of a review: five radio inputs in a fieldset named by its legend, so a keyboard
 * moves between them with the arrow keys and a screen reader says "3 stars, 3 of 5". The
 * stars up to the chosen one are filled; the inputs themselves are visually hidden.
 */
export function StarPicker({
  name,
  value,
  onChange,
  onBlur,
  error,
}: {
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-forest-900">
        {TEXTS.ratingLegend}
        <span aria-hidden="true" className="ml-0.5 text-clay-700">
          *
        </span>
      </legend>
      <div className="flex gap-1">
        {VALUES.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={cx(
                'size-8 transition-colors',
                value !== undefined && n <= value
                  ? 'fill-clay-500 text-clay-700'
                  : 'text-sage-400 hover:text-clay-700',
              )}
            />
            <span className="sr-only">{TEXTS.starsShort(n)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-error-fg">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
