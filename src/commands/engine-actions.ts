/** What `engine info` does (declared in ./engine.ts); the checks are src/engine-info/inspect.ts. */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import { inspectEngine } from '../engine-info/inspect.js';
import { engineInfoView } from '../render/engine.js';

export { switchCheck } from './engine-switch-run.js';

export async function engineInfo(app: App): Promise<void> {
  const [client, target] = await Promise.all([engineClient(app), engineTarget(app)]);
  const info = await inspectEngine(client, {
    url: target.url.value,
    engine: target.engine?.value ?? null,
    credentials: {
      method: target.credentials?.type ?? 'none',
      username: target.credentials?.type === 'basic' ? target.credentials.username.value : null,
    },
    withoutCredentials: () => app.track(client.withoutCredentials()),
  });
  const output = await app.output();
  await output.data(info, engineInfoView);
}
