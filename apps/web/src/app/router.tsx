import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactElement, useEffect, useRef } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useNavigate,
  useRoutes,
} from 'react-router';
import { lazyWithPreload, type PreloadableComponent } from '@/lib/lazy-with-preload';
import { registerNavigator } from '@/lib/navigation';
import type { PrepareContext } from '@/lib/route-prepare';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/** A route's page: its code loads on demand, or ahead with the data of its first screen. */
type RoutePage = PreloadableComponent & {
  prepare: (context: PrepareContext, options?: PrepareOptions) => Promise<void>;
};

interface PrepareOptions {
  /** false: the page's code only (its data came with the server's HTML, decision 0044). */
  data?: boolean;
}

/**
 * A lazily loaded page, by its named export (route modules keep named exports). `prepareName`
 * names the module's optional `prepare(context)`, which fetches the data of its first screen.
 */
function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  prepareName?: keyof M & string,
): RoutePage {
  // The module once asked for: a render on the server prepares its page on every request,
  // and each `import()` goes through the module loader again (~0.2 ms there).
  let loading: Promise<M> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      // The next render or prepare tries again.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const page = lazyWithPreload(async () => (await loadOnce())[name] as ComponentType);
  const prepare = async (context: PrepareContext, { data = true }: PrepareOptions = {}) => {
    const module = await loadOnce();
    const prepareData = prepareName && data ? module[prepareName] : undefined;
    await Promise.all([
      page.preload(),
      typeof prepareData === 'function' ? prepareData(context) : undefined,
    ]);
  };
  return Object.assign(page, { prepare });
}

const HomePage = lazyPage(
  () => import('@/features/home/pages/home-page'),
  'HomePage',
  'prepareHomePage',
);
const ShopPage = lazyPage(
  () => import('@/features/shop/pages/shop-page'),
  'ShopPage',
  'prepareShopPage',
);
const ProductPage = lazyPage(
  () => import('./routes/product-page'),
  'ProductPageWithReviews',
  'prepareProductPage',
);
const StorefrontPage = lazyPage(
  () => import('@/features/storefront/pages/storefront-page'),
  'StorefrontPage',
  'prepareStorefrontPage',
);
const CartPage = lazyPage(() => import('@/features/cart/pages/cart-page'), 'CartPage');
const CheckoutPage = lazyPage(
  () => import('@/features/checkout/pages/checkout-page'),
  'CheckoutPage',
);
const OrderConfirmationPage = lazyPage(
  () => import('@/features/orders/pages/order-confirmation-page'),
  'OrderConfirmationPage',
);
const OrdersPage = lazyPage(() => import('@/features/orders/pages/orders-page'), 'OrdersPage');
const AccountOrdersPage = lazyPage(
  () => import('@/features/orders/pages/orders-page'),
  'AccountOrdersPage',
);
const RegisterBusinessPage = lazyPage(
  () => import('@/features/business-registration/pages/register-business-page'),
  'RegisterBusinessPage',
);
const AccountRegisterBusinessPage = lazyPage(
  () => import('@/features/business-registration/pages/register-business-page'),
  'AccountRegisterBusinessPage',
);
// The seller's dashboard is its own chunk (DESIGN 2.18): its forms and uploads never reach
// the shop's JavaScript.
const DashboardPage = lazyPage(() => import('./routes/seller-dashboard'), 'SellerDashboardPage');
const AccountDashboardPage = lazyPage(
  () => import('./routes/seller-dashboard'),
  'AccountSellerDashboardPage',
);
const QuizPage = lazyPage(
  () => import('@/features/quiz/pages/quiz-page'),
  'QuizPage',
  'prepareQuizPage',
);
const FaqsPage = lazyPage(
  () => import('@/features/content/pages/faqs-page'),
  'FaqsPage',
  'prepareFaqsPage',
);
const SustainabilityPage = lazyPage(
  () => import('@/features/content/pages/sustainability-page'),
  'SustainabilityPage',
);
const OurStoryPage = lazyPage(
  () => import('@/features/content/pages/our-story-page'),
  'OurStoryPage',
);
const PartnersPage = lazyPage(
  () => import('@/features/content/pages/partners-page'),
  'PartnersPage',
  'preparePartnersPage',
);
const ForBusinessesPage = lazyPage(
  () => import('@/features/content/pages/for-businesses-page'),
  'ForBusinessesPage',
);

