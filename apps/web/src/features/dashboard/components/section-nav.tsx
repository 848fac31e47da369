import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from '@/lib/cx';
import { DASHBOARD_SECTIONS } from '@/lib/seller/dashboard-sections';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';
import { SECTION_INFO } from '../lib/sections';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors @3xl:w-full @3xl:rounded-xl',
    isActive
      ? 'bg-forest-900 text-cream'
      : 'border border-sand-300 bg-white/60 text-forest-900 hover:bg-sage-50 @3xl:border-transparent @3xl:bg-transparent',
  );

const fade =
  'pointer-events-none absolute top-0 bottom-2 flex w-12 items-center from-cream via-cream/85 to-transparent text-forest-900 @3xl:hidden';

/**
 * The sidebar: one link per section, each to its own address, keeping the chosen business.
 * Narrow: a row that scrolls sideways, faded with a chevron at the side where more sections
 * follow (issue 24: a phone shows that there are more); wide (by the dashboard's own width):
 * a column.
 */
export function SectionNav({ basePath, businessId }: { basePath: string; businessId: number }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const measure = () => {
      const before = row.scrollLeft > 1;
      const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setMore((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, []);
  // In the sideways row, the current section is brought into view (sideways only: the page
  // itself does not move).
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>(`a[href^="${pathname}?"]`);
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = Math.max(0, current.offsetLeft - row.offsetLeft - 16);
  }, [pathname]);
  return (
    <nav aria-label={DASHBOARD_TEXTS.sectionsLabel} className="relative min-w-0">
      <ul
        ref={list}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2 @3xl:mx-0 @3xl:flex-col @3xl:gap-1 @3xl:overflow-visible @3xl:px-0"
      >
        {DASHBOARD_SECTIONS.map((section) => {
          const { label, icon: Icon } = SECTION_INFO[section];
          return (
            <li key={section} className="shrink-0">
              <NavLink to={`${basePath}/${section}?business=${businessId}`} className={itemClass}>
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
      {more.before ? <Fade side="before" /> : null}
      {more.after ? <Fade side="after" /> : null}
    </nav>
  );
}

/** The fade at the side of the sideways row where more sections are (narrow only). */
function Fade({ side }: { side: 'before' | 'after' }) {
  const Chevron = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <div
      aria-hidden="true"
      data-testid={`sections-${side}`}
      className={cx(
        fade,
        side === 'before'
          ? 'left-0 justify-start bg-linear-to-r'
          : 'right-0 justify-end bg-linear-to-l',
      )}
    >
      <Chevron className="size-5" />
    </div>
  );
}
