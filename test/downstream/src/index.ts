export * from './actions.js';
export * from './partner.js';
export * from './validation.js';
export { typeErrors } from './type-errors.js';
