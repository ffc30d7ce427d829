/**
 * ./places.ts (the yaml library) loaded only when a problem needs a place. Reading a file is
 * synchronous (src/input/structured.ts) and the library is loaded with import(), so a parser is
 * given access to it as a value, and the types decide who may start without it:
 *
 * - a caller that holds the module (it imported ./places.ts, or awaited `loadPlaces()`) passes it;
 * - every other caller goes through `withPlaces`, the only source of `PlacesOnDemand`: the parser
 *   runs without the library; should a problem need a place, it throws `PlacesNeeded` at that
 *   point, and `withPlaces` loads the library and runs the parser again, which then ends as it
 *   would have with the library from the start (a parser is a function of its text, with no effect
 *   before it returns or throws).
 *
 * A parser called with neither does not compile. Speed: the plans of `migration sweep` and
 * `migration execute` are read without loading the yaml library (~5 ms CPU a run, `npm run bench`).
 */
import type * as PlacesModule from './places.js';

export type Places = typeof PlacesModule;

declare const onDemand: unique symbol;
/** Stands for ./places.ts while it may not be loaded; only `withPlaces` hands it out. */
export interface PlacesOnDemand {
  readonly [onDemand]: true;
}

export type PlacesAccess = Places | PlacesOnDemand;

const ON_DEMAND = Object.freeze({}) as PlacesOnDemand;

let loaded: Places | undefined;

/** Thrown by a parser run on demand when a problem needs a place; caught by `withPlaces` alone. */
export class PlacesNeeded extends Error {
  constructor() {
    super('a problem needs a place: the parser must run again with ./places.ts loaded (withPlaces)');
    this.name = 'PlacesNeeded';
  }
}

export async function loadPlaces(): Promise<Places> {
  return (loaded ??= await import('./places.js'));
}

/** The module behind `access`: given, or loaded meanwhile; PlacesNeeded when it is not loaded. */
export function placesOf(access: PlacesAccess): Places {
  if (access !== ON_DEMAND) return access as Places;
  if (loaded) return loaded;
  throw new PlacesNeeded();
}

/** `parse` run without loading the yaml library, unless a problem needs a place (see above). */
export async function withPlaces<T>(parse: (places: PlacesAccess) => T): Promise<T> {
  if (loaded) return parse(loaded);
  try {
    return parse(ON_DEMAND);
  } catch (thrown) {
    if (!(thrown instanceof PlacesNeeded)) throw thrown;
  }
  return parse(await loadPlaces());
}
