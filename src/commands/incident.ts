/** `incident`: the engine's open incidents, listed and summarized (docs/operations.md). What runs: ./incident-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import { INCIDENT_LIST_FLAGS } from './incident-flags.js';
import { declareFlags } from './spec.js';
import type * as actions from './incident-actions.js';

export function declareIncidentCommands(program: Command, action: ActionOf<typeof actions>): void {
  const incident = program.command('incident').description('open incidents: what is stuck, where and since when');

  declareFlags(incident.command('list'), INCIDENT_LIST_FLAGS)
    .description('list open incidents, or count them by definition, activity, type and message (--summary)')
    .addHelpText(
      'after',
      `
Rows come in the order of incident ids; -o json|yaml prints the engine's incident objects unchanged.
--summary reads every selected incident and counts them by definition (key, version, tenant),
activity, incident type and the first line of the message, with the oldest and newest of each
group, most first; -o json|yaml prints {incidents, groups: [...]} (docs/operations.md).

The engine filters; --message is its incidentMessageLike (the database's case rules), --since is
inclusive and --until exclusive. A --version whose key is deployed in several tenants is filtered
here, the engine's query taking one definition id only.

Examples:
  $ camunda-admin incident list --summary
  $ camunda-admin incident list --key invoice --version 3 --activity checkBudget --since 2h
  $ camunda-admin incident list --type failedJob --message "Connection refused" --all -o json`,
    )
    .action(action('listIncidents'));
}
