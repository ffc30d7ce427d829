// A loopback engine for the access benchmark (bench/run.mjs, "access"): groups, members, users and
// authorizations, answered from precomputed rows with the engine's filters and paging, and a count of
// every request so the benchmark can show that nothing is asked row by row. No msw, no state changes.
import { createServer } from 'node:http';

const ROOT = '/engine-rest';

const pad = (number, width) => String(number).padStart(width, '0');

/**
 * `groups` groups (group001...), each with `membersPerGroup` of `users` users (user0001...), and
 * `authorizations` grants to those groups on process definitions, unique per group and resource id.
 */
export function startAccessServer({ groups = 500, users = 2000, membersPerGroup = 10, authorizations = 10_000 } = {}) {
  const groupRows = Array.from({ length: groups }, (_, index) => ({ id: `group${pad(index + 1, 3)}`, name: `Group ${index + 1}`, type: 'WORKFLOW' }));
  const userRows = Array.from({ length: users }, (_, index) => ({
    id: `user${pad(index + 1, 4)}`,
    firstName: 'First',
    lastName: `Last ${index + 1}`,
    email: null,
  }));
  const members = new Map(
    groupRows.map((group, index) => [group.id, Array.from({ length: membersPerGroup }, (_, member) => userRows[(index * membersPerGroup + member) % users])]),
  );
  const authorizationRows = Array.from({ length: authorizations }, (_, index) => ({
    id: `a${pad(index, 8)}-e5fe-11f1-a2ca-02fc00000001`,
    type: 1,
    permissions: ['READ', 'READ_INSTANCE'],
    userId: null,
    groupId: groupRows[index % groups].id,
    resourceType: 6,
    resourceId: `process${Math.floor(index / groups)}`,
    removalTime: null,
    rootProcessInstanceId: null,
  }));
  const json = new Map(authorizationRows.map((row) => [row, JSON.stringify(row)]));
  const requests = { count: 0, byPath: new Map() };

  const page = (rows, url, serialize = JSON.stringify) => {
    const first = Number(url.searchParams.get('firstResult') ?? 0);
    const max = Number(url.searchParams.get('maxResults') ?? rows.length);
    return `[${rows
      .slice(first, first + max)
      .map(serialize)
      .join(',')}]`;
  };
  const list = (url, name) => url.searchParams.get(name)?.split(',');

  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const url = new URL(request.url, 'http://x');
      const path = url.pathname.slice(ROOT.length);
      requests.count++;
      requests.byPath.set(path, (requests.byPath.get(path) ?? 0) + 1);
      const send = (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        response.end(body);
      };
      if (request.method !== 'GET')
        return send(405, JSON.stringify({ type: 'BenchException', message: `the access benchmark changes nothing: ${request.method} ${path}`, code: null }));
      if (path === '/version') return send(200, '{"version":"7.24.0"}');
      if (path === '/group') {
        const ids = list(url, 'idIn');
        const member = url.searchParams.get('member');
        const rows = groupRows.filter((group) => (!ids || ids.includes(group.id)) && (!member || members.get(group.id).some((user) => user.id === member)));
        return send(200, page(rows, url));
      }
      if (path === '/user') {
        const group = url.searchParams.get('memberOfGroup');
        const ids = list(url, 'idIn');
        const rows = (group ? (members.get(group) ?? []) : userRows).filter((user) => !ids || ids.includes(user.id));
        return send(200, page(rows, url));
      }
      if (path === '/authorization') {
        const type = url.searchParams.get('type');
        const resourceType = url.searchParams.get('resourceType');
        const userIds = list(url, 'userIdIn');
        const groupIds = list(url, 'groupIdIn');
        const rows = authorizationRows.filter(
          (row) =>
            (type === null || row.type === Number(type)) &&
            (resourceType === null || row.resourceType === Number(resourceType)) &&
            (!userIds || userIds.includes(row.userId)) &&
            (!groupIds || groupIds.includes(row.groupId)),
        );
        return send(
          200,
          page(rows, url, (row) => json.get(row)),
        );
      }
      return send(404, JSON.stringify({ type: 'NotFoundException', message: `no answer for ${path}`, code: null }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}${ROOT}`,
        requests,
        sizes: { groups, users, authorizations },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
