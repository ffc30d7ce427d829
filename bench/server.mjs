// A loopback server with fixed, precomputed answers, so the benchmark measures camunda-admin and
// not the simulator: no msw, no state, responses generated cheaply on the fly for paged lists.
import { createServer } from 'node:http';

export const AUTHORIZATION_ID = 'c68e62eb-e5fe-11f1-a2ca-02fc00000001';
const ROOT = '/engine-rest';
const AUTHORIZATION = JSON.stringify({
  id: AUTHORIZATION_ID,
  type: 1,
  permissions: ['ALL'],
  userId: null,
  groupId: 'camunda-admin',
  resourceType: 0,
  resourceId: '*',
  removalTime: null,
  rootProcessInstanceId: null,
});
const SOURCE = 'invoice:1:c7a3b5e4-e5fe-11f1-a2ca-02fc00000001';
const TARGET = 'invoice:2:c7b8f0a9-e5fe-11f1-a2ca-02fc00000001';
const definition = (id, version) => ({
  id,
  key: 'invoice',
  category: null,
  description: null,
  name: 'Invoice',
  version,
  resource: 'invoice.bpmn',
  deploymentId: 'd',
  diagram: null,
  suspended: false,
  tenantId: null,
  versionTag: null,
  historyTimeToLive: 180,
  startableInTasklist: true,
});

function pageOf(total, make, url) {
  const first = Number(url.searchParams.get('firstResult') ?? 0);
  const max = Number(url.searchParams.get('maxResults') ?? total);
  const end = Math.min(total, first + max);
  const parts = [];
  for (let index = first; index < end; index++) parts.push(make(index));
  return `[${parts.join(',')}]`;
}

const group = (index) => `{"id":"group${String(index).padStart(6, '0')}","name":"Group ${index}","type":"WORKFLOW"}`;
const authorization = (index) =>
  `{"id":"a${String(index).padStart(8, '0')}-e5fe-11f1-a2ca-02fc00000001","type":1,"permissions":["READ"],"userId":"user${index}","groupId":null,"resourceType":6,"resourceId":"invoice","removalTime":null,"rootProcessInstanceId":null}`;

/**
 * A process with many versions for `migration sweep`: `sweep` v1..v(versions), each with
 * `instancesPerVersion` instances waiting at `task`, and v(versions + 1) the target.
 */
const SWEEP_KEY = 'sweep';
const sweepDefinitionId = (version) => `${SWEEP_KEY}:${version}:${(0xa0000000 + version).toString(16)}-e5fe-11f1-a2ca-02fc00000001`;
const sweepDefinition = (version) => ({ ...definition(sweepDefinitionId(version), version), key: SWEEP_KEY, name: 'Sweep', resource: 'sweep.bpmn' });
const sweepVersionOf = (id) => (typeof id === 'string' && id.startsWith(`${SWEEP_KEY}:`) ? Number(id.split(':')[1]) : undefined);
const sweepInstanceId = (version, index) => `${(version * 0x100000 + index).toString(16).padStart(8, '0')}-e5fe-11f1-a2ca-02fc00000001`;
const SWEEP_INSTRUCTIONS = ['task', 'end'].map((id) => ({ sourceActivityIds: [id], targetActivityIds: [id], updateEventTrigger: false }));

