// The pure parts of the user family: the policy in words, --name's pattern, the profile merge.
import { describe, expect, it } from 'vitest';
import { mergeProfile } from '../../src/users/changes.js';
import { namePattern } from '../../src/users/listing.js';
import { describeRule } from '../../src/users/policy.js';

describe('describeRule', () => {
  it("says each rule of the engine's default policy in words", () => {
    expect(describeRule({ placeholder: 'PASSWORD_POLICY_LENGTH', parameter: { minLength: '10' } })).toBe('at least 10 characters');
    expect(describeRule({ placeholder: 'PASSWORD_POLICY_DIGIT', parameter: { minDigit: '2' } })).toBe('at least 2 digit(s)');
    expect(describeRule({ placeholder: 'PASSWORD_POLICY_USER_DATA', parameter: null })).toBe("not the user's id, first name, last name or e-mail");
    expect(describeRule({ placeholder: 'PASSWORD_POLICY_SPECIAL', parameter: { minSpecial: '1' } })).toContain('at least 1 special character(s) of  !"#');
  });

  it('shows a rule of a custom policy as the engine names it', () => {
    expect(describeRule({ placeholder: 'MY_RULE', parameter: { max: '3' } })).toBe('MY_RULE (max=3)');
    expect(describeRule({ placeholder: 'MY_RULE' })).toBe('MY_RULE');
  });
});

describe('namePattern', () => {
  it('looks for the text anywhere, or takes a pattern as it is', () => {
    expect(namePattern('ann')).toBe('%ann%');
    expect(namePattern('Ann%')).toBe('Ann%');
  });
});

describe('mergeProfile', () => {
  const current = { id: 'john', firstName: 'John', lastName: 'Doe', email: 'john@example.org' };

  it('keeps what the change leaves out, clears with null, and always sends the id', () => {
    expect(mergeProfile(current, { email: 'j@example.org' })).toEqual({ ...current, email: 'j@example.org' });
    expect(mergeProfile(current, { email: null, lastName: 'Smith' })).toEqual({ id: 'john', firstName: 'John', lastName: 'Smith', email: null });
  });

  it('turns fields the engine left out into null', () => {
    expect(mergeProfile({ id: 'x' }, { firstName: 'X' })).toEqual({ id: 'x', firstName: 'X', lastName: null, email: null });
  });
});
