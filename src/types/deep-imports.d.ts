// undici's index loads everything it offers (fetch, WebSocket, caches, mocks): about 550 kB of code
// to compile. The bulk transport needs only the Agent and its request() method, which these two
// files hold. undici has no "exports" map, so the paths are importable; the pinned version in
// package-lock.json keeps them stable, and the build fails if they move.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  export default function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}

// cli-table3's own measure of a cell, so that widths computed outside it agree with it.
declare module 'cli-table3/src/utils.js' {
  export function strlen(text: string): number;
}
