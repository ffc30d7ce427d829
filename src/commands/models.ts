/**
 * Reading a definition's BPMN model, for the commands that need one (`definition show`, `migration
 * diff`, `migration generate`, hints of `migration validate`). The parser and bpmn-moddle are loaded
 * here, when a model is read, so that no other command pays for them.
 */
import type { ProcessModel } from '../bpmn/model.js';
import type { ProcessDefinitionApi } from '../engine/process-definitions.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { ResolvedDefinition } from '../plans/references.js';
import { describeDefinition } from '../render/migration.js';

export async function readProcessModel(definitions: ProcessDefinitionApi, definition: ResolvedDefinition): Promise<ProcessModel> {
  const [xml, { ModelError, parseProcessModel }] = await Promise.all([definitions.bpmnXml(definition.id), import('../bpmn/model.js')]);
  try {
    return await parseProcessModel(xml, definition.key);
  } catch (error) {
    // The engine parsed this model when it was deployed: one we cannot read is an answer we did not
    // expect, like a body that does not match the engine's schema (exit 7, docs/exit-codes.md).
    if (error instanceof ModelError) throw new CliError(`the BPMN model of ${describeDefinition(definition)} cannot be read: ${error.message}`, ExitCode.Unreachable);
    throw error;
  }
}
