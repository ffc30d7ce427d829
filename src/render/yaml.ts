// A module of its own so that yaml (CommonJS) is imported statically here and loaded lazily
// through this file: a dynamic import() of a CommonJS package loses its named exports when bundled.
import { stringify } from 'yaml';

export function toYaml(data: unknown): string {
  return stringify(data, { aliasDuplicateObjects: false, lineWidth: 0 });
}
