/** Small views shared by the command families. */
import type { View } from './output.js';

/** A count prints as the bare number in a table, so `$(camunda-admin auth count)` works. */
export const countView: View<{ count: number }> = {
  table: ({ count }) => String(count),
};
