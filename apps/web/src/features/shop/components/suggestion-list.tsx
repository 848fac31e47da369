import type { SearchSuggestion, SuggestionKind } from '@leafline/contract/catalog';
import { cx } from '@/lib/cx';

export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = {
  product: 'Product',
  brand: 'Brand',
  category: 'Category',
};

/** The label with the typed text in bold where it occurs. */
function Highlighted({ label, typed }: { label: string; typed: string }) {
  const at = typed ? label.toLowerCase().indexOf(typed.toLowerCase()) : -1;
  if (at < 0) return <>{label}</>;
  return (
    <>
      {label.slice(0, at)}
      <b className="font-semibold text-forest-900">{label.slice(at, at + typed.length)}</b>
      {label.slice(at + typed.length)}
    </>
  );
}

/**
 * The popup of the shop's search box (a WAI-ARIA listbox; the box keeps the focus and names
 * the active option with aria-activedescendant). Always in the page, hidden when empty, so
 * the box's aria-controls always points at it. Pressing an option does not take the focus
 * from the box.
 */
export function SuggestionList({
  id,
  suggestions,
  active,
  typed,
  onPick,
}: {
  id: string;
  suggestions: readonly SearchSuggestion[];
  active: number;
  typed: string;
  onPick: (suggestion: SearchSuggestion) => void;
}) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      hidden={suggestions.length === 0}
      // On a phone the box shares its row with Search: the list takes the card's whole width
      // (the page's and the card's margins are 1 rem and 1 rem + 1 px on each side).
      className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-xl border border-sand-300 bg-white py-1.5 shadow-soft max-sm:right-auto max-sm:w-[calc(100vw-4.125rem)]"
    >
      {suggestions.map((suggestion, index) => (
        // The text box keeps the focus and its keys choose (aria-activedescendant): an option
        // is neither focusable nor keyed itself, as the ARIA combobox pattern has it.
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        // biome-ignore lint/a11y/useFocusableInteractive: see above
        <div
          key={`${suggestion.kind}-${suggestion.id ?? suggestion.category ?? suggestion.label}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(suggestion)}
          className={cx(
            'flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3.5 py-2 text-base text-ink',
            index === active ? 'bg-sage-100' : 'hover:bg-sage-50',
          )}
        >
          {/* Named by its text (label, a hidden comma, the kind: 'Porto Studio, Brand'), never
              an aria-label that could differ from what is seen (axe label-content-name-mismatch). */}
          <span className="min-w-0 break-words">
            <Highlighted label={suggestion.label} typed={typed} />
            {/* In the text's flow (an sr-only box would add spaces around it in Chrome's
                name), unseen: the name reads 'Porto Studio, Brand'. */}
            <span className="opacity-0">,</span>
          </span>{' '}
          <span className="shrink-0 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-ink-muted">
            {SUGGESTION_KIND_LABELS[suggestion.kind]}
          </span>
        </div>
      ))}
    </div>
  );
}
