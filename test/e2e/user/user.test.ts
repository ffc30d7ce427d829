// The user family against the simulator (test/simulator/users.ts answers as the engine does).
import { describe, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuthorizationType, type RecordedRequest, ResourceType } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

const it = test.extend<{
  requests: (method: string) => RecordedRequest[];
  as: (user: string, password: string, args: string[], stdin?: string) => ReturnType<typeof runCli>;
}>({
  requests: async ({ engine }, use) => use((method) => engine.requests.filter((request) => request.method === method)),
  as: async ({ engine }, use) =>
    use((user, password, args, stdin) =>
      runCli(['--url', engine.url, '--retries', '0', ...args], {
        env: cleanEnv({ CAMUNDA_USERNAME: user, CAMUNDA_PASSWORD: password }),
        ...(stdin === undefined ? {} : { stdin }),
      }),
    ),
});

const STRONG = 'Str0ng!Passw0rd';

describe('user list, count, get', () => {
  it('lists by group with tables, json and yaml, the engine objects unchanged', async ({ cli, engine }) => {
    const table = await cli('user', 'list', '--group', 'sales');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^john\tJohn\tDoe\tjohn@camunda\.org$/m);
    expect(engine.requests[0]?.path).toBe('/engine-rest/user?memberOfGroup=sales&sortBy=userId&sortOrder=asc&firstResult=0&maxResults=101');
    const json = JSON.parse((await cli('user', 'get', 'john', '-o', 'json')).stdout);
    expect(json).toEqual({ id: 'john', firstName: 'John', lastName: 'Doe', email: 'john@camunda.org' });
    expect((await cli('user', 'get', 'john', '-o', 'yaml')).stdout).toBe('id: john\nfirstName: John\nlastName: Doe\nemail: john@camunda.org\n');
    const listed = JSON.parse((await cli('user', 'list', '--group', 'sales', '--all', '-o', 'json')).stdout);
    expect(Number((await cli('user', 'count', '--group', 'sales')).stdout)).toBe(listed.length);
  });

  it('--name finds the text in the first or the last name (two queries merged by id), and counts the union', async ({ cli, engine }) => {
    engine.state.users.push(
      { id: 'zoe', firstName: 'Qzanna', lastName: 'Berg', email: null, password: 'x' },
      { id: 'adam', firstName: 'Bob', lastName: 'Hqzanna', email: null, password: 'x' },
      { id: 'both', firstName: 'Qzannah', lastName: 'Qzannadottir', email: null, password: 'x' },
    );
    const listed = JSON.parse((await cli('user', 'list', '--name', 'zann', '-o', 'json')).stdout) as { id: string }[];
    expect(listed.map((user) => user.id)).toEqual(['adam', 'both', 'zoe']);
    expect((await cli('user', 'count', '--name', 'zann')).stdout.trim()).toBe('3');
    const paged = await cli('user', 'list', '--name', 'zann', '--first', '1', '--max', '1');
    expect(paged.stdout.split('\n')[1]).toMatch(/^both\t/);
    expect(paged.stderr).toContain('showing 1 users from 1; there are more');
    const gets = engine.requests.filter((request) => request.path.includes('firstNameLike') || request.path.includes('lastNameLike'));
    expect(gets.some((request) => request.path.includes('firstNameLike=%25zann%25'))).toBe(true);
  });

  it('--email is exact, a pattern with %', async ({ cli }) => {
    expect(JSON.parse((await cli('user', 'list', '--email', 'mary@camunda.org', '-o', 'json')).stdout)).toHaveLength(1);
    const like = JSON.parse((await cli('user', 'list', '--email', '%@camunda.org', '-o', 'json')).stdout) as unknown[];
    expect(like.length).toBeGreaterThan(1);
  });

  it('--tenant filters by tenant membership (memberOfTenant)', async ({ cli, engine }) => {
    engine.state.tenantMemberships.push({ tenantId: 'tenant1', userId: 'mary' });
    const result = await cli('user', 'list', '--tenant', 'tenant1', '-o', 'json');
    expect(JSON.parse(result.stdout).map((user: { id: string }) => user.id)).toEqual(['mary']);
    expect(engine.requests.at(-1)?.path).toContain('memberOfTenant=tenant1');
  });

  it('options shows the allowed actions, none to change with a read-only provider', async ({ cli, engine }) => {
    const one = await cli('user', 'options', 'john', '-o', 'json');
    expect(JSON.parse(one.stdout).links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'delete', 'update']);
    expect((await cli('user', 'options')).stdout).toMatch(/^create\tPOST\t/m);
    engine.state.identityReadOnly = true;
    expect(JSON.parse((await cli('user', 'options', 'john', '-o', 'json')).stdout).links.map((link: { rel: string }) => link.rel)).toEqual(['self']);
    expect(JSON.parse((await cli('user', 'options', '-o', 'json')).stdout).links.map((link: { rel: string }) => link.rel)).toEqual(['list', 'count']);
  });

  it('get of a missing user is exit 5 with the engine message', async ({ cli }) => {
    const result = await cli('user', 'get', 'nobody');
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('User with id nobody does not exist');
    expect(result.stderr).not.toContain('did you mean');
  });

  it('get, update and delete of a missing user name the ids near it, and send nothing', async ({ cli, engine }) => {
    for (const args of [
      ['user', 'get', 'jhon'],
      ['user', 'update', 'jhon', '--first-name', 'Jon'],
      ['user', 'delete', 'jhon', '--yes'],
    ]) {
      const result = await cli(...args);
      expect(result.code, args[1]).toBe(5);
      expect(result.stderr).toBe(
        `error: GET ${engine.url}/user/jhon/profile: 404 Not Found: InvalidRequestException: User with id jhon does not exist (did you mean 'john'?)\n`,
      );
    }
    expect(engine.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('user create, update, delete', () => {
  it('creates with the password from stdin, never shown; -o json prints the profile', async ({ cli, requests }) => {
    const result = await cli(['user', 'create', '--id', 'alice', '--first-name', 'Alice', '--last-name', 'Smith', '--password-stdin', '-o', 'json'], {
      stdin: `${STRONG}\n`,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 'alice', firstName: 'Alice', lastName: 'Smith', email: null });
    expect(result.stdout + result.stderr).not.toContain(STRONG);
    const [post] = requests('POST');
    expect(JSON.parse(post!.body)).toEqual({ profile: { id: 'alice', firstName: 'Alice', lastName: 'Smith', email: null }, credentials: { password: STRONG } });
  });

  it('creates with the password from a file; the user can log in with it', async ({ cli, cwd, engine }) => {
    const file = join(cwd, 'bob.pw');
    writeFileSync(file, `${STRONG}\n`);
    const result = await cli(
      'user',
      'create',
      '--id',
      'bob',
      '--first-name',
      'Bob',
      '--last-name',
      'Jones',
      '--email',
      'bob@example.org',
      '--password-file',
      file,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('created user bob');
    expect(engine.state.checkPassword('bob', STRONG)).toBe(true);
  });

  it('refuses a create without a password source, before sending anything', async ({ cli, requests }) => {
    const result = await cli('user', 'create', '--id', 'carl', '--first-name', 'Carl', '--last-name', 'C');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the password is missing: give --password-stdin or --password-file FILE');
    expect(requests('POST')).toEqual([]);
    const empty = await cli(['user', 'create', '--id', 'carl', '--first-name', 'Carl', '--last-name', 'C', '--password-stdin'], { stdin: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--password-stdin: the password is empty');
  });

  it('takes one password source, and refuses stdin twice', async ({ cli, cwd, requests }) => {
    const file = join(cwd, 'pw');
    writeFileSync(file, STRONG);
    const both = await cli(['user', 'create', '--id', 'carl', '--first-name', 'C', '--last-name', 'C', '--password-stdin', '--password-file', file], {
      stdin: STRONG,
    });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--password-stdin and --password-file cannot be combined');
    const twice = await cli(['user', 'password', 'john', '--password-stdin', '--own-password-file', '-'], { stdin: STRONG });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--password-stdin and --own-password-file - cannot both read standard input');
    expect(requests('POST')).toEqual([]);
    expect(requests('PUT')).toEqual([]);
  });

  it('bounds the password read from stdin', async ({ cli, requests }) => {
    const result = await cli(['user', 'create', '--id', 'carl', '--first-name', 'Carl', '--last-name', 'C', '--password-stdin'], { stdin: 'x'.repeat(5000) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the password is larger than');
    expect(requests('POST')).toEqual([]);
  });

  it('answers a password the policy refuses with the broken rules and the policy', async ({ cli, engine }) => {
    engine.state.passwordPolicyEnabled = true;
    const result = await cli(['user', 'create', '--id', 'weak', '--first-name', 'Weak', '--last-name', 'Wimp', '--password-stdin'], { stdin: 'weakling' });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(
      "error: the engine's password policy refused the password: not the user's id, first name, last name or e-mail; at least 10 characters; at least 1 upper-case letter(s); at least 1 digit(s); at least 1 special character(s)",
    );
    expect(result.stderr).toContain('the policy: not the user');
    expect(result.stderr).not.toContain('weakling');
    expect(engine.state.findUser('weak')).toBeUndefined();
    const strong = await cli(['user', 'create', '--id', 'weak', '--first-name', 'Weak', '--last-name', 'Wimp', '--password-stdin'], { stdin: STRONG });
    expect(strong.code).toBe(0);
  });

  it('--verbose shows the request body as <redacted>', async ({ cli }) => {
    const result = await cli(['-v', 'user', 'create', '--id', 'alice', '--first-name', 'Alice', '--last-name', 'Smith', '--password-stdin'], { stdin: STRONG });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('> <redacted>');
    expect(result.stderr).not.toContain(STRONG);
  });

  it('an existing id is the engine refusal, exit 6', async ({ cli }) => {
    const result = await cli(['user', 'create', '--id', 'john', '--first-name', 'J', '--last-name', 'D', '--password-stdin'], { stdin: STRONG });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('The user already exists');
  });

  it('update keeps the fields not given (read, merge, write); a no-op and --dry-run send nothing', async ({ cli, requests }) => {
    const update = await cli('user', 'update', 'john', '--email', 'john.doe@example.org');
    expect(update.code).toBe(0);
    expect(requests('PUT').map((request) => JSON.parse(request.body))).toEqual([
      { id: 'john', firstName: 'John', lastName: 'Doe', email: 'john.doe@example.org' },
    ]);
    expect(requests('PUT')[0]?.path).toBe('/engine-rest/user/john/profile');
    const same = await cli('user', 'update', 'john', '--first-name', 'John');
    expect(same.stderr).toContain('no change: user john already looks like that');
    const dry = await cli('user', 'update', 'john', '--last-name', 'Smith', '--dry-run', '-o', 'json');
    expect(JSON.parse(dry.stdout).request.body).toEqual({ id: 'john', firstName: 'John', lastName: 'Smith', email: 'john.doe@example.org' });
    expect(requests('PUT')).toHaveLength(1);
    expect((await cli('user', 'update', 'john')).code).toBe(2);
  });

  it('delete asks first, refuses without a terminal, and a missing user is a 404', async ({ cli, engine, requests }) => {
    engine.state.tenantMemberships.push({ tenantId: 'tenant1', userId: 'mary' });
    const refused = await cli('user', 'delete', 'mary');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('delete user mary (Mary Anne) with their group and tenant memberships: confirmation needed');
    expect(requests('DELETE')).toEqual([]);
    expect((await cli('user', 'delete', 'mary', '--yes')).code).toBe(0);
    expect(engine.state.findUser('mary')).toBeUndefined();
    expect(engine.state.memberships.some((membership) => membership.userId === 'mary')).toBe(false);
    expect(engine.state.tenantMemberships).toEqual([]);
    const missing = await cli('user', 'delete', 'mary', '--yes');
    expect(missing.code).toBe(5);
  });

  it('a read-only identity provider (LDAP) is said in one line', async ({ cli, engine }) => {
    engine.state.identityReadOnly = true;
    const create = await cli(['user', 'create', '--id', 'alice', '--first-name', 'A', '--last-name', 'S', '--password-stdin'], { stdin: STRONG });
    expect(create.code).toBe(6);
    expect(create.stderr).toBe("error: the engine's identity provider is read-only (LDAP?): users are managed there\n");
    const update = await cli('user', 'update', 'john', '--last-name', 'X');
    expect(update.stderr).toBe("error: the engine's identity provider is read-only (LDAP?): users are managed there\n");
    const remove = await cli('user', 'delete', 'john', '--yes');
    expect(remove.stderr).toBe("error: the engine's identity provider is read-only (LDAP?): users are managed there\n");
  });
});

describe('user password and unlock with authentication on', () => {
  it.override({ simulatorOptions: { basicAuth: true, loginDelayBaseSeconds: 0 } });

  it("as the admin: sends the caller's Basic password as authenticatedUserPassword", async ({ as, engine, requests }) => {
    const result = await as('demo', 'demo', ['user', 'password', 'john', '--password-stdin'], `${STRONG}\n`);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('changed the password of user john');
    expect(JSON.parse(requests('PUT')[0]!.body)).toEqual({ password: STRONG, authenticatedUserPassword: 'demo' });
    expect(engine.state.checkPassword('john', STRONG)).toBe(true);
  });

  it('as the user itself, with the old password; then the new one works', async ({ as, cwd, engine }) => {
    // What the engine's DefaultAuthorizationProvider.newUser gives every user it creates.
    engine.state.authorizations.push({
      id: 'e2e-self',
      type: AuthorizationType.GRANT,
      permissions: ['ALL'],
      userId: 'john',
      groupId: null,
      resourceType: ResourceType.USER,
      resourceId: 'john',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    const file = join(cwd, 'new.pw');
    writeFileSync(file, STRONG);
    expect((await as('john', 'john', ['user', 'password', 'john', '--password-file', file])).code).toBe(0);
    expect((await as('john', STRONG, ['user', 'get', 'john'])).code).toBe(0);
  });

  it('--own-password-file overrides, and a wrong own password is said in words (exit 4)', async ({ as, cwd, engine }) => {
    const own = join(cwd, 'own.pw');
    writeFileSync(own, 'wrong\n');
    const result = await as('demo', 'demo', ['user', 'password', 'john', '--password-stdin', '--own-password-file', own], STRONG);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the engine refused your own password (authenticatedUserPassword): the password was not changed');
    expect(engine.state.findUser('john')?.password).toBe('john');
  });

  it('--password-stdin before the family and after it cannot both read stdin', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', 'user', 'password', 'john', '--password-stdin'], {
      env: cleanEnv(),
      stdin: 'demo',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--password-stdin before 'user' is your own password, after it the user's");
  });

  it('unlocks a user locked after failed logins; a non-admin is told that only admins may', async ({ as, engine }) => {
    for (let attempt = 0; attempt < 10; attempt++) await fetch(`${engine.url}/user`, { headers: { authorization: `Basic ${btoa('mary:wrong')}` } });
    expect(engine.state.isUserLocked(engine.state.findUser('mary')!)).toBe(true);
    expect((await as('mary', 'mary', ['user', 'count'])).code).toBe(4);
    const refused = await as('john', 'john', ['user', 'unlock', 'mary']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('ENGINE-03029 Required admin authenticated group or user');
    expect(refused.stderr).toContain('only an administrator may unlock users');
    const unlocked = await as('demo', 'demo', ['user', 'unlock', 'mary']);
    expect(unlocked.code).toBe(0);
    expect((await as('mary', 'mary', ['user', 'count'])).code).toBe(0);
  });

  it('a user created by the admin may read and update itself (GRANT ALL on USER <id>)', async ({ as, engine }) => {
    expect((await as('demo', 'demo', ['user', 'create', '--id', 'alice', '--first-name', 'Alice', '--last-name', 'S', '--password-stdin'], STRONG)).code).toBe(
      0,
    );
    expect(
      engine.state.authorizations.some(
        (auth) => auth.userId === 'alice' && auth.resourceType === ResourceType.USER && auth.resourceId === 'alice' && auth.type === AuthorizationType.GRANT,
      ),
    ).toBe(true);
    expect((await as('alice', STRONG, ['user', 'update', 'alice', '--email', 'alice@example.org'])).code).toBe(0);
  });
});

describe('user on Operaton', () => {
  it.override({ simulatorOptions: { flavour: 'operaton' } });

  it("keeps the fork's 404 type (UserNotFoundException) in the error line", async ({ cli }) => {
    const result = await cli('user', 'get', 'nobody');
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('404 Not Found: UserNotFoundException: User with id nobody does not exist');
  });
});
