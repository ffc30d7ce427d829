// The authorization model of permissions.ts, function by function (the HTTP behaviour is tested in
// authorization.test.ts and authorization-auth.test.ts).
import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  AuthorizationType,
  authorizationExceptionBody,
  createEngineState,
  isCamundaAdmin,
  missingAuthorization,
  permissionBits,
  permissionForName,
  permissionNames,
  permissionsOf,
  requiredAdminBody,
  RESOURCE_CONSTANTS,
  RESOURCE_NAMES,
  ResourceType,
  storedBits,
} from './index.js';
import { loadSample } from './samples.js';

describe('403 bodies', () => {
  it('reproduces auth-denied-group-create.json (no resource id)', () => {
    expect(authorizationExceptionBody('john', [missingAuthorization('CREATE', ResourceType.GROUP, null)])).toEqual(loadSample('auth-denied-group-create'));
  });

  it('reproduces auth-denied-migration-execute-async.json (with a resource id)', () => {
    expect(authorizationExceptionBody('john', [missingAuthorization('READ', ResourceType.PROCESS_DEFINITION, 'refengine-demo')])).toEqual(
      loadSample('auth-denied-migration-execute-async'),
    );
  });

  it('lists several missing authorizations as a disjunction, without the deprecated fields or a full stop', () => {
    const body = authorizationExceptionBody('u', [
      missingAuthorization('DELETE', ResourceType.USER, 'Mary'),
      missingAuthorization('CREATE', ResourceType.BATCH, null),
    ]);
    expect(body).toEqual({
      type: 'AuthorizationException',
      message:
        "The user with id 'u' does not have one of the following permissions: 'DELETE' permission on resource 'Mary' of type 'User' or 'CREATE' permission on resource 'Batch'",
      code: 0,
      userId: 'u',
      resourceName: null,
      resourceId: null,
      permissionName: null,
      missingAuthorizations: [
        { permissionName: 'DELETE', resourceName: 'User', resourceId: 'Mary' },
        { permissionName: 'CREATE', resourceName: 'Batch', resourceId: null },
      ],
    });
  });

  it('builds ENGINE-03029 and ENGINE-03110 with no user and no missing authorizations', () => {
    expect(requiredAdminBody()).toEqual({
      type: 'AuthorizationException',
      message: 'ENGINE-03029 Required admin authenticated group or user.',
      code: 0,
      userId: null,
      resourceName: null,
      resourceId: null,
      permissionName: null,
      missingAuthorizations: [],
    });
    expect(requiredAdminBody([missingAuthorization('DELETE', ResourceType.SYSTEM, null)])).toMatchObject({
      message: "ENGINE-03110 Required admin authenticated group or user or any of the following permissions: 'DELETE' permission on resource 'System'.",
      missingAuthorizations: [],
    });
  });
});

describe('tables', () => {
  it('names every resource type like Resources and EntityTypes', () => {
    expect(Object.keys(RESOURCE_NAMES).map(Number)).toEqual(Object.values(ResourceType));
    expect(RESOURCE_CONSTANTS[17]).toBe('OPERATION_LOG_CATEGORY');
    expect(RESOURCE_NAMES[17]).toBe('OperationLogCatgeory');
    expect(RESOURCE_NAMES[3]).toBe('Group membership');
  });

  it('has one enum per resource type, NONE and ALL first, unique names and bits', () => {
    for (const resourceType of [...Object.values(ResourceType), 99]) {
      const permissions = permissionsOf(resourceType);
      expect(permissions.slice(0, 2).map((permission) => permission.name)).toEqual(['NONE', 'ALL']);
      expect(new Set(permissions.map((permission) => permission.name)).size).toBe(permissions.length);
      expect(new Set(permissions.map((permission) => permission.value)).size).toBe(permissions.length);
    }
    expect(permissionsOf(99)).toBe(permissionsOf(ResourceType.USER));
  });

  it('resolves names per resource type', () => {
    expect(permissionForName('SUSPEND', 6)).toMatchObject({ ok: true, permission: { value: 1048576 } });
    expect(permissionForName('SUSPEND', 8)).toMatchObject({ ok: true, permission: { value: 64 } });
    expect(permissionForName('SET', 21)).toMatchObject({ ok: true, permission: { value: 4 } });
    expect(permissionForName('SET', 1)).toEqual({ ok: false, message: "The permission 'SET' is not valid for 'USER' resource type." });
  });
});

describe('stored bits', () => {
  it('resets GRANT/GLOBAL to NONE and REVOKE to ALL, then adds or removes', () => {
    const read = permissionsOf(6).filter((permission) => permission.name === 'READ');
    expect(permissionBits(AuthorizationType.GRANT, read)).toBe(2);
    expect(permissionBits(AuthorizationType.GLOBAL, [])).toBe(0);
    expect(permissionBits(AuthorizationType.REVOKE, read)).toBe(ALL_PERMISSIONS - 2);
    expect(permissionBits(AuthorizationType.REVOKE, [])).toBe(ALL_PERMISSIONS);
  });

  it('round-trips every permission list through the bits, per type', () => {
    for (const resourceType of Object.values(ResourceType)) {
      const names = permissionsOf(resourceType)
        .map((permission) => permission.name)
        .filter((name) => name !== 'NONE' && name !== 'ALL');
      for (const type of [AuthorizationType.GRANT, AuthorizationType.REVOKE]) {
        const bits = storedBits({ type, resourceType, permissions: names });
        expect(permissionNames(type, resourceType, bits)).toEqual(names);
        expect(storedBits({ type, resourceType, permissions: permissionNames(type, resourceType, bits) })).toBe(bits);
      }
      expect(permissionNames(AuthorizationType.GRANT, resourceType, ALL_PERMISSIONS)).toEqual(['ALL']);
      expect(permissionNames(AuthorizationType.REVOKE, resourceType, 0)).toEqual(['ALL']);
    }
  });

  it('ignores names the enum of the record does not know', () => {
    expect(storedBits({ type: AuthorizationType.GRANT, resourceType: 6, permissions: ['READ', 'FLY'] })).toBe(2);
  });
});

describe('isCamundaAdmin', () => {
  it('is membership in camunda-admin', () => {
    const state = createEngineState();
    expect(isCamundaAdmin(state, { userId: 'demo', groupIds: state.groupIdsOf('demo') })).toBe(true);
    expect(isCamundaAdmin(state, { userId: 'john', groupIds: state.groupIdsOf('john') })).toBe(false);
  });
});
