import type { DashboardSection } from './sections';

/**
 * The address of another dashboard section beside this one (DESIGN 2.18: each section has its
 * own address, `…/products` → `…/add`).
 */
export function siblingSection(pathname: string, section: DashboardSection): string {
  return `${pathname.replace(/\/[^/]*\/?$/, '')}/${section}`;
}
