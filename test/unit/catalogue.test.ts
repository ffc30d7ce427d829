import { describe, expect, it } from 'vitest';
import {
  authorizationTypeName,
  describeResourceType,
  parseAuthorizationType,
  parsePermissions,
  parseResourceType,
  RESOURCE_TYPES,
  validPermissions,
} from '../../src/catalogue/authorization.js';
import { UsageError } from '../../src/exit-codes.js';

describe('resource types', () => {
  it('has codes 0-21 in order, each once', () => {
    expect(RESOURCE_TYPES.map((type) => type.code)).toEqual(Array.from({ length: 22 }, (_, i) => i));
  });

  it.each(RESOURCE_TYPES.map((type) => [type.code, type.constant, type.name] as const))(
    '%i %s is found by code, constant and kebab name',
    (code, constant, name) => {
      expect(parseResourceType(String(code)).code).toBe(code);
      expect(parseResourceType(constant).code).toBe(code);
      expect(parseResourceType(name).code).toBe(code);
      expect(parseResourceType(name.toUpperCase()).code).toBe(code);
      expect(describeResourceType(code)).toBe(`${name} (${code})`);
    },
  );

  it('suggests the closest names for a typo', () => {
    expect(() => parseResourceType('proces-definition')).toThrow(/unknown resource type 'proces-definition' \(did you mean process-definition/);
    expect(() => parseResourceType('22')).toThrow(UsageError);
    expect(describeResourceType(42)).toBe('unknown (42)');
  });
});

describe('permissions', () => {
  it('accepts ALL and NONE for every type, and the engine spelling of each name', () => {
    for (const type of RESOURCE_TYPES) {
      expect(validPermissions(type).slice(0, 2)).toEqual(['ALL', 'NONE']);
      expect(
        parsePermissions(
          type.permissions.map((p) => p.toLowerCase().replaceAll('_', '-')),
          type,
        ),
      ).toEqual(type.permissions);
    }
  });

  it('refuses a permission that exists for another type, naming the type and near names', () => {
    const user = parseResourceType('user');
    expect(() => parsePermissions(['READ_TASK'], user)).toThrow(/permission 'READ_TASK' is not valid for resource type user/);
    expect(() => parsePermissions(['REED'], user)).toThrow(/did you mean READ/);
  });

  it('knows the per-type sets of docs/engine-notes.md#permission-names', () => {
    expect(parseResourceType('batch').permissions).toContain('CREATE_BATCH_MIGRATE_PROCESS_INSTANCES');
    expect(parseResourceType('process-definition').permissions).toContain('MIGRATE_INSTANCE');
    expect(parseResourceType('application').permissions).toEqual(['ACCESS']);
    expect(parseResourceType('group-membership').permissions).toEqual(['CREATE', 'DELETE']);
    expect(parseResourceType('system').permissions).toEqual(['READ', 'SET', 'DELETE']);
    expect(parseResourceType('operation-log-category').resourceName).toBe('OperationLogCatgeory');
  });
});

describe('authorization types', () => {
  it.each([
    ['global', 0],
    ['GRANT', 1],
    ['revoke', 2],
    ['1', 1],
  ])('%s is %i', (name, code) => {
    expect(parseAuthorizationType(name).code).toBe(code);
  });

  it('names codes and refuses others', () => {
    expect(authorizationTypeName(2)).toBe('revoke');
    expect(authorizationTypeName(7)).toBe('unknown (7)');
    expect(() => parseAuthorizationType('allow')).toThrow(/unknown authorization type 'allow'/);
  });
});