export function startBenchServer({ groups = 20, authorizations = 20, sweepVersions = 0, instancesPerVersion = 0 } = {}) {
  const state = { groups, authorizations, sweepVersions, instancesPerVersion };
  const sweepTarget = sweepVersions + 1;
  const sweepDefinitions = () => Array.from({ length: sweepTarget }, (_, index) => sweepDefinition(index + 1));
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        answer();
      } catch (error) {
        // A body that is not JSON gets the engine's 400, not a crash of the server mid-benchmark.
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ type: 'InvalidRequestException', message: String(error.message), code: null }));
      }
    });
    const answer = () => {
      const url = new URL(request.url, 'http://x');
      const path = url.pathname.startsWith(ROOT) ? url.pathname.slice(ROOT.length) : url.pathname;
      const send = (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body ?? '') });
        response.end(body ?? '');
      };
      if (request.method === 'GET' && path === `/authorization/${AUTHORIZATION_ID}`) return send(200, AUTHORIZATION);
      if (request.method === 'GET' && path === '/group') return send(200, pageOf(state.groups, group, url));
      if (request.method === 'GET' && path === '/authorization') return send(200, pageOf(state.authorizations, authorization, url));
      if (request.method === 'GET' && path === '/version') return send(200, '{"version":"7.24.0"}');
      if (
        request.method === 'GET' &&
        path === '/process-definition' &&
        (url.searchParams.get('key') === SWEEP_KEY || sweepVersionOf(url.searchParams.get('processDefinitionId')))
      ) {
        const id = url.searchParams.get('processDefinitionId');
        const version = url.searchParams.get('version');
        let rows = sweepDefinitions();
        if (id) rows = rows.filter((row) => row.id === id);
        else if (version) rows = rows.filter((row) => row.version === Number(version));
        else if (url.searchParams.get('latestVersion') === 'true') rows = rows.slice(-1);
        const first = Number(url.searchParams.get('firstResult') ?? 0);
        return send(200, JSON.stringify(rows.slice(first, first + Number(url.searchParams.get('maxResults') ?? rows.length))));
      }
      if (request.method === 'GET' && sweepVersionOf(decodeURIComponent(path.split('/')[2] ?? '')) && path.endsWith('/statistics')) {
        return send(200, JSON.stringify([{ id: 'task', instances: state.instancesPerVersion, failedJobs: 0 }]));
      }
      if (request.method === 'POST' && path === '/migration/generate') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        return send(200, JSON.stringify({ ...body, instructions: SWEEP_INSTRUCTIONS, variables: null }));
      }
      if (
        request.method === 'POST' &&
        path === '/migration/validate' &&
        sweepVersionOf(JSON.parse(Buffer.concat(chunks).toString('utf8')).sourceProcessDefinitionId)
      ) {
        return send(200, '{"instructionReports":[],"variableReports":{}}');
      }
      if (request.method === 'POST' && (path === '/process-instance' || path === '/process-instance/count')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const version = sweepVersionOf(body.processDefinitionId);
        if (version !== undefined && !body.processInstanceIds) {
          const total = version <= state.sweepVersions ? state.instancesPerVersion : 0;
          if (path.endsWith('/count')) return send(200, JSON.stringify({ count: total }));
          const first = Number(url.searchParams.get('firstResult') ?? 0);
          const end = Math.min(total, first + Number(url.searchParams.get('maxResults') ?? total));
          const rows = [];
          for (let index = first; index < end; index++)
            rows.push(
              `{"links":[],"id":"${sweepInstanceId(version, index)}","definitionId":"${body.processDefinitionId}","businessKey":null,"caseInstanceId":null,"ended":false,"suspended":false,"tenantId":null}`,
            );
          return send(200, `[${rows.join(',')}]`);
        }
      }
      if (request.method === 'GET' && path === '/process-definition') {
        const id = url.searchParams.get('processDefinitionId');
        return send(200, JSON.stringify(id === TARGET ? [definition(TARGET, 2)] : [definition(SOURCE, 1)]));
      }
      if (request.method === 'GET' && path.endsWith('/statistics')) return send(200, '[]');
      // The pre-flight's lists: no jobs, job definitions, incidents or pending batches here.
      if (request.method === 'GET' && (path === '/job' || path === '/job-definition' || path === '/incident' || path === '/batch')) return send(200, '[]');
      if (request.method === 'POST' && path === '/migration/validate') {
        // A report with a failure for every instruction: the renderer's worst case.
        const plan = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const instructionReports = plan.instructions.map((instruction) => ({
          instruction: { ...instruction, updateEventTrigger: false },
          failures: [`Target activity '${instruction.targetActivityIds[0]}' does not exist`],
        }));
        return send(200, JSON.stringify({ instructionReports, variableReports: {} }));
      }
      if (request.method === 'POST' && path === '/process-instance/count') {
        // Every id is an instance of the source definition.
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        return send(200, JSON.stringify({ count: (body.processInstanceIds ?? []).length }));
      }
      if (request.method === 'POST' && path === '/process-instance') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const rows = (body.processInstanceIds ?? []).map(
          (id) =>
            `{"links":[],"id":"${id}","definitionId":"${SOURCE}","businessKey":null,"caseInstanceId":null,"ended":false,"suspended":false,"tenantId":null}`,
        );
        return send(200, `[${rows.join(',')}]`);
      }
      return send(404, JSON.stringify({ type: 'NotFoundException', message: `no fixed answer for ${request.method} ${path}`, code: null }));
    };
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}${ROOT}`,
        state,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export const PLAN_SOURCE = SOURCE;
export const PLAN_TARGET = TARGET;
