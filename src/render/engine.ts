import type { EngineInfo } from '../engine/system.js';
import type { View } from './output.js';
import { renderFields } from './table.js';

const AUTH_STATUS: Record<EngineInfo['authentication']['status'], string> = {
  accepted: 'credentials accepted',
  'not-required': 'not required (the REST API has no authentication filter)',
};

export const engineInfoView: View<EngineInfo> = {
  table(info, style) {
    const auth = info.authentication;
    const who = auth.method === 'basic' ? `basic, user ${auth.username ?? '?'}` : auth.method;
    const status = AUTH_STATUS[auth.status];
    return renderFields(
      [
        ['URL', info.url],
        ['Engines', info.engines.join(', ')],
        ['Selected engine', info.engine ?? 'default (no --engine)'],
        ['Version', info.version],
        ['Credentials', who],
        ['Authentication', style.green(status)],
      ],
      style,
    );
  },
};
