// In-memory state of the simulated Camunda 7 engine.
//
// Everything is plain data (arrays of plain objects) so tests can read it, tweak it before a run, and
// later handlers (groups, metrics, migration, batches) can add their own collections without touching
// the existing ones. The seed is deterministic: the same ids every run, so tests can name them.

export const ENGINE_VERSION = '7.24.0-SNAPSHOT';
export const DEFAULT_ENGINE_NAME = 'default';
export const ADMIN_GROUP_ID = 'camunda-admin';

/** Resource type integers (ENG/authorization/Resources.java); 21 (SYSTEM) exists since 7.17. */
export const ResourceType = {
  APPLICATION: 0,
  USER: 1,
  GROUP: 2,
  GROUP_MEMBERSHIP: 3,
  AUTHORIZATION: 4,
  FILTER: 5,
  PROCESS_DEFINITION: 6,
  TASK: 7,
  PROCESS_INSTANCE: 8,
  DEPLOYMENT: 9,
  DECISION_DEFINITION: 10,
  TENANT: 11,
  TENANT_MEMBERSHIP: 12,
  BATCH: 13,
  DECISION_REQUIREMENTS_DEFINITION: 14,
  REPORT: 15,
  DASHBOARD: 16,
  OPERATION_LOG_CATEGORY: 17,
  OPTIMIZE: 18,
  HISTORIC_TASK: 19,
  HISTORIC_PROCESS_INSTANCE: 20,
  SYSTEM: 21,
} as const;

/** Authorization types (ENG/authorization/Authorization.java). */
export const AuthorizationType = { GLOBAL: 0, GRANT: 1, REVOKE: 2 } as const;
export type AuthorizationTypeValue = (typeof AuthorizationType)[keyof typeof AuthorizationType];

/** Field for field the engine's AuthorizationDto, so handlers can serialize a copy as it is. */
export interface AuthorizationRecord {
  id: string;
  type: AuthorizationTypeValue;
  permissions: string[];
  userId: string | null;
  groupId: string | null;
  resourceType: number;
  resourceId: string;
  removalTime: string | null;
  rootProcessInstanceId: string | null;
}

export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Plain text: the simulator only needs `checkPassword`, not the engine's salted hash. */
  password: string;
}

export interface GroupRecord {
  id: string;
  name: string;
  type: string;
}

export interface MembershipRecord {
  userId: string;
  groupId: string;
}

/** Field for field the engine's ProcessDefinitionDto (see process-definition-list.json). */
export interface ProcessDefinitionRecord {
  id: string;
  key: string;
  category: string;
  description: string | null;
  name: string;
  version: number;
  resource: string;
  deploymentId: string;
  diagram: string | null;
  suspended: boolean;
  tenantId: string | null;
  versionTag: string | null;
  historyTimeToLive: number | null;
  startableInTasklist: boolean;
}

/**
 * Engine-style ids: the real engine hands out time-based UUIDs whose last three groups stay the same
 * within one run (see the samples), so only the first group varies here.
 */
const UUID_SUFFIX = 'e5fe-11f1-a2ca-02fc00000001';

export function engineUuid(timeLow: number): string {
  return `${timeLow.toString(16).padStart(8, '0')}-${UUID_SUFFIX}`;
}

/** The first group of the camunda-admin grant on APPLICATION, as captured (authorization-get.json). */
const ADMIN_GRANT_TIME_LOW = 0xc68e62eb;
/** Ids of authorizations created at run time start here, well away from the seeded ones. */
const CREATED_ID_TIME_LOW = 0xd0000000;

/** Id of the seeded camunda-admin grant (type 1, ALL, resourceId '*') on the given resource type. */
export function adminGrantId(resourceType: number): string {
  return engineUuid(ADMIN_GRANT_TIME_LOW + resourceType);
}

export const SEEDED_AUTHORIZATION_IDS = {
  /** camunda-admin on APPLICATION: the object of authorization-get.json, byte for byte. */
  adminApplication: adminGrantId(ResourceType.APPLICATION),
  /** User john: GRANT READ, UPDATE on PROCESS_DEFINITION 'refengine-demo' (the id of authorization-create.json). */
  johnProcessDefinitionGrant: 'c950b77a-e5fe-11f1-a2ca-02fc00000001',
  /** Group sales: REVOKE DELETE on PROCESS_DEFINITION '*'. */
  salesProcessDefinitionRevoke: 'c950b77b-e5fe-11f1-a2ca-02fc00000001',
  /** Everybody (GLOBAL, userId '*'): READ on FILTER '*'. */
  globalFilterRead: 'c950b77c-e5fe-11f1-a2ca-02fc00000001',
} as const;

/** The two deployed versions of the demo process, exactly as in process-definition-list.json. */
export const SEEDED_PROCESS_DEFINITION_IDS = {
  v1: 'refengine-demo:1:c8d78fb4-e5fe-11f1-a2ca-02fc00000001',
  v2: 'refengine-demo:2:c90ecc6d-e5fe-11f1-a2ca-02fc00000001',
} as const;

function authorization(
  fields: Pick<AuthorizationRecord, 'id' | 'type' | 'permissions' | 'resourceType' | 'resourceId'> &
    Partial<Pick<AuthorizationRecord, 'userId' | 'groupId'>>,
): AuthorizationRecord {
  return {
    userId: null,
    groupId: null,
    removalTime: null,
    rootProcessInstanceId: null,
    ...fields,
  };
}

