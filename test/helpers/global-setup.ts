// The e2e tests spawn the built bin/camunda-admin.cjs, so build it once before any test runs
// (esbuild takes well under a second).
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
