/**
 * The counts beside the shop's filter choices (issue 15): the muted '(12)' and the name a
 * screen reader says.
 */

/** The name a screen reader says of a choice: 'Second-hand only, 12 products' once counted. */
export function countedName(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label}, ${count} ${count === 1 ? 'product' : 'products'}`;
}

/**
 * A facet count beside a choice: '(12)' in a muted tone (the choice's name says it). Counts
 * of the last choices stay as they are until the new ones arrive (the panel is aria-busy
 * meanwhile): dimmed, the muted tone would fall below AA contrast.
 */
export function FacetCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span aria-hidden="true" className="text-sm text-ink-muted tabular-nums">
      ({count})
    </span>
  );
}

export interface OptionProps {
  label: string;
  count: number | undefined;
  checked: boolean;
}
