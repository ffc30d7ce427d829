/** The options of `history ttl check` (./history-ttl-check.ts declares them, ./history-ttl-check-run.ts takes their type). */
import { flagSpec } from './spec.js';

export const TTL_CHECK_FLAGS = flagSpec({
  flags: '--allow-missing',
  description: 'the target engine sets a TTL itself (a global default historyTimeToLive) or does not enforce one: a definition without one is no problem',
});
