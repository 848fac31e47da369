/**
 * The returns module's face (decision 0055): its routes. Nothing else in this folder is imported
 * from outside it.
 */
export { returnsRoutes } from './returns.routes';
