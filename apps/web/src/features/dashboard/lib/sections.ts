import ChartLine from 'lucide-react/icons/chart-line';
import Package from 'lucide-react/icons/package';
import PackagePlus from 'lucide-react/icons/package-plus';
import Pencil from 'lucide-react/icons/pencil';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Store from 'lucide-react/icons/store';
import Truck from 'lucide-react/icons/truck';

/**
 * The sidebar sections (SPEC §2), each at its own address under the dashboard (DESIGN 2.18).
 * `overview` (issue 24): the sales figures, chart and best sellers, once above every section,
 * now a section of their own so the working sections start at the top.
 */
export const DASHBOARD_SECTIONS = [
  'orders',
  'add',
  'products',
  'shopify',
  'logistics',
  'editbiz',
  'overview',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** Orders is the default tab. */
export const DEFAULT_SECTION: DashboardSection = 'orders';

export const SECTION_INFO: Record<
  DashboardSection,
  { label: string; icon: typeof Package; help: string }
> = {
  orders: {
    label: 'Orders',
    icon: ShoppingBag,
    help: 'Every order placed with your business. Set its status, add a tracking number and notes; the buyer sees the status.',
  },
  add: {
    label: 'Add product',
    icon: PackagePlus,
    help: 'List a new product: name, description, price, condition, category, pictures and variants such as sizes or colours.',
  },
  products: {
    label: 'Products',
    icon: Package,
    help: 'Your listed products. Edit one in place, or delete it after confirming.',
  },
  shopify: {
    label: 'Shopify',
    icon: Store,
    help: 'Connect a Shopify store to import its products and shipping rates, and to send orders to it.',
  },
  logistics: {
    label: 'Shipping fees',
    icon: Truck,
    help: 'Your shipping rates: worldwide, for all countries but the listed ones, per country, and an optional order total from which shipping is free.',
  },
  editbiz: {
    label: 'Edit business',
    icon: Pencil,
    help: 'Your public profile: name, description, contact e-mail, website, shipping, prices, production, logo and banner.',
  },
  overview: {
    label: 'Overview',
    icon: ChartLine,
    help: 'Your payouts after the commission, sales and net payouts by day or week, orders by status and best sellers.',
  },
};

export function isDashboardSection(value: string | undefined): value is DashboardSection {
  return (DASHBOARD_SECTIONS as readonly string[]).includes(value ?? '');
}
