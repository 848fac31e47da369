import type { SearchSuggestion } from '@leafline/contract/catalog';
import { type KeyboardEvent, useState } from 'react';
import { useSearchSuggestions } from '../api/get-search-suggestions';
import { useDebouncedValue } from './use-debounced-value';

/** Suggestions are asked this long after typing pauses (the search itself waits 500 ms). */
export const SUGGESTIONS_PAUSE_MS = 150;
/** Fewer characters than this ask for no suggestions. */
export const SUGGESTIONS_MIN_CHARS = 2;

/**
 * Search as you type, as a WAI-ARIA 1.2 combobox with a list popup: the text box keeps the
 * focus, the active suggestion is named by aria-activedescendant. Typing opens the list;
 * ArrowDown and ArrowUp move through it (round), Enter picks the active suggestion (with
 * none active it submits the search), Escape and leaving the box close it.
 */
export function useSuggestionCombobox(
  text: string,
  onPick: (suggestion: SearchSuggestion) => void,
) {
  const [opened, setOpen] = useState(false);
  // The text as last typed: a text changed otherwise (Back, Clear All) does not open the list.
  const [typedText, setTypedText] = useState(text);
  const open = opened && typedText === text;
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const q = useDebouncedValue(typed, SUGGESTIONS_PAUSE_MS);
  const asked = q.length >= SUGGESTIONS_MIN_CHARS;
  // Asked once typing pauses: never for a text the box no longer holds.
  const result = useSearchSuggestions(q, open && asked && q === typed);
  const available =
    asked && typed.length >= SUGGESTIONS_MIN_CHARS ? (result.data?.suggestions ?? []) : [];
  const suggestions = open ? available : [];

  // A new list (the answer for what was typed since) keeps the suggestion the shopper had
  // reached with the arrows when it is still there, wherever it now is; else none is active.
  const [listSeen, setListSeen] = useState(result.data);
  if (listSeen !== result.data) {
    const reached = active >= 0 ? listSeen?.suggestions[active] : undefined;
    setListSeen(result.data);
    setActive(
      reached
        ? (result.data?.suggestions ?? []).findIndex(
            (s) => s.kind === reached.kind && s.id === reached.id && s.label === reached.label,
          )
        : -1,
    );
  }

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (suggestion: SearchSuggestion) => {
    close();
    onPick(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!open && available.length > 0) {
          event.preventDefault();
          setTypedText(text);
          setOpen(true);
          setActive(0);
        } else if (count > 0) {
          event.preventDefault();
          setActive((i) => (i + 1) % count);
        }
        break;
      case 'ArrowUp':
        if (!open && available.length > 0) {
          event.preventDefault();
          setTypedText(text);
          setOpen(true);
          setActive(available.length - 1);
        } else if (count > 0) {
          event.preventDefault();
          setActive((i) => (i <= 0 ? count - 1 : i - 1));
        }
        break;
      case 'Enter': {
        const chosen = active >= 0 ? suggestions[active] : undefined;
        if (chosen) {
          // Not the form's submit: the suggestion is the choice.
          event.preventDefault();
          pick(chosen);
        } else close();
        break;
      }
      case 'Escape':
        // Only closes the list (a search box would otherwise clear its text too).
        if (count > 0) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  return {
    suggestions,
    expanded: suggestions.length > 0,
    active,
    /** Typing opens the list. */
    onType: (value: string) => {
      setTypedText(value);
      setOpen(true);
      setActive(-1);
    },
    onKeyDown,
    close,
    pick,
  };
}
