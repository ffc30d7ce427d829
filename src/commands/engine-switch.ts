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
  every version of every decision's DMN (GET /decision-definition/{id}/xml);
- the runtime variables, read serialized (deserializeValues=false), in pages: Object variables of
  an org.camunda type and Java-serialized values whose bytes name org.camunda classes, counted by
  definition and variable name, with an example process instance;
- identity and versions (GET /version, GET /schema/log): members and authorizations of camunda-admin when moving to Operaton (whose
  admin group is operaton-admin); advice to reach Camunda 7.24 first on an older engine.
An engine that already is Operaton or CIB seven (GET /telemetry/data, or a version outside 7.x)
is said to be switched. Credentials that are no admin see only part of the engine: the check says
so (restrictedView) and, with --detailed-exitcode, exits 10; run it as an admin.
Operaton renamed org.camunda to org.operaton; CIB seven renamed it to org.cibseven and maps the old
names only with useCibSevenNamespaceInScripting / useCibSevenNamespaceInReflection (default off).
What REST cannot show (job handler and batch configurations, engine and Spring configuration,
the application's own code): docs/switching.md.

-o json|yaml print the report: {target, version, schemaVersion, schemaVersionUnknownReason
(forbidden|unavailable|empty|null), product, alreadySwitchedTo, restrictedView, summary:
{definitionsScanned, resourceFindings, variablesScanned, variableFindings, variablesAffected,
identityFindings, findings}, resources: [{definitionType (process|decision), definitionKey, version, definitionId, resource, line,
column, kind (class|script|expression|unreadable), element, attribute, elementId, reference, why,
remedy}], variables: [{processDefinitionId, definitionKey, version, variableName, reason
(object-type|serialized-bytes), reference, count, exampleId, exampleProcessInstanceId, why,
remedy}], identity: {adminGroup, members, authorizations, why, remedy} or null, notes: [{topic
(version|external-script|visibility), message}]}.

Examples:
  $ camunda-admin engine switch-check --to operaton
  $ camunda-admin engine switch-check --to cibseven --detailed-exitcode -o json

${exitCodesHelp([
  [ExitCode.Success, 'checked (with --detailed-exitcode: nothing found, and the credentials saw everything)'],
  [ExitCode.DifferencesFound, 'with --detailed-exitcode: findings, or the credentials could not see everything'],
])}`,
    )
    .action(action('switchCheck'));
}
