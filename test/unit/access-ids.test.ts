// The ids an access file defines: an empty one is refused in words, one outside every product's
// default id pattern is a warning at its key (an engine may configure another pattern).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAccessFile } from '../../src/access/file.js';
import { takenByDefault } from '../../src/access/ids.js';
import { formatProblem, InputError } from '../../src/input/problems.js';

const HINT =
  'the engine only accepts ids matching its whitelist pattern, by default [a-zA-Z0-9]+|camunda-admin (Camunda 7 and CIB seven) or [a-zA-Z0-9]+|operaton-admin (Operaton)';

function problems(text: string): string[] {
  try {
    parseAccessFile(text, 'ids.yaml', {});
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message.split('\n');
  }
  throw new Error('expected the access file to be refused');
}

describe('ids of an access file', () => {
  it('takes letters and digits, and each product’s admin group', () => {
    expect(['anna', 'teamSales', 'T1', 'camunda-admin', 'operaton-admin'].filter(takenByDefault)).toEqual([
      'anna',
      'teamSales',
      'T1',
      'camunda-admin',
      'operaton-admin',
    ]);
    expect(['team-sales', 'acc anna', 'anna.berg', 'müller', 'camunda-admin2', ' anna', ''].some(takenByDefault)).toBe(false);
  });

  it('warns at the key of each user, group and tenant id outside the default pattern, in file order', () => {
    const loaded = parseAccessFile(
      [
        'tenants:',
        '  accEu: { name: EU }',
        '  acc-bad: { name: Bad }',
        'users:',
        '  "acc anna": {}',
        '  accbob: {}',
        'groups:',
        '  camunda-admin: {}',
        '  team-sales: { members: [acc-member] }',
        'authorizations:',
        '  - { type: grant, user: some-user, resource: filter, permissions: [READ] }',
        '',
      ].join('\n'),
      'ids.yaml',
      {},
    );
    expect(loaded.warnings.map(formatProblem)).toEqual([
      `ids.yaml:3:3: tenants["acc-bad"]: tenant id 'acc-bad' is outside the default id pattern: an engine that keeps the default refuses it and apply stops there (${HINT})`,
      `ids.yaml:5:3: users["acc anna"]: user id 'acc anna' is outside the default id pattern: an engine that keeps the default refuses it and apply stops there (${HINT})`,
      `ids.yaml:9:3: groups["team-sales"]: group id 'team-sales' is outside the default id pattern: an engine that keeps the default refuses it and apply stops there (${HINT})`,
    ]);
  });

  it('the example of docs/access.md warns as the page shows', () => {
    const page = readFileSync(new URL('../../docs/access.md', import.meta.url), 'utf8');
    const example = /\$ cat teams\.yaml\n([\s\S]*?)\$ camunda-admin access plan teams\.yaml\nwarning: (.*)\n```/.exec(page);
    expect(example).not.toBeNull();
    const [, file, printed] = example!;
    expect(parseAccessFile(file!, 'teams.yaml', {}).warnings.map(formatProblem)).toEqual([printed]);
  });

  it('a file of valid ids has no warning', () => {
    expect(parseAccessFile('users: { anna: {} }\ngroups: { sales: { members: [anna] } }\ntenants: { eu: {} }\n', 'ids.yaml', {}).warnings).toEqual([]);
  });

  it('an empty id is refused in words, for users, groups and tenants', () => {
    expect(problems(['users:', '  "": { firstName: Anna }', 'groups:', '  "": {}', 'tenants:', '  "": {}', ''].join('\n'))).toEqual([
      'ids.yaml:2:7: users[""]: a user id must not be empty',
      'ids.yaml:4:7: groups[""]: a group id must not be empty',
      'ids.yaml:6:7: tenants[""]: a tenant id must not be empty',
    ]);
  });

  it('a section of the wrong type keeps its wording', () => {
    expect(problems('users: 5\n')).toEqual(['ids.yaml:1:8: users: expected an object, got the number 5']);
  });
});
