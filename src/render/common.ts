/** Small views shared by the command families. */
import type { View } from './output.js';

/** A count prints as the bare number in a table, so `$(camunda-admin auth count)` works. */
export const countView: View<{ count: number }> = {
  table: ({ count }) => String(count),
};

/**
 * What an empty answer says (`no deployments`): with credentials, that the engine's queries leave
 * out what the user may not read, so that "none" is not taken for "none there" (a CI gate run with
 * a service account without READ would pass green).
 */
export function noneFound(what: string, asUser: boolean): string {
  return asUser ? `${what} (none is deployed, or these credentials may read none)` : what;
}
