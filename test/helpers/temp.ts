/**
 * Temporary directories for tests. Each one is removed when its test file ends (test/helpers/
 * test-setup.ts registers the afterAll), also when a test fails, so a run leaves nothing behind;
 * scripts/test.mjs (npm test) checks that.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created: string[] = [];

export function tempDir(prefix = 'camunda-admin-test-'): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  created.push(directory);
  return directory;
}

export function removeTempDirs(): void {
  for (const directory of created.splice(0)) rmSync(directory, { recursive: true, force: true });
}
