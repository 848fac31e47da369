import { ACCOUNT_ROUTES } from './account-routes';
import { SELLER_ROUTES } from './seller-routes';
import { SHOP_ROUTES } from './shop-routes';

/**
 * The API's calls in one table (issue 25, point 4): for each call the web makes, its method, its
 * path (SPEC §7's, trailing slash included, `{name}` for a part of the path) and the shapes it
 * sends and answers, taken from the schemas the server checks them with. The web calls through
 * it (`apiCall`) and the server registers each route at its `pattern`, so a path is written once.
 *
 * Written in three parts, the shop's (`shop-routes.ts`), the account pages' (`account-routes.ts`)
 * and the dashboard's (`seller-routes.ts`): the web imports the part it calls, so the home page's
 * first load carries the shop's paths only (its 120 KB budget). The tables' files import types only from the rest of the contract, which
 * may build its paths from them.
 */
export const ROUTES = { ...SHOP_ROUTES, ...ACCOUNT_ROUTES, ...SELLER_ROUTES } as const;

export type RouteName = keyof typeof ROUTES;

export { ACCOUNT_ROUTES } from './account-routes';
export * from './route-kit';
export { SELLER_ROUTES } from './seller-routes';
export { SHOP_ROUTES } from './shop-routes';