function seedUsers(): UserRecord[] {
  return [
    { id: 'demo', firstName: 'Demo', lastName: 'Demo', email: 'demo@camunda.org', password: 'demo' },
    { id: 'john', firstName: 'John', lastName: 'Doe', email: 'john@camunda.org', password: 'john' },
    { id: 'mary', firstName: 'Mary', lastName: 'Anne', email: 'mary@camunda.org', password: 'mary' },
  ];
}

function seedGroups(): GroupRecord[] {
  return [
    { id: ADMIN_GROUP_ID, name: 'camunda BPM Administrators', type: 'SYSTEM' },
    { id: 'sales', name: 'Sales', type: 'WORKFLOW' },
    { id: 'accounting', name: 'Accounting', type: 'WORKFLOW' },
    { id: 'management', name: 'Management', type: 'WORKFLOW' },
  ];
}

function seedMemberships(): MembershipRecord[] {
  return [
    { userId: 'demo', groupId: ADMIN_GROUP_ID },
    { userId: 'john', groupId: 'sales' },
    { userId: 'mary', groupId: 'accounting' },
  ];
}

function seedAuthorizations(): AuthorizationRecord[] {
  // Like the real admin-user setup (Spring Boot starter / Camunda Run): one GRANT of ALL on '*' for
  // camunda-admin per resource type. Type 1 (grant), not 0: global authorizations cannot name a group.
  const adminGrants = Object.values(ResourceType).map((resourceType) =>
    authorization({
      id: adminGrantId(resourceType),
      type: AuthorizationType.GRANT,
      permissions: ['ALL'],
      groupId: ADMIN_GROUP_ID,
      resourceType,
      resourceId: '*',
    }),
  );
  return [
    ...adminGrants,
    authorization({
      id: SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant,
      type: AuthorizationType.GRANT,
      permissions: ['READ', 'UPDATE'],
      userId: 'john',
      resourceType: ResourceType.PROCESS_DEFINITION,
      resourceId: 'refengine-demo',
    }),
    authorization({
      id: SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke,
      type: AuthorizationType.REVOKE,
      permissions: ['DELETE'],
      groupId: 'sales',
      resourceType: ResourceType.PROCESS_DEFINITION,
      resourceId: '*',
    }),
    authorization({
      id: SEEDED_AUTHORIZATION_IDS.globalFilterRead,
      type: AuthorizationType.GLOBAL,
      permissions: ['READ'],
      userId: '*',
      resourceType: ResourceType.FILTER,
      resourceId: '*',
    }),
  ];
}

function seedProcessDefinitions(): ProcessDefinitionRecord[] {
  const common = {
    key: 'refengine-demo',
    category: 'http://bpmn.io/schema/bpmn',
    description: null,
    name: 'RefEngine Demo',
    diagram: null,
    suspended: false,
    tenantId: null,
    versionTag: null,
    historyTimeToLive: 180,
    startableInTasklist: true,
  };
  return [
    {
      ...common,
      id: SEEDED_PROCESS_DEFINITION_IDS.v1,
      version: 1,
      resource: 'refengine-demo-v1.bpmn',
      deploymentId: 'c8cbcfe2-e5fe-11f1-a2ca-02fc00000001',
    },
    {
      ...common,
      id: SEEDED_PROCESS_DEFINITION_IDS.v2,
      version: 2,
      resource: 'refengine-demo-v2.bpmn',
      deploymentId: 'c90b49fb-e5fe-11f1-a2ca-02fc00000001',
    },
  ];
}

export class EngineState {
  engines: string[] = [DEFAULT_ENGINE_NAME];
  version: string = ENGINE_VERSION;
  users: UserRecord[] = seedUsers();
  groups: GroupRecord[] = seedGroups();
  memberships: MembershipRecord[] = seedMemberships();
  authorizations: AuthorizationRecord[] = seedAuthorizations();
  processDefinitions: ProcessDefinitionRecord[] = seedProcessDefinitions();

  private createdIds = 0;

  hasEngine(name: string): boolean {
    return this.engines.includes(name);
  }

  findUser(id: string): UserRecord | undefined {
    return this.users.find((user) => user.id === id);
  }

  findGroup(id: string): GroupRecord | undefined {
    return this.groups.find((group) => group.id === id);
  }

  findAuthorization(id: string): AuthorizationRecord | undefined {
    return this.authorizations.find((auth) => auth.id === id);
  }

  /** IdentityService.checkPassword: unknown users simply fail. */
  checkPassword(userId: string, password: string): boolean {
    return this.findUser(userId)?.password === password;
  }

  groupIdsOf(userId: string): string[] {
    return this.memberships.filter((m) => m.userId === userId).map((m) => m.groupId);
  }

  /** A fresh engine-style id for objects created at run time; deterministic per state. */
  nextId(): string {
    this.createdIds += 1;
    return engineUuid(CREATED_ID_TIME_LOW + this.createdIds);
  }
}

/** A freshly seeded state; every call returns an independent copy. */
export function createEngineState(): EngineState {
  return new EngineState();
}
