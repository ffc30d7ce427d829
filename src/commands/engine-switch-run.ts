/** What `engine switch-check` does (declared in ./engine-switch.ts); the checks are src/switching/check.ts. */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import { ExitCode } from '../exit-codes.js';
import { switchCheckView } from '../render/switch.js';
import { checkSwitch, switchCheckNeedsAttention } from '../switching/check.js';
import type { SwitchTargetId } from '../switching/targets.js';
import type { SWITCH_CHECK_FLAGS } from './engine-switch-flags.js';
import type { FlagsOf } from './spec.js';

export async function switchCheck(app: App, flags: FlagsOf<typeof SWITCH_CHECK_FLAGS>): Promise<void> {
  const target = await engineTarget(app);
  const client = await engineClient(app);
  const caller = target.credentials?.type === 'basic' ? target.credentials.username.value : undefined;
  const report = await checkSwitch(client, { target: flags.to as SwitchTargetId, caller });
  const output = await app.output();
  await output.data(report, switchCheckView);
  if (flags.detailedExitcode && switchCheckNeedsAttention(report)) app.exitCode = ExitCode.DifferencesFound;
}
