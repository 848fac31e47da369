import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from '@/lib/cx';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';
import { DASHBOARD_SECTIONS, SECTION_INFO } from '../lib/sections';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors @3xl:w-full @3xl:rounded-xl',
    isActive
      ? 'bg-forest-900 text-cream'
      : 'border border-sand-300 bg-white/60 text-forest-900 hover:bg-sage-50 @3xl:border-transparent @3xl:bg-transparent',
  );

/**
 * The sidebar: one link per section, each to its own address, keeping the chosen business.
 * Narrow: a row that scrolls sideways; wide (by the dashboard's own width): a column.
 */
export function SectionNav({ basePath, businessId }: { basePath: string; businessId: number }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // In the sideways row, the current section is brought into view (sideways only: the page
  // itself does not move).
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>(`a[href^="${pathname}?"]`);
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = Math.max(0, current.offsetLeft - row.offsetLeft - 16);
  }, [pathname]);
  return (
    <nav aria-label={DASHBOARD_TEXTS.sectionsLabel} className="min-w-0">
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
    </nav>
  );
}
