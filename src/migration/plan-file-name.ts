/**
 * The name of a sweep's plan file, `invoice-v3-to-v7.yaml`: what `--out-dir` writes and `--plans`
 * looks for. One module makes the name and recognizes it.
 */
import type { ResolvedDefinition } from '../plans/references.js';

/** `invoice-v3-to-v7.yaml`, or `invoice-v3-to-order-v2.yaml` for a target of another key. */
export function planFileName(key: string, version: number, target: ResolvedDefinition): string {
  return target.key === key ? `${key}-v${version}-to-v${target.version}.yaml` : `${key}-v${version}-to-${target.key}-v${target.version}.yaml`;
}

/** Whether `name` is a plan file of KEY as planFileName names it (also as .yml or .json, renamed by hand). */
export function planFileMatcher(key: string): (name: string) => boolean {
  const pattern = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-v\\d+-to-.+\\.(ya?ml|json)$`);
  return (name) => pattern.test(name);
}
