/**
 * The follows module's face (docs/decisions/0050): its routes. Nothing else in this folder is
 * imported from outside it.
 */

export { followsRoutes } from './follows.routes';
