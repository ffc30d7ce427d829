/** The options of `engine switch-check` (./engine-switch.ts declares them, ./engine-switch-run.ts takes their type). */
import { flagSpec } from './spec.js';

export const SWITCH_CHECK_FLAGS = flagSpec(
  { flags: '--to <product>', description: 'the product the engine moves to', required: true, choices: ['operaton', 'cibseven'] },
  { flags: '--detailed-exitcode', description: 'exit 10 when anything was found or the credentials could not see everything, 0 when nothing' },
);
