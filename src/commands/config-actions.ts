/** What `config show` does (declared in ./config.ts). */
import type { App } from '../app.js';
import { engineTarget, readTlsFiles } from '../connection.js';
import { configView, describeTarget } from '../render/config.js';

export async function showConfig(app: App): Promise<void> {
  const target = await engineTarget(app);
  // A CA or client certificate file that every command would refuse is refused here too (exit 2).
  await readTlsFiles(target);
  await (await app.output()).data(describeTarget(target), configView);
}
