/**
 * The order-messages module's face (decision 0051): its routes. Nothing else in this folder is
 * imported from outside it.
 */
export { orderMessagesRoutes } from './order-messages.routes';
