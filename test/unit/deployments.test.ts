// The pieces of `deployment create` that need no engine: the multipart body as the engine's parser
// reads it, resource names from directories, the offline check's own problems, and the engine's
// ParseException decoded per line.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDeploymentFiles } from '../../src/deployments/check.js';
import { deploymentForm } from '../../src/deployments/form.js';
import { formatRefusedProblem, refusedProblems } from '../../src/deployments/refusal.js';
import { deploymentResources } from '../../src/deployments/resources.js';
import { UsageError } from '../../src/exit-codes.js';
import { parseMultipart } from '../simulator/multipart.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'camunda-admin-deployments-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const model = (id: string, body = '', attributes = ' camunda:historyTimeToLive="1"') => `<?xml version="1.0"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <process id="${id}" isExecutable="true"${attributes}>${body}</process>
</definitions>
`;

describe('the multipart body', () => {
  it('has the engine fields as text parts and each file as a part of its own, named by its resource name', () => {
    const form = deploymentForm({ name: 'release', source: 'ci', tenantId: 'a', duplicateFiltering: false, changedOnly: true }, [
      { name: 'order.bpmn', bytes: Buffer.from('<x/>') },
      { name: 'forms/a.form', bytes: Buffer.from('{}') },
    ]);
    const parts = parseMultipart(form.contentType, Buffer.concat(form.bytes))!;
    expect(parts.map((part) => [part.fieldName, part.fileName, part.text])).toEqual([
      ['deployment-name', null, 'release'],
      ['deployment-source', null, 'ci'],
      ['tenant-id', null, 'a'],
      ['enable-duplicate-filtering', null, 'true'],
      ['deploy-changed-only', null, 'true'],
      ['resource-1', 'order.bpmn', null],
      ['resource-2', 'forms/a.form', null],
    ]);
    expect(parts[6]?.bytes.toString()).toBe('{}');
    expect(form.byteLength).toBe(Buffer.concat(form.bytes).length);
  });

  it('sends no filtering fields without filtering', () => {
    const form = deploymentForm({ duplicateFiltering: false, changedOnly: false }, [{ name: 'a.bpmn', bytes: Buffer.from('') }]);
    expect(parseMultipart(form.contentType, Buffer.concat(form.bytes))!.map((part) => part.fieldName)).toEqual(['resource-1']);
  });
});

describe('the resources of the paths named', () => {
  it('names a directory’s files by their path inside it, skips dot names, and a file by its name', async () => {
    mkdirSync(join(directory, 'release', 'forms'), { recursive: true });
    mkdirSync(join(directory, 'release', '.git'));
    writeFileSync(join(directory, 'release', 'b.bpmn'), '');
    writeFileSync(join(directory, 'release', 'forms', 'a.form'), '');
    writeFileSync(join(directory, 'release', '.git', 'HEAD'), '');
    writeFileSync(join(directory, 'script.js'), '');
    symlinkSync(join(directory, 'release'), join(directory, 'release', 'forms', 'loop'));
    const resources = await deploymentResources([join(directory, 'release'), join(directory, 'script.js')]);
    expect(resources.map((file) => file.name)).toEqual(['b.bpmn', 'forms/a.form', 'script.js']);
  });

  it('refuses two files of one resource name and paths that do not exist, all at once', async () => {
    mkdirSync(join(directory, 'one'));
    mkdirSync(join(directory, 'two'));
    writeFileSync(join(directory, 'one', 'a.bpmn'), '');
    writeFileSync(join(directory, 'two', 'a.bpmn'), '');
    const refused = deploymentResources([join(directory, 'one'), join(directory, 'two'), join(directory, 'nope')]);
    await expect(refused).rejects.toBeInstanceOf(UsageError);
    await expect(refused).rejects.toThrow(/nope: file not found\n.*two\/a\.bpmn: its resource name a\.bpmn is that of .*one\/a\.bpmn too/);
  });
});

