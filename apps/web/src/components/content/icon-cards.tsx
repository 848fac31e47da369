import type { LucideIcon } from 'lucide-react';

const LOOKS = {
  // The static pages: three across, the text as the page's body.
  page: {
    list: 'lg:grid-cols-3',
    card: 'bg-white/70',
    badge: 'size-11',
    icon: 'size-5',
    text: 'leading-relaxed text-ink/90',
  },
  // The home page: four across, on sand, in smaller print.
  home: {
    list: 'lg:grid-cols-4',
    card: 'bg-sand-100/70',
    badge: 'size-12',
    icon: 'size-6',
    text: 'text-sm text-ink-muted',
  },
} as const;

/** Points as a grid of cards, each an icon in a round badge, a title (h3) and a line of text. */
export function IconCards({
  items,
  look,
}: {
  items: ReadonlyArray<{ Icon: LucideIcon; title: string; text: string }>;
  look: keyof typeof LOOKS;
}) {
  const l = LOOKS[look];
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics without it
    <ul role="list" className={`grid gap-4 sm:grid-cols-2 ${l.list}`}>
      {items.map(({ Icon, title, text }) => (
        <li
          key={title}
          className={`flex flex-col gap-3 rounded-card border border-sand-300 ${l.card} p-5`}
        >
          <span
            className={`inline-flex ${l.badge} items-center justify-center rounded-full bg-sage-100 text-forest-800`}
          >
            <Icon aria-hidden="true" className={l.icon} />
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className={l.text}>{text}</p>
        </li>
      ))}
    </ul>
  );
}
