import { productFromTelemetry, sinceLabel, TELEMETRY_DATA_SINCE } from '../engine/product.js';
import type { EngineInfo } from '../engine/system.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderFields } from './table.js';

const AUTH_STATUS: Record<EngineInfo['authentication']['status'], string> = {
  accepted: 'credentials accepted',
  'not-required': 'not required (the REST API has no authentication filter)',
};

/** What reading the product (GET /telemetry/data) needs, or why the engine did not tell it. */
const PRODUCT_UNKNOWN: Record<NonNullable<EngineInfo['productUnknownReason']>, string> = {
  forbidden: 'unknown: reading it (GET /telemetry/data) needs an admin or READ on System',
  unavailable: `unknown: the engine did not answer GET /telemetry/data with its product (${sinceLabel(TELEMETRY_DATA_SINCE)} and the forks have it)`,
};

/** "CIB seven 2.2.0", with the product the tool recognises when the engine's name does not say it. */
function productCell(info: EngineInfo, style: Style): string {
  if (info.product === null) return style.yellow(PRODUCT_UNKNOWN[info.productUnknownReason ?? 'unavailable']);
  const named = `${info.product} ${info.version}`;
  const recognised = productFromTelemetry(info.product, info.version);
  if (recognised === undefined) return `${named} ${style.yellow('(not a product camunda-admin knows)')}`;
  return recognised.telemetryName === info.product ? named : `${named} (${recognised.name})`;
}

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
        ['Product', productCell(info, style)],
        ['Version', info.version],
        ['Credentials', who],
        ['Authentication', style.green(status)],
      ],
      style,
    );
  },
};
