export * from './ads';
export * from './addresses';
export * from './catalog';
export * from './svg';
