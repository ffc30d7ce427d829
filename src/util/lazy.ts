/**
 * A value built on its first use, then kept. The engine and config schemas are built this way:
 * building all of them (about 290 zod schemas) cost every command about 10 ms of start-up, and a
 * command uses a handful (docs/performance.md).
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
