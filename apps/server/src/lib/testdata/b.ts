export { a } from './a';
export const b = 1;
export type B = 1;
export type C = 1;
export type D = 1;
