import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The items of a dashboard list's page picked for a bulk action (orders, products). */
export function usePicked() {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number, on: boolean) =>
    setPicked((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { picked, setPicked, toggle, clear: () => setPicked(new Set()) };
}

/** One item's checkbox with its label ("Select order #12"). */
export function PickBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex w-fit items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        className="size-4 accent-forest-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/**
 * Above a dashboard list: "select all" of the page, how many are picked, and (`children`) what
 * to do with them, shown while any is picked, with a way to clear the pick.
 */
export function SelectionBar({
  count,
  all,
  onAll,
  texts,
  children,
}: {
  count: number;
  all: boolean;
  onAll: (on: boolean) => void;
  texts: { selectPage: string; selected: (n: number) => string; clear: string };
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-sand-300 bg-white/70 px-3 py-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-forest-700"
          checked={all}
          onChange={(event) => onAll(event.target.checked)}
        />
        {texts.selectPage}
      </label>
      {count > 0 ? (
        <>
          <span className="text-sm font-medium" aria-live="polite">
            {texts.selected(count)}
          </span>
          {children}
          <Button size="sm" variant="ghost" onClick={() => onAll(false)}>
            {texts.clear}
          </Button>
        </>
      ) : null}
    </div>
  );
}
