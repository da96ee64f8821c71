export * from './common.js';
export * from './auth.js';
export * from './city.js';
export * from './warehouse.js';
export * from './handling-charge.js';
export * from './user.js';
export * from './product.js';
