/** Process instances as tables. */
import type { ProcessInstance } from '../engine/process-instances.js';
import { listView } from './table.js';

export const instanceListView = listView<ProcessInstance>(
  [
    { name: 'Id', value: (instance) => instance.id, whole: true },
    { name: 'Definition', value: (instance) => instance.definitionId, whole: true },
    { name: 'Business key', value: (instance) => instance.businessKey ?? '' },
    { name: 'Suspended', value: (instance) => (instance.suspended === undefined ? '' : instance.suspended ? 'yes' : 'no') },
    { name: 'Tenant', value: (instance) => instance.tenantId ?? '' },
  ],
  'no instances',
);
