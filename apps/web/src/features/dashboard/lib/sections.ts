import ChartLine from 'lucide-react/icons/chart-line';
import Package from 'lucide-react/icons/package';
import PackagePlus from 'lucide-react/icons/package-plus';
import Pencil from 'lucide-react/icons/pencil';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Star from 'lucide-react/icons/star';
import Store from 'lucide-react/icons/store';
import Truck from 'lucide-react/icons/truck';

import type { DashboardSection } from '@/lib/seller/dashboard-sections';

/** Each sidebar section's name, icon and what the help says it is for (SPEC §2). */
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
    help: 'Your products, active (in the shop), drafts and archived. Edit, copy or delete one; pick several to publish, archive or change their prices; export them as CSV and import a CSV in the same columns.',
  },
  reviews: {
    label: 'Reviews',
    icon: Star,
    help: 'What buyers wrote about your products, newest or lowest rating first. Answer each review once; you can edit your answer.',
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
    help: 'Your public profile: name, description, contact e-mail, website, shipping, prices, production, logo and banner; and how to get the Verified badge.',
  },
  overview: {
    label: 'Overview',
    icon: ChartLine,
    help: 'Your payouts after the commission, sales and net payouts by day or week, orders by status and best sellers.',
  },
};
