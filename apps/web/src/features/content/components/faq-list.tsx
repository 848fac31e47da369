import type { FaqItem, FaqResponse } from '@leafline/contract/content';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Plus from 'lucide-react/icons/plus';
import { useId, useState } from 'react';
import { cx } from '@/lib/cx';

/**
 * The FAQ (SPEC §2 Static pages): topics that collapse, and questions whose answer opens and
 * closes on click. The disclosure pattern — a button with aria-expanded and aria-controls
 * inside a heading — so keyboard and screen-reader users get the same toggles.
 */
export function FaqList({ groups }: { groups: FaqResponse }) {
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => (
        <FaqGroup key={group.category} category={group.category} items={group.items} />
      ))}
    </div>
  );
}

function FaqGroup({ category, items }: { category: string; items: FaqItem[] }) {
  // Topics start open: the questions are what people scan for.
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <section className="rounded-card border border-sand-300 bg-white/70">
      <h2 className="text-xl font-semibold sm:text-2xl">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-14 w-full items-center gap-3 rounded-card px-5 py-4 text-left hover:bg-sage-50 sm:px-6"
        >
          <span className="flex-1">{category}</span>
          <ChevronDown
            aria-hidden="true"
            className={cx(
              'size-6 shrink-0 text-sage-700 transition-transform',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-sand-300 px-3 pb-3 sm:px-4">
        {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics without it */}
        <ul role="list" className="divide-y divide-sand-200">
          {items.map((item) => (
            <li key={item.id}>
              <FaqQuestion item={item} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FaqQuestion({ item }: { item: FaqItem }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <>
      <h3 className="font-sans text-base font-semibold text-forest-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-12 w-full items-center gap-3 rounded-lg px-2 py-3 text-left hover:bg-sage-50"
        >
          <span className="flex-1">{item.question}</span>
          <Plus
            aria-hidden="true"
            className={cx(
              'size-5 shrink-0 text-clay-700 transition-transform',
              open && 'rotate-45',
            )}
          />
        </button>
      </h3>
      <div
        id={answerId}
        hidden={!open}
        className="max-w-prose px-2 pb-4 leading-relaxed whitespace-pre-line text-ink/90"
      >
        {item.answer}
      </div>
    </>
  );
}
