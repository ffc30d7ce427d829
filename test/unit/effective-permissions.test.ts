// The offline evaluator (src/authorizations/effective.ts) against the engine's precedence rules, case
// by case and against the simulator's own model of the authCheck SQL (test/simulator/permissions.ts),
// written independently, over many random sets of authorizations.
import { describe, expect, it } from 'vitest';
import { type AuthorizationRow, decide, explain, linesFor, revokeChecksApply, type Subject } from '../../src/authorizations/effective.js';
import { createEngineState, isAuthorized, permissionOf, type AuthorizationRecord } from '../simulator/index.js';

const PD = 6;
let next = 0;
function row(fields: Partial<AuthorizationRow> & Pick<AuthorizationRow, 'type' | 'permissions'>): AuthorizationRow {
  next += 1;
  return { id: `a${String(next).padStart(3, '0')}`, userId: null, groupId: null, resourceType: PD, resourceId: '*', ...fields };
}
const grant = (owner: { userId?: string; groupId?: string }, resourceId: string, permissions: string[]) => row({ type: 1, ...owner, resourceId, permissions });
const revoke = (owner: { userId?: string; groupId?: string }, resourceId: string, permissions: string[]) => row({ type: 2, ...owner, resourceId, permissions });
const global = (resourceId: string, permissions: string[]) => row({ type: 0, userId: '*', resourceId, permissions });

const john: Subject = { userId: 'john', groupIds: ['sales', 'audit'] };
const granted = (rows: AuthorizationRow[], permission: string, resourceId: string | null = 'invoice', subject = john) =>
  decide(rows, subject, { resourceType: PD, resourceId, permission }).granted;

describe("one check, by the engine's lines", () => {
  it('the user level beats the group level, whatever the place', () => {
    const rows = [grant({ userId: 'john' }, '*', ['READ']), revoke({ groupId: 'sales' }, 'invoice', ['READ'])];
    expect(granted(rows, 'READ')).toBe(true);
    const reversed = [revoke({ userId: 'john' }, '*', ['READ']), grant({ groupId: 'sales' }, 'invoice', ['READ'])];
    expect(granted(reversed, 'READ')).toBe(false);
  });

  it('the group level beats the global level', () => {
    expect(granted([revoke({ groupId: 'sales' }, '*', ['READ']), global('*', ['ALL'])], 'READ')).toBe(false);
    expect(granted([grant({ groupId: 'audit' }, '*', ['READ']), global('invoice', [])], 'READ')).toBe(true);
  });

  it('within a level the specific id beats *', () => {
    expect(granted([grant({ userId: 'john' }, '*', ['ALL']), revoke({ userId: 'john' }, 'invoice', ['DELETE'])], 'DELETE')).toBe(false);
    expect(granted([grant({ userId: 'john' }, '*', ['ALL']), revoke({ userId: 'john' }, 'invoice', ['DELETE'])], 'READ')).toBe(true);
    expect(granted([revoke({ groupId: 'sales' }, '*', ['READ']), grant({ groupId: 'sales' }, 'invoice', ['READ'])], 'READ')).toBe(true);
  });

  it('on the same line a grant beats a revoke (one group grants, another revokes)', () => {
    expect(granted([revoke({ groupId: 'sales' }, 'invoice', ['READ']), grant({ groupId: 'audit' }, 'invoice', ['READ'])], 'READ')).toBe(true);
  });

  it('a check of the type as a whole reads only the * rows', () => {
    const rows = [grant({ userId: 'john' }, 'invoice', ['READ'])];
    expect(granted(rows, 'READ', null)).toBe(false);
    expect(granted(rows, 'READ', '*')).toBe(false);
    expect(granted([...rows, global('*', ['READ'])], 'READ', null)).toBe(true);
  });

  it('ALL grants and revokes everything; no matching line is no', () => {
    expect(granted([grant({ groupId: 'sales' }, '*', ['ALL'])], 'MIGRATE_INSTANCE')).toBe(true);
    expect(granted([grant({ groupId: 'sales' }, '*', ['ALL']), revoke({ userId: 'john' }, '*', ['ALL'])], 'READ')).toBe(false);
    expect(granted([grant({ groupId: 'other' }, '*', ['ALL']), grant({ userId: 'mary' }, '*', ['ALL'])], 'READ')).toBe(false);
  });

  it('a GLOBAL row without the permission denies only when revoke checks are on', () => {
    const rows = [global('invoice', ['READ']), global('*', ['ALL'])];
    expect(revokeChecksApply(rows, john)).toBe(false);
    expect(granted(rows, 'UPDATE')).toBe(true);
    // Any REVOKE of the user, of '*' or of a group turns revoke checks on (authorizationCheckRevokes auto).
    const withRevoke = [...rows, revoke({ userId: '*' }, 'other', ['READ'])];
    expect(revokeChecksApply(withRevoke, john)).toBe(true);
    expect(granted(withRevoke, 'UPDATE')).toBe(false);
    expect(decide(rows, john, { resourceType: PD, resourceId: 'invoice', permission: 'UPDATE' }, { revokeChecks: true }).granted).toBe(false);
  });

  it('a group alone: no user lines', () => {
    const sales: Subject = { userId: null, groupIds: ['sales'] };
    expect(linesFor(sales, 'invoice', false).map((line) => `${line.level}/${line.on}`)).toEqual(['group/id', 'group/*', 'global/id', 'global/*']);
    expect(granted([grant({ userId: 'john' }, '*', ['READ']), grant({ groupId: 'sales' }, 'invoice', ['UPDATE'])], 'UPDATE', 'invoice', sales)).toBe(true);
    expect(granted([grant({ userId: 'john' }, '*', ['READ'])], 'READ', 'invoice', sales)).toBe(false);
  });
});

