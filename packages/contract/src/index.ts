export * from './auth';
export * from './catalog';
export * from './constants';
export * from './messages';
