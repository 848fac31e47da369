import { EditBusinessSection } from '@/features/business-settings/sections/edit-business-section';
import {
  AccountDashboardPage,
  DashboardPage,
  type DashboardParts,
} from '@/features/dashboard/pages/dashboard-page';
import { LiveOrders } from '@/features/seller-orders/live/live-orders';
import { OrdersSection } from '@/features/seller-orders/sections/orders-section';
import { AddProductSection } from '@/features/seller-products/sections/add-product-section';
import { ProductsSection } from '@/features/seller-products/sections/products-section';
import { ReviewsSection } from '@/features/seller-reviews/sections/reviews-section';
import { OverviewSection } from '@/features/seller-sales/sections/overview-section';
import { LogisticsSection } from '@/features/seller-shipping/sections/logistics-section';
import { ShopifySection } from '@/features/shopify-sync/sections/shopify-section';

/**
 * The seller's dashboard put together (DESIGN 2.18): the shell (features/dashboard: selector,
 * overview strip, section nav, help) and, in it, the seller features, one for each module of
 * the server: seller-orders (with the live order stream), seller-products, seller-reviews, seller-sales,
 * seller-shipping, shopify-sync and business-settings. Features do not import each other, so
 * the app hands them to the shell. One lazily loaded chunk, as before.
 */
const SELLER_PARTS: DashboardParts = {
  sections: {
    orders: OrdersSection,
    add: AddProductSection,
    products: ProductsSection,
    reviews: ReviewsSection,
    shopify: ShopifySection,
    logistics: LogisticsSection,
    editbiz: EditBusinessSection,
    overview: OverviewSection,
  },
  background: LiveOrders,
};

/** /dashboard/*: the dashboard on its own page. */
export function SellerDashboardPage() {
  return <DashboardPage parts={SELLER_PARTS} />;
}

/** /account/business/*: the same dashboard inside the account area. */
export function AccountSellerDashboardPage() {
  return <AccountDashboardPage parts={SELLER_PARTS} />;
}
