import { countedName, FacetCount, type OptionProps } from './facet-count';

/** A checkbox choice of the shop's filters, with how many products it would list. */
export function CheckOption({
  label,
  count,
  checked,
  onChange,
}: OptionProps & { onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl px-2 text-base text-ink transition-colors hover:bg-sage-50 -ml-2">
      <input
        type="checkbox"
        aria-label={count === undefined ? undefined : countedName(label, count)}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 shrink-0 cursor-pointer accent-forest-800"
      />
      <span className="flex flex-wrap items-baseline gap-x-1.5">
        {label}
        <FacetCount count={count} />
      </span>
    </label>
  );
}