const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@/features/auth/pages/register-page'), 'RegisterPage');
const LogoutPage = lazyPage(() => import('@/features/auth/pages/logout-page'), 'LogoutPage');
const PasswordResetPage = lazyPage(
  () => import('@/features/auth/pages/password-reset-page'),
  'PasswordResetPage',
);
const PasswordResetConfirmPage = lazyPage(
  () => import('@/features/auth/pages/password-reset-confirm-page'),
  'PasswordResetConfirmPage',
);
const AccountLayout = lazyPage(
  () => import('@/features/account/components/account-layout'),
  'AccountLayout',
);
const AccountSettingsPage = lazyPage(
  () => import('@/features/account/pages/account-settings-page'),
  'AccountSettingsPage',
);
const AddressesPage = lazyPage(
  () => import('@/features/account/pages/addresses-page'),
  'AddressesPage',
);
const FavoritesPage = lazyPage(
  () => import('@/features/favorites/pages/favorites-page'),
  'FavoritesPage',
);
const AccountFavoritesPage = lazyPage(
  () => import('@/features/favorites/pages/favorites-page'),
  'AccountFavoritesPage',
);
const NotFoundPage = lazy(() => import('./routes/not-found'));

/**
 * Every route of SPEC §2. Web routes have no trailing slash; API paths do.
 *
 * The routes render with `useRoutes` (React Router's declarative mode) rather than a data
 * router: no page uses loaders or actions, and the data router would add ~20 KB gzip to
 * the first load. Its two other services are ours: the error boundary below and
 * `ScrollRestoration` in the layout.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors render inside the layout, so header and footer stay.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: 'shop', element: <ShopPage /> },
          { path: 'shop/products/:productId', element: <ProductPage /> },
          { path: 'businessproducts/:businessId', element: <StorefrontPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'order-confirmation', element: <OrderConfirmationPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'password-reset', element: <PasswordResetPage /> },
          { path: 'password-reset-confirm/:uid/:token', element: <PasswordResetConfirmPage /> },
          {
            path: 'account',
            element: <AccountLayout />,
            children: [
              { index: true, element: <Navigate to="account-settings" replace /> },
              { path: 'account-settings', element: <AccountSettingsPage /> },
              { path: 'addresses', element: <AddressesPage /> },
              { path: 'favorites', element: <AccountFavoritesPage /> },
              { path: 'orders', element: <AccountOrdersPage /> },
              { path: 'registerbusiness', element: <AccountRegisterBusinessPage /> },
              // Each dashboard section has its own address below it (DESIGN 2.18).
              { path: 'business/*', element: <AccountDashboardPage /> },
              { path: 'logout', element: <LogoutPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: 'myorders', element: <OrdersPage /> },
          { path: 'favorites', element: <FavoritesPage /> },
          { path: 'registerbusiness', element: <RegisterBusinessPage /> },
          { path: 'dashboard/*', element: <DashboardPage /> },
          { path: 'quiz', element: <QuizPage /> },
          { path: 'faqs', element: <FaqsPage /> },
          { path: 'sustainability', element: <SustainabilityPage /> },
          { path: 'our-story', element: <OurStoryPage /> },
          { path: 'partners', element: <PartnersPage /> },
          { path: 'for-businesses', element: <ForBusinessesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The routes matched by `pathname`, kept for the last paths asked: React Router flattens and
 * ranks the whole table and compiles every path to a RegExp on each `matchRoutes` (~0.5 ms a
 * call on the server, every rendered page).
 */
const matched = new Map<string, ReturnType<typeof matchRoutes<RouteObject>>>();
const MATCHES_KEPT = 100;

function matchAppRoutes(pathname: string) {
  let matches = matched.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    matched.set(pathname, matches);
    if (matched.size > MATCHES_KEPT) matched.delete(matched.keys().next().value as string);
  }
  return matches ?? [];
}

/**
 * Loads the code of the pages at `location` and the data of their first screen (at start-up,
 * so that the first render is the page itself rather than skeletons). Never rejects: what
 * failed is tried again when the page renders, which then shows the error.
 */
export async function preloadRoute(
  location: { pathname: string; search: string },
  queryClient: QueryClient,
  options?: PrepareOptions,
): Promise<void> {
  const searchParams = new URLSearchParams(location.search);
  await Promise.all(
    matchAppRoutes(location.pathname).map(({ route, params }) => {
      const type = (route.element as ReactElement | undefined)?.type;
      if (typeof type !== 'function' || !('prepare' in type)) return undefined;
      return (type as RoutePage)
        .prepare({ queryClient, params, searchParams }, options)
        .catch(() => {});
    }),
  );
}

/** The app's routes; renders inside a router (BrowserRouter, or MemoryRouter in tests). */
export function AppRoutes() {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  // Lets the api client send the user to /login without a full page load.
  useEffect(() => {
    registerNavigator((to, options) => {
      void latest.current(to, options);
    });
    // The app is live: rendered here, or the server's HTML hydrated (browser tests wait for it).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return useRoutes(routes);
}
