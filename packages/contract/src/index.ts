export * from './codes.ts';
export * from './constants.ts';
export * from './endpoints/index.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './labels.ts';
export * from './messages.ts';
export { rules } from './rules.ts';
