/**
 * The Verified badge's module (issue 29, point 10): its routes, the brand's and the
 * operator's. Nothing else in this folder is imported from outside it.
 */
export { verificationRoutes } from './verification.routes';
