// `camunda-admin completion bash|zsh|fish` through the built command, and the scripts run in the real shells.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { FAMILIES } from '../../helpers/families.js';

function shellExists(shell: string): boolean {
  return spawnSync(shell, ['-c', 'exit 0'], { stdio: 'ignore' }).status === 0;
}

function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

let bashFile: string;
let work: string;

beforeAll(async () => {
  const result = await runCli(['completion', 'bash']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  work = tempDir();
  bashFile = join(work, 'camunda-admin.bash');
  writeFileSync(bashFile, result.stdout);
  writeFileSync(join(work, 'plan.yaml'), 'source: invoice:1\n');
  mkdirSync(join(work, 'sweeps'));
});

/** What bash offers for the words typed (the last one is at the cursor, '' after a space). */
function complete(...words: string[]): string[] {
  const script = `source "$1"; COMP_WORDS=(${['camunda-admin', ...words].map(quote).join(' ')}); COMP_CWORD=${words.length}; _camunda_admin; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script, 'bash', bashFile], {
    encoding: 'utf8',
    cwd: work,
    env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .sort();
}

describe('completion bash', () => {
  it('registers _camunda_admin for camunda-admin', () => {
    const result = spawnSync('bash', ['--norc', '--noprofile', '-c', 'source "$1" && complete -p camunda-admin', 'bash', bashFile], { encoding: 'utf8' });
    expect(result.stdout.trim()).toBe('complete -F _camunda_admin camunda-admin');
  });

  it('completes the top-level commands', () => {
    expect(complete('au')).toEqual(['auth']);
    expect(complete('')).toEqual(FAMILIES);
    expect(complete('m')).toEqual(['metrics', 'migration']);
  });

  it('completes subcommands, also after global options', () => {
    expect(complete('auth', 'u')).toEqual(['update']);
    expect(complete('group', 'members', '')).toEqual(['add', 'list', 'options', 'remove']);
    expect(complete('tenant', '')).toEqual(['count', 'create', 'delete', 'get', 'list', 'members', 'update']);
    expect(complete('tenant', 'members', '')).toEqual(['add', 'remove']);
    expect(complete('instance', '')).toEqual(['activate', 'delete', 'list', 'suspend', 'variables']);
    expect(complete('instance', 'variables', '')).toEqual(['set']);
    expect(complete('history', 'removal-time', '')).toEqual(['set']);
    expect(complete('--profile', 'prod', '-o', 'json', 'auth', 'c')).toEqual(['check', 'count', 'create']);
  });

  it('completes the definition family, migration diff and generate --suggest', () => {
    expect(complete('definition', '')).toEqual(['list', 'show']);
    expect(complete('definition', 'list', '--l')).toEqual(['--latest']);
    expect(complete('definition', 'show', 'invoice:1', '--te')).toEqual(['--tenant']);
    // A definition reference is free text: nothing to offer.
    expect(complete('definition', 'show', '')).toEqual([]);
    expect(complete('migration', '')).toEqual(['diff', 'execute', 'generate', 'sweep', 'validate']);
    expect(complete('migration', 'diff', 'a:1', 'a:2', '--te')).toEqual(['--tenant']);
    expect(complete('migration', 'generate', '--su')).toEqual(['--suggest']);
  });

  it('completes the flags of a command and the global ones', () => {
    expect(complete('migration', 'execute', '--ch')).toEqual(['--chunk-size']);
    expect(complete('migration', 'validate', '--st')).toEqual(['--strict']);
    expect(complete('auth', 'get', '--pass')).toEqual(['--password', '--password-stdin']);
    expect(complete('--ur')).toEqual(['--url']);
  });

  it('completes fixed values: output formats, auth types, resource types, sort orders', () => {
    expect(complete('-o', '')).toEqual(['json', 'table', 'wide', 'yaml']);
    expect(complete('auth', 'list', '--output', 'y')).toEqual(['yaml']);
    expect(complete('auth', 'create', '--type', '')).toEqual(['global', 'grant', 'revoke']);
    expect(complete('auth', 'create', '--resource-type', 'proc')).toEqual(['process-definition', 'process-instance']);
    expect(complete('auth', 'list', '--sort-order', '')).toEqual(['asc', 'desc']);
    expect(complete('group', 'list', '--sort-order', 'd')).toEqual(['desc']);
    expect(complete('access', 'export', '--resource-type', 'group')).toEqual(['group', 'group-membership']);
    expect(complete('access', '')).toEqual(['apply', 'export', 'plan']);
  });

  it('completes metric names and shells', () => {
    expect(complete('metrics', 'sum', 'process-')).toEqual(['process-instances']);
    expect(complete('metrics', 'sum', 'job-')).toEqual([
      'job-acquired-failure',
      'job-acquired-success',
      'job-acquisition-attempt',
      'job-execution-rejected',
      'job-failed',
      'job-locked-exclusive',
      'job-successful',
    ]);
    expect(complete('metrics', 'list', '--name', 'task')).toEqual([]); // sum only: metrics list refuses it
    expect(complete('metrics', 'list', '--name', 'activity-')).toEqual(['activity-instance-end', 'activity-instance-start']);
    expect(complete('completion', '')).toEqual(['bash', 'fish', 'zsh']);
    expect(complete('batch', 'list', '--type', 'instance-m')).toEqual(['instance-migration', 'instance-modification']);
    expect(complete('incident', 'list', '--type', 'failed')).toEqual(['failedExternalTask', 'failedJob']);
    expect(complete('job', '')).toEqual(['execute', 'list', 'retry']);
  });

  it('completes file names where a file is expected, nothing where free text is', () => {
    expect(complete('migration', 'validate', 'pl')).toEqual(['plan.yaml']);
    expect(complete('access', 'apply', 'pl')).toEqual(['plan.yaml']);
    expect(complete('migration', 'execute', 'plan.yaml', '--report', 'pl')).toEqual(['plan.yaml']);
    // Directories only where a directory is asked for.
    expect(complete('migration', 'sweep', 'invoice', '--out-dir', '')).toEqual(['sweeps']);
    expect(complete('migration', 'sweep', 'invoice', '--plans', 'sweeps', '--execute', '--run-dir', 's')).toEqual(['sweeps']);
    expect(complete('migration', 'sweep', 'invoice', '--can')).toEqual(['--canary', '--canary-wait']);
    expect(complete('auth', 'get', '')).toEqual([]);
    expect(complete('--url', '')).toEqual([]);
  });
});

describe('completion zsh and fish', () => {
  it.each(['zsh', 'fish'] as const)('%s: prints a script that mentions every top-level command', async (shell) => {
    const result = await runCli(['completion', shell]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    for (const command of FAMILIES) expect(result.stdout).toContain(command);
    expect(result.stdout).toContain('process-definition');
    if (shell === 'zsh') expect(result.stdout.startsWith('#compdef camunda-admin\n')).toBe(true);
    else expect(result.stdout).toContain('complete -c camunda-admin');
  });

  it.runIf(shellExists('zsh'))('zsh: the script parses (zsh -n)', async () => {
    const file = join(tempDir(), '_camunda_admin');
    writeFileSync(file, (await runCli(['completion', 'zsh'])).stdout);
    const result = spawnSync('zsh', ['-n', file], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.runIf(shellExists('fish'))('fish: the script parses (fish -n) and completes', async () => {
    const file = join(tempDir(), 'camunda-admin.fish');
    writeFileSync(file, (await runCli(['completion', 'fish'])).stdout);
    const parsed = spawnSync('fish', ['-n', file], { encoding: 'utf8' });
    expect(parsed.stderr).toBe('');
    expect(parsed.status).toBe(0);
    const fishComplete = (line: string): string[] => {
      const result = spawnSync('fish', ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', file, line], { encoding: 'utf8', cwd: work });
      expect(result.stderr).toBe('');
      return result.stdout
        .split('\n')
        .filter((entry) => entry !== '')
        .map((entry) => entry.split('\t')[0]!)
        .sort();
    };
    expect(fishComplete('camunda-admin au')).toEqual(['auth']);
    expect(fishComplete('camunda-admin auth u')).toEqual(['update']);
    expect(fishComplete('camunda-admin migration execute --ch')).toEqual(['--chunk-size']);
    expect(fishComplete('camunda-admin -o ')).toEqual(['json', 'table', 'yaml']);
    expect(fishComplete('camunda-admin auth create --resource-type proc')).toEqual(['process-definition', 'process-instance']);
    expect(fishComplete('camunda-admin metrics sum process-')).toEqual(['process-instances']);
    expect(fishComplete('camunda-admin migration validate pl')).toEqual(['plan.yaml']);
  });
});

describe('completion with a wrong shell', () => {
  it('is a usage error (exit 2)', async () => {
    const result = await runCli(['completion', 'bsh']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: unknown shell 'bsh' \(did you mean bash\?\)/);
  });
});

describe('how to install it', () => {
  it('README, completion --help and the first lines of each script name the same commands', async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Shell completion'), readme.indexOf('\n## ', readme.indexOf('## Shell completion') + 1));
    // The commands of the README's code blocks, without their comments.
    const documented = [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((block) =>
      block[1]!
        .split('\n')
        .map((line) => line.replace(/\s+#.*$/, '').trim())
        .filter(Boolean),
    );
    const help = (await runCli(['completion', '--help'])).stdout;
    const named: string[] = [];
    for (const shell of ['bash', 'zsh', 'fish']) {
      const script = (await runCli(['completion', shell])).stdout;
      for (const label of ['Load it in this shell:', 'Install it for new ones:']) {
        const command = new RegExp(`^# ${label}\\s+(.*?)(\\s+\\(after compinit\\))?$`, 'm').exec(script)?.[1];
        expect(command, `${shell}: ${label}`).toBeDefined();
        named.push(command!);
        expect(help, `${shell}: ${command}`).toContain(command);
      }
    }
    expect([...documented].sort()).toEqual([...named].sort());
  });
});