describe('explain', () => {
  it("lists the subject's rows in the engine's order with what each decided", () => {
    const userGrant = grant({ userId: 'john' }, 'invoice', ['READ', 'UPDATE']);
    const groupRevoke = revoke({ groupId: 'sales' }, '*', ['DELETE', 'UPDATE']);
    const groupGrant = grant({ groupId: 'sales' }, '*', ['ALL']);
    const everybody = global('*', ['READ']);
    const elsewhere = grant({ userId: 'john' }, 'payment', ['ALL']);
    const result = explain([everybody, groupRevoke, elsewhere, groupGrant, userGrant], john, { resourceType: PD, resourceId: 'invoice' }, [
      'READ',
      'UPDATE',
      'DELETE',
      'CREATE_INSTANCE',
    ]);
    expect(result.revokeChecks).toBe(true);
    expect(result.decisions.map((decision) => [decision.permission, decision.granted, decision.decidedBy?.row.id])).toEqual([
      ['READ', true, userGrant.id],
      ['UPDATE', true, userGrant.id],
      // Grant and revoke of the group on the same line: the grant wins.
      ['DELETE', true, groupGrant.id],
      ['CREATE_INSTANCE', true, groupGrant.id],
    ]);
    expect(result.rows.map((entry) => [entry.row.id, entry.level, entry.on, entry.grants, entry.revokes])).toEqual([
      [userGrant.id, 'user', 'id', ['READ', 'UPDATE'], []],
      [groupGrant.id, 'group', '*', ['DELETE', 'CREATE_INSTANCE'], []],
      [groupRevoke.id, 'group', '*', [], []],
      [everybody.id, 'global', '*', [], []],
    ]);
  });
});

describe("agrees with the simulator's model of the authCheck SQL", () => {
  const PERMISSIONS = ['READ', 'UPDATE', 'DELETE', 'READ_INSTANCE'];
  const OWNERS = [{ userId: 'john' }, { userId: 'mary' }, { userId: '*' }, { groupId: 'sales' }, { groupId: 'audit' }, { groupId: 'other' }];
  const IDS = ['invoice', '*', 'payment'];

  /** A deterministic pseudo-random sequence (the same cases every run). */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
  }

  it('on 150 random sets of authorizations, for users and every permission and place', () => {
    const pick = random(18);
    const choose = <T>(items: readonly T[]): T => items[Math.floor(pick() * items.length)]!;
    let compared = 0;
    for (let round = 0; round < 150; round++) {
      const rows: AuthorizationRecord[] = [];
      const seen = new Set<string>();
      for (let index = 0, count = 1 + Math.floor(pick() * 6); index < count; index++) {
        const type = choose([0, 1, 1, 2]) as 0 | 1 | 2;
        const owner = type === 0 ? { userId: '*' } : choose(OWNERS);
        const resourceId = choose(IDS);
        const key = `${type}/${owner.userId ?? ''}/${'groupId' in owner ? owner.groupId : ''}/${resourceId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const permissions = pick() < 0.15 ? ['ALL'] : PERMISSIONS.filter(() => pick() < 0.4);
        rows.push({
          id: `r${round}-${index}`,
          type,
          userId: owner.userId ?? null,
          groupId: 'groupId' in owner ? (owner.groupId ?? null) : null,
          resourceType: PD,
          resourceId,
          permissions,
          removalTime: null,
          rootProcessInstanceId: null,
        });
      }
      const state = createEngineState();
      state.authorizations = rows;
      for (const subject of [john, { userId: 'mary', groupIds: [] }, { userId: 'john', groupIds: ['other'] }]) {
        for (const permission of PERMISSIONS) {
          for (const resourceId of ['invoice', null]) {
            const expected = isAuthorized(
              state,
              { userId: subject.userId!, groupIds: [...subject.groupIds] },
              { permission: permissionOf(permission, PD), resourceType: PD, resourceId },
            );
            expect(decide(rows, subject, { resourceType: PD, resourceId, permission }).granted, JSON.stringify({ rows, subject, permission, resourceId })).toBe(
              expected,
            );
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(150 * 3 * 4 * 2);
  });
});
