/**
 * The dashboard's sidebar sections (SPEC §2), each at its own address under the dashboard
 * (DESIGN 2.18). `overview` (issue 24): the sales figures, chart and best sellers, once above
 * every section, now a section of their own so the working sections start at the top.
 */
export const DASHBOARD_SECTIONS = [
  'orders',
  'add',
  'products',
  'reviews',
  'shopify',
  'logistics',
  'editbiz',
  'overview',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** Orders is the default tab. */
export const DEFAULT_SECTION: DashboardSection = 'orders';

export function isDashboardSection(value: string | undefined): value is DashboardSection {
  return (DASHBOARD_SECTIONS as readonly string[]).includes(value ?? '');
}

/**
 * The address of another dashboard section beside this one (each section has its own address,
 * `…/products` → `…/add`).
 */
export function siblingSection(pathname: string, section: DashboardSection): string {
  return `${pathname.replace(/\/[^/]*\/?$/, '')}/${section}`;
}