describe('the offline check of a deployment', () => {
  async function check(files: Record<string, string>, allowMissingTtl = false) {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
    const report = await checkDeploymentFiles(await deploymentResources([directory]), { allowMissingTtl });
    return report.problems.map(
      (problem) => `${problem.file.slice(directory.length + 1)}:${problem.line}:${problem.column}: ${problem.check}: ${problem.message}`,
    );
  }

  it('finds a called process, decision and form key missing from the deployment, and takes those present', async () => {
    const body = `
    <callActivity id="call" calledElement="child" camunda:calledElementBinding="deployment" />
    <callActivity id="latest" calledElement="elsewhere" />
    <callActivity id="dynamic" calledElement="\${name}" camunda:calledElementBinding="deployment" />
    <businessRuleTask id="rule" camunda:decisionRef="risk" camunda:decisionRefBinding="deployment" />
    <userTask id="task" camunda:formKey="camunda-forms:deployment:forms/missing.form" />`;
    expect(await check({ 'parent.bpmn': model('parent', body) })).toEqual([
      "parent.bpmn:4:29: deployment-reference: callActivity 'call' takes a process with the id 'child' from its own deployment (binding=\"deployment\"), and none of the files deployed has it",
      "parent.bpmn:7:33: deployment-reference: businessRuleTask 'rule' takes a decision with the id 'risk' from its own deployment (binding=\"deployment\"), and none of the files deployed has it",
      "parent.bpmn:8:25: deployment-reference: userTask 'task' takes a resource named 'forms/missing.form' from its own deployment (a form key …-forms:deployment:), and none of the files deployed has it",
    ]);
    rmSync(join(directory, 'parent.bpmn'));
    expect(await check({ 'parent.bpmn': model('parent', body.split('\n').slice(0, 3).join('\n')), 'child.bpmn': model('child') })).toEqual([]);
  });

  it('finds a key twice, an id that is no XML id, and a missing time-to-live unless allowed', async () => {
    expect(await check({ 'a.bpmn': model('same'), 'b.bpmn': model('same'), 'c.bpmn': model('not valid') })).toEqual([
      expect.stringMatching(
        /^b\.bpmn:3:3: duplicate-key: process 'same' is in .*a\.bpmn:3 too: the engine refuses a deployment with two definitions of the same key$/,
      ),
      "c.bpmn:3:3: definition-id: process 'not valid': the id is not a valid XML id (a letter or _ first; letters, digits, _ - . after; no spaces or ':')",
    ]);
    rmSync(directory, { recursive: true });
    mkdirSync(directory);
    expect(await check({ 'n.bpmn': model('n', '', '') })).toEqual([expect.stringMatching(/^n\.bpmn:3:3: history-ttl-missing: /)]);
    expect(await check({ 'n.bpmn': model('n', '', '') }, true)).toEqual([]);
  });
});

describe("the engine's refusal", () => {
  it('is one line per problem with the file sent as the resource, first line of the message only', () => {
    const details = {
      'processes/broken.bpmn': {
        errors: [
          { message: 'cvc-id.1: There is no ID/IDREF binding for IDREF', line: 12, column: 20 },
          { message: 'ENGINE-12018 History Time To Live (TTL) cannot be null. The following options are possible:\n* Set it', line: 5, column: 79 },
        ],
        warnings: [{ message: 'a warning', line: 0, column: 0 }],
      },
    };
    const problems = refusedProblems(details, [{ name: 'processes/broken.bpmn', path: 'src/processes/broken.bpmn', size: 1 }]);
    expect(problems.map(formatRefusedProblem)).toEqual([
      'src/processes/broken.bpmn:12:20: cvc-id.1: There is no ID/IDREF binding for IDREF',
      'src/processes/broken.bpmn:5:79: ENGINE-12018 History Time To Live (TTL) cannot be null. The following options are possible',
      'src/processes/broken.bpmn: warning: a warning',
    ]);
    expect(refusedProblems(undefined, [])).toEqual([]);
  });
});
