import type { EngineInfo } from '../engine/system.js';
import type { View } from './output.js';
import { renderFields } from './table.js';

const AUTH_STATUS: Record<EngineInfo['authentication']['status'], string> = {
  accepted: 'credentials accepted',
  'not-required': 'not required (the REST API has no authentication filter)',
  refused: 'credentials refused (401)',
  required: 'required, but no credentials were given (401)',
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
        ['Selected engine', info.engine === null ? 'default (no --engine)' : `${info.engine}${info.engineFound ? '' : ' (not found)'}`],
        ['Version', info.version],
        ['Credentials', who],
        [
          'Authentication',
          auth.status === 'accepted' || auth.status === 'not-required' ? style.green(status) : style.red(status),
        ],
      ],
      style,
    );
  },
};
