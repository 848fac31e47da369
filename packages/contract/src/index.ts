export * from './auth';
export * from './cart';
export * from './catalog';
export * from './constants';
export * from './content';
export * from './messages';
export * from './orders';
export * from './payments';
