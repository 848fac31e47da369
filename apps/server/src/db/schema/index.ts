export * from './businesses';
export * from './catalog';
export * from './content';
export * from './jobs';
export * from './order-messages';
export * from './orders';
export * from './reviews';
export * from './users';
