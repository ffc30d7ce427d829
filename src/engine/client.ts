/**
 * The typed engine client the commands use: one object per engine resource over one HTTP layer.
 * It knows HTTP, auth, error decoding and schemas, and nothing about terminals.
 */
import { AuthorizationApi } from './authorizations.js';
import { BatchApi } from './batches.js';
import { DeploymentApi } from './deployments.js';
import { GroupApi } from './groups.js';
import { HistoricProcessInstanceApi } from './historic-process-instances.js';
import { ExternalTaskApi } from './external-tasks.js';
import { EngineHttp, type EngineHttpOptions } from './http.js';
import { IncidentApi } from './incidents.js';
import { JobApi } from './jobs.js';
import { MetricsApi } from './metrics.js';
import { MigrationApi } from './migration.js';
import { OpLogApi } from './op-log.js';
import { ProcessDefinitionApi } from './process-definitions.js';
import { ProcessInstanceApi } from './process-instances.js';
import { SystemApi } from './system.js';
import { UserApi } from './users.js';
import { TenantApi } from './tenants.js';
import { VariableInstanceApi } from './variable-instances.js';

export class EngineClient {
  readonly http: EngineHttp;
  readonly system: SystemApi;
  readonly authorizations: AuthorizationApi;
  readonly processDefinitions: ProcessDefinitionApi;
  readonly migration: MigrationApi;
  readonly processInstances: ProcessInstanceApi;
  readonly batches: BatchApi;
  readonly groups: GroupApi;
  readonly users: UserApi;
  readonly tenants: TenantApi;
  readonly metrics: MetricsApi;
  readonly incidents: IncidentApi;
  readonly jobs: JobApi;
  readonly historicProcessInstances: HistoricProcessInstanceApi;
  readonly variableInstances: VariableInstanceApi;
  readonly externalTasks: ExternalTaskApi;
  readonly opLog: OpLogApi;
  readonly deployments: DeploymentApi;

  constructor(readonly options: EngineHttpOptions) {
    this.http = new EngineHttp(options);
    this.system = new SystemApi(this.http);
    this.authorizations = new AuthorizationApi(this.http);
    this.processDefinitions = new ProcessDefinitionApi(this.http);
    this.migration = new MigrationApi(this.http);
    this.processInstances = new ProcessInstanceApi(this.http);
    this.batches = new BatchApi(this.http);
    this.groups = new GroupApi(this.http);
    this.users = new UserApi(this.http);
    this.tenants = new TenantApi(this.http);
    this.metrics = new MetricsApi(this.http);
    this.incidents = new IncidentApi(this.http);
    this.jobs = new JobApi(this.http);
    this.historicProcessInstances = new HistoricProcessInstanceApi(this.http);
    this.variableInstances = new VariableInstanceApi(this.http);
    this.externalTasks = new ExternalTaskApi(this.http);
    this.opLog = new OpLogApi(this.http);
    this.deployments = new DeploymentApi(this.http);
  }

  /** The same target without credentials, to tell "refused" from "not required". */
  withoutCredentials(): EngineClient {
    return new EngineClient({ ...this.options, credentials: undefined });
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
