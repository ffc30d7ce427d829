/** `auth update --file`: a desired state, strict, so a misspelt field is an error rather than ignored. */
import * as z from 'zod';
import { readInputFile } from '../input/read.js';
import { parseCheckedFile } from '../input/structured.js';
import * as places from '../input/places.js';
import type { DesiredState } from './change.js';

const KEYS = ['id', 'type', 'permissions', 'userId', 'groupId', 'resourceType', 'resourceId', 'removalTime', 'rootProcessInstanceId'];

const desiredSchema = z.strictObject({
  id: z.string().optional(),
  type: z.number().int().optional(),
  permissions: z.array(z.string()).optional(),
  userId: z.string().nullable().optional(),
  groupId: z.string().nullable().optional(),
  resourceType: z.union([z.number().int(), z.string()]).optional(),
  resourceId: z.string().nullable().optional(),
  // What `auth get -o yaml` prints; the engine ignores both on PUT.
  removalTime: z.unknown().optional(),
  rootProcessInstanceId: z.unknown().optional(),
});

/** Reads the file (or standard input for `-`) and checks it. */
export async function readDesiredState(file: string, stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<DesiredState> {
  const input = await readInputFile(file, stdin, 'authorization file');
  return parseDesiredState(input.text, input.name);
}

export function parseDesiredState(text: string, file: string): DesiredState {
  const {
    removalTime: _removal,
    rootProcessInstanceId: _root,
    ...desired
  } = parseCheckedFile(text, file, { what: 'authorization file', schema: desiredSchema, allowed: () => KEYS, places });
  return desired;
}
