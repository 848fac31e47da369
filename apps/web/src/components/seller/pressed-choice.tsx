import { cx } from '@/lib/cx';

/**
 * One choice of a few for a dashboard list (which products, which reviews first): pressed
 * buttons in a fieldset named by its (hidden) legend.
 */
export function PressedChoice<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="inline-flex gap-1 self-start">
      <legend className="sr-only">{legend}</legend>
      {options.map((id) => (
        <button
          key={id}
          type="button"
          aria-pressed={id === value}
          onClick={() => onChange(id)}
          className={cx(
            'min-h-9 rounded-full px-3 text-sm font-medium transition-colors',
            id === value
              ? 'bg-forest-900 text-cream'
              : 'border border-forest-900/25 text-forest-900 hover:bg-sage-50',
          )}
        >
          {labels[id]}
        </button>
      ))}
    </fieldset>
  );
}
