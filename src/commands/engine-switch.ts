/** `engine switch-check --to operaton|cibseven`: what still ties a Camunda 7 engine to Camunda (docs/switching.md). Runs: ./engine-switch-run.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import { SWITCH_CHECK_FLAGS } from './engine-switch-flags.js';
import { declareFlags } from './spec.js';
import type * as actions from './engine-actions.js';

export function declareSwitchCheck(engine: Command, action: ActionOf<typeof actions>): void {
  declareFlags(engine.command('switch-check'), SWITCH_CHECK_FLAGS)
    .description('read-only: what on a Camunda 7 engine still ties it to Camunda before moving to Operaton or CIB seven')
    .addHelpText(
      'after',
      `
Checks, without changing anything:
- the live deployed processes (each key's latest version and every version with running
  instances): their BPMN XML (GET /process-definition/{id}/xml) for org.camunda class names
  (camunda:class, listener, form-handler and variable-mapping classes), inline scripts and
  expressions naming org.camunda classes, each with resource:line:column, why it breaks on the
  target and what to do; external scripts of the definition's deployment (deployment://NAME) are
  read and scanned too, those on the application's classpath named as not checked; the same for
  every version of every decision's DMN and the live CMMN cases;
- the runtime variables, read serialized (deserializeValues=false), in pages: Object variables of
  an org.camunda type and Java-serialized values whose bytes name org.camunda classes, counted by
  definition and variable name, with an example process instance;
- identity and versions (GET /version, GET /schema/log): members and authorizations of
  camunda-admin when moving to Operaton (whose admin group is operaton-admin); advice to reach
  Camunda 7.24 first on an older engine.
An engine that already is the target (GET /telemetry/data, or a version outside 7.x) is said to
be switched; one that is the other fork is said so (exit 10 with --detailed-exitcode). Credentials
that are no admin see only part of the engine: the check says so (restrictedView) and, with
--detailed-exitcode, exits 10; run it as an admin.
Operaton renamed org.camunda to org.operaton; CIB seven renamed it to org.cibseven and maps the old
names only with useCibSevenNamespaceInScripting / useCibSevenNamespaceInReflection (default off).
What REST cannot show (job handler and batch configurations, engine and Spring configuration,
the application's own code): docs/switching.md.

-o json|yaml print the report (pipelines read it: the table has titles and notes between its
tables): {target, version, schemaVersion, schemaVersionUnknownReason (forbidden|unavailable|empty|
null), product, alreadySwitchedTo (operaton|cibseven|fork|null), restrictedView, summary:
{definitionsScanned, scriptsNotChecked, resourceFindings, variablesScanned, variableFindings,
variablesAffected, identityFindings, findings}, resources: [{definitionType
(process|decision|case), definitionKey, version, definitionId, tenantId, resource, line, column,
kind (class|script|expression|unreadable), element, attribute, elementId, runBy ({resource, line,
column} of the model that runs an external script, or null), reference, why, remedy}], variables:
[{processDefinitionId, definitionKey, version, tenantId, variableName, reason
(object-type|serialized-bytes), reference, count, exampleId, exampleProcessInstanceId, why,
remedy}], identity: {adminGroup, members, authorizations, why, remedy} or null, notes: [{topic
(version|external-script|visibility), message}]}.

Examples:
  $ camunda-admin engine switch-check --to operaton
  $ camunda-admin engine switch-check --to cibseven --detailed-exitcode -o json

${exitCodesHelp([
  [ExitCode.Success, 'checked (with --detailed-exitcode: nothing found, and the credentials saw everything)'],
  [ExitCode.DifferencesFound, 'with --detailed-exitcode: findings, credentials that could not see everything, or the other fork'],
])}`,
    )
    .action(action('switchCheck'));
}
