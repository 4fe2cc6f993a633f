/**
 * The contract's schemas are built on first use, not when the module loads: the web loads the whole
 * table through `api` and uses few of its schemas on a page, and building them all (zod clones a schema
 * at every `.min()` or `.optional()`) was most of the work of a page's first script.
 */

/** A function that calls `make` once and then returns what it made. */
export const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

/** An object whose every property is read from its factory, for callers that read schemas as values. */
export const gettersOf = <T extends Record<string, () => unknown>>(factories: T) =>
  Object.defineProperties(
    {},
    Object.fromEntries(Object.entries(factories).map(([key, get]) => [key, { get, enumerable: true }])),
  ) as { readonly [K in keyof T]: ReturnType<T[K]> };
