/** What `config show` does (declared in ./config.ts). */
import type { App } from '../app.js';
import { engineTarget } from '../connection.js';
import { configView, describeTarget } from '../render/config.js';

export async function showConfig(app: App): Promise<void> {
  const target = await engineTarget(app);
  await (await app.output()).data(describeTarget(target), configView);
}
