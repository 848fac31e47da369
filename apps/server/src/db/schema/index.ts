export * from './businesses';
export * from './catalog';
export * from './content';
export * from './orders';
export * from './users';
