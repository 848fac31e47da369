import type { SearchSuggestion } from '@leafline/contract/catalog';
import { CATEGORY_OPTIONS } from '@leafline/contract/constants';
import Search from 'lucide-react/icons/search';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { useRotatingPlaceholder } from '../hooks/use-rotating-placeholder';
import { useSuggestionCombobox } from '../hooks/use-suggestion-combobox';
import { SEARCH_EXAMPLES } from '../lib/search-examples';
import { SuggestionList } from './suggestion-list';

export const selectClasses =
  'min-h-11 w-full appearance-none rounded-xl border border-sand-300 bg-white bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat py-2 pr-9 pl-3.5 text-base text-ink shadow-sm transition-colors hover:border-sage-400 focus-visible:border-forest-700';

/** The chevron of the native selects, as a data URL (the CSP allows data: images). */
export const selectChevron = {
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%231f3d2b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
};

export interface ShopSearchBarProps {
  category: string;
  onCategoryChange: (category: string) => void;
  searchInput: string;
  onSearchInputChange: (text: string) => void;
  onSubmit: () => void;
  /** On phones the category hides behind the Filters button; its id for aria-controls. */
  categoryHiddenOnPhones?: boolean;
  categoryPanelId?: string;
  /** How many products each category would list (facet counts), by option value. */
  categoryCounts?: Readonly<Record<string, number>> | undefined;
  /** A suggestion of the search box was picked. */
  onPickSuggestion?: (suggestion: SearchSuggestion) => void;
}

/** 'Shoes (12)' when the count is known. */
const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${count})`;

/**
 * The shop's search bar (SPEC §2 Shop): category, a text box whose example placeholder
 * rotates every 3 s, and Search. Every control has a real label. The text box suggests
 * products, brands and categories as one types (a combobox, see useSuggestionCombobox).
 */
export function ShopSearchBar({
  category,
  onCategoryChange,
  searchInput,
  onSearchInputChange,
  onSubmit,
  categoryHiddenOnPhones = false,
  categoryPanelId,
  categoryCounts,
  onPickSuggestion,
}: ShopSearchBarProps) {
  const categoryId = useId();
  const searchId = useId();
  const listboxId = useId();
  const { placeholder, onFocus, onBlur } = useRotatingPlaceholder(SEARCH_EXAMPLES, undefined, {
    paused: searchInput !== '',
  });
  const combobox = useSuggestionCombobox(searchInput, (suggestion) =>
    onPickSuggestion?.(suggestion),
  );
  const count = combobox.suggestions.length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    combobox.close();
    onSubmit();
  };

  return (
    <search aria-label="Products">
      <form
        onSubmit={submit}
        className="grid grid-cols-[1fr_auto] items-end gap-3 sm:grid-cols-[12rem_1fr_auto]"
      >
        <div
          id={categoryPanelId}
          className={cx(
            'col-span-2 flex flex-col gap-1.5 sm:col-span-1',
            categoryHiddenOnPhones && 'max-sm:hidden',
          )}
        >
          <label htmlFor={categoryId} className="text-sm font-medium text-forest-900">
            Category
          </label>
          <select
            id={categoryId}
            value={category}
            onChange={(e) => onCategoryChange(e.target.value)}
            className={selectClasses}
            style={selectChevron}
          >
            {CATEGORY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {withCount(option.label, categoryCounts?.[option.value])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-forest-900">
            Search products
          </label>
          <div className="relative">
            {/* On a phone the Search button shows the magnifier: the box keeps its room for
                the rotating example (issue 24). */}
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted max-sm:hidden"
            />
            <input
              id={searchId}
              type="search"
              name="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={combobox.expanded}
              aria-controls={listboxId}
              aria-activedescendant={
                combobox.expanded && combobox.active >= 0
                  ? `${listboxId}-${combobox.active}`
                  : undefined
              }
              autoComplete="off"
              enterKeyHint="search"
              value={searchInput}
              onChange={(e) => {
                onSearchInputChange(e.target.value);
                combobox.onType(e.target.value);
              }}
              onKeyDown={combobox.onKeyDown}
              onFocus={onFocus}
              onBlur={() => {
                onBlur();
                combobox.close();
              }}
              placeholder={placeholder ? `Try “${placeholder}”` : undefined}
              className="min-h-11 w-full rounded-xl border border-sand-300 bg-white py-2 pr-3 pl-3 text-base text-ink shadow-sm sm:pr-3.5 sm:pl-10 transition-colors placeholder:text-ink-muted/80 hover:border-sage-400 focus-visible:border-forest-700"
            />
            <SuggestionList
              id={listboxId}
              suggestions={combobox.suggestions}
              active={combobox.active}
              typed={searchInput.trim()}
              onPick={combobox.pick}
            />
          </div>
          <p role="status" className="sr-only">
            {count > 0
              ? `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`
              : ''}
          </p>
        </div>
        <Button type="submit" className="max-sm:w-11 max-sm:px-0">
          <Search aria-hidden="true" className="size-5 sm:hidden" />
          <span className="max-sm:sr-only">Search</span>
        </Button>
      </form>
    </search>
  );
}
