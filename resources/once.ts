/** A value made on first ask and kept: a module's import, a formatter whose locale data is costly to load. */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
