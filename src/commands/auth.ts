/** `auth`: authorizations (docs/commands.md; docs/engine-notes.md#authorizations). What runs: ./auth-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './auth-actions.js';
import { AUTH_CHECK_FLAGS, AUTH_CREATE_FLAGS, AUTH_EXPLAIN_FLAGS, AUTH_FILTER_FLAGS, AUTH_LIST_FLAGS, AUTH_UPDATE_FLAGS } from './auth-flags.js';
import { declareFlags } from './spec.js';

const EXAMPLE_ID = 'c68e62eb-e5fe-11f1-a2ca-02fc00000001';

export function declareAuthCommands(program: Command, action: ActionOf<typeof actions>): void {
  const auth = program.command('auth').description('authorizations: who may do what on which resource');

  auth
    .command('get')
    .description('show one authorization')
    .argument('<id>', 'authorization id')
    .addHelpText('after', `\nExamples:\n  $ camunda-admin auth get ${EXAMPLE_ID}\n  $ camunda-admin auth get ${EXAMPLE_ID} -o json`)
    .action(action('getAuthorization'));

  declareFlags(auth.command('list').description('list authorizations'), AUTH_LIST_FLAGS)
    .addHelpText(
      'after',
      '\nExamples:\n  $ camunda-admin auth list --group camunda-admin\n  $ camunda-admin auth list --resource-type process-definition --resource-id invoice -o json\n  $ camunda-admin auth list --all -o json > authorizations.json',
    )
    .action(action('listAuthorizations'));

  declareFlags(auth.command('count').description('count authorizations'), AUTH_FILTER_FLAGS)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin auth count --user john')
    .action(action('countAuthorizations'));

  declareFlags(auth.command('create'), AUTH_CREATE_FLAGS)
    .description('create an authorization and print its id')
    .addHelpText(
      'after',
      '\nExamples:\n  $ camunda-admin auth create --type grant --user john --resource-type process-definition --resource-id invoice --permissions READ,READ_INSTANCE\n  $ camunda-admin auth create --type global --resource-type filter --permissions READ',
    )
    .action(action('createAuthorization'));

  declareFlags(auth.command('update'), AUTH_UPDATE_FLAGS)
    .description('change an authorization without losing the fields you did not name (reads, merges, writes)')
    .argument('<id>', 'authorization id')
    .addHelpText(
      'after',
      `\nThe engine's PUT replaces userId, groupId and resourceId with whatever the body holds, so this command
always reads the authorization first and writes the whole object back.

Examples:
  $ camunda-admin auth update ${EXAMPLE_ID} --add-permissions DELETE
  $ camunda-admin auth update ${EXAMPLE_ID} --group sales --dry-run
  $ camunda-admin auth get ${EXAMPLE_ID} -o yaml > a.yaml && $EDITOR a.yaml && camunda-admin auth update ${EXAMPLE_ID} --file a.yaml`,
    )
    .action(action('updateAuthorization'));

  auth
    .command('delete')
    .description('delete an authorization (asks first)')
    .argument('<id>', 'authorization id')
    .addHelpText('after', `\nExamples:\n  $ camunda-admin auth delete ${EXAMPLE_ID}\n  $ camunda-admin auth delete ${EXAMPLE_ID} --yes`)
    .action(action('deleteAuthorization'));

  declareFlags(auth.command('check'), AUTH_CHECK_FLAGS)
    .description('ask the engine whether a user (default: you) has a permission on a resource')
    .addHelpText(
      'after',
      '\nPrints yes or no and the user checked; exits 0 either way (use -o json and .authorized in scripts).\nNeeds an engine with authentication enabled: the engine checks the user it authenticated, and\nwithout its authentication filter it authenticates no one and answers 401 to every check (exit 4).\n\nExamples:\n  $ camunda-admin auth check --permission READ --resource-type process-definition --resource-id invoice --user john',
    )
    .action(action('checkAuthorization'));

  declareFlags(auth.command('explain'), AUTH_EXPLAIN_FLAGS)
    .description('why a user or group has a permission or not: the effective permissions and the authorizations behind them')
    .addHelpText(
      'after',
      `
Computed by the engine's precedence rules (docs/access.md#explain): the user's own authorizations
before their groups', those before the global ones; within each, the resource id before *, and on
the same footing a grant before a revoke. Needs READ on the authorizations and groups it reads.
When the credentials are the explained user's, the engine is asked too (GET /authorization/check)
and a disagreement is shown. A user or group the engine does not have is explained all the same,
with a warning on stderr (only when these credentials may read it: the engine hides what they may
not). Exits 0 whether the answer is yes or no (-o json: .authorized).

Examples:
  $ camunda-admin auth explain --user john --resource-type process-definition --resource-id invoice
  $ camunda-admin auth explain --group sales --resource-type process-definition --permission READ -o json`,
    )
    .action(action('explainAuthorization'));

  auth
    .command('resources')
    .description('the offline catalogue: resource types, their codes and valid permissions')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin auth resources\n  $ camunda-admin auth resources -o json')
    .action(action('listResourceTypes'));
}
