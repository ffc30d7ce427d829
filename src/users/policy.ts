/**
 * The engine's password policy in words: when the engine refuses a password ("Password does not match
 * policy", SaveUserCmd), the answer names the rules it broke, from POST /identity/password-policy,
 * and the whole policy from GET (docs/engine-notes.md#users).
 */
import type { PasswordPolicyRule, ProfileBody, UserApi } from '../engine/users.js';
import { EngineHttpError } from '../engine/errors.js';
import { CliError, ExitCode } from '../exit-codes.js';

/** SaveUserCmd's ProcessEngineException (a 500) when the new password breaks the policy. */
const POLICY_REFUSAL = /Password does not match policy/;

export function isPolicyRefusal(error: unknown): boolean {
  return error instanceof EngineHttpError && error.body !== undefined && POLICY_REFUSAL.test(error.body.message);
}

/** The engine's special characters (PasswordPolicySpecialCharacterRuleImpl.SPECIALCHARACTERS). */
const SPECIAL_CHARACTERS = ` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;

/** One rule of the policy in words: the engine's placeholders, with their parameters; an unknown one as it is. */
export function describeRule(rule: PasswordPolicyRule): string {
  const parameter = (name: string): string => rule.parameter?.[name] ?? '?';
  switch (rule.placeholder) {
    case 'PASSWORD_POLICY_LENGTH':
      return `at least ${parameter('minLength')} characters`;
    case 'PASSWORD_POLICY_LOWERCASE':
      return `at least ${parameter('minLowerCase')} lower-case letter(s)`;
    case 'PASSWORD_POLICY_UPPERCASE':
      return `at least ${parameter('minUpperCase')} upper-case letter(s)`;
    case 'PASSWORD_POLICY_DIGIT':
      return `at least ${parameter('minDigit')} digit(s)`;
    case 'PASSWORD_POLICY_SPECIAL':
      return `at least ${parameter('minSpecial')} special character(s) of ${SPECIAL_CHARACTERS}`;
    case 'PASSWORD_POLICY_USER_DATA':
      return "not the user's id, first name, last name or e-mail";
    default: {
      const parameters = Object.entries(rule.parameter ?? {}).map(([name, value]) => `${name}=${value ?? ''}`);
      return parameters.length === 0 ? rule.placeholder : `${rule.placeholder} (${parameters.join(', ')})`;
    }
  }
}

/**
 * The error for a password the policy refused: the broken rules in the line, the whole policy in the
 * hint. Asking the engine which rules broke sends the password once more, to the same engine; when
 * that fails, the policy alone is named.
 */
export async function policyRefusal(users: UserApi, password: string, profile: ProfileBody): Promise<CliError> {
  const check = await users.checkPassword(password, profile).catch(() => null);
  const policy = check ?? (await users.passwordPolicy().catch(() => null));
  if (!policy) return new CliError("the engine's password policy refused the password", ExitCode.EngineRejected);
  const all = policy.rules.map(describeRule).join('; ');
  const broken = check ? check.rules.filter((rule) => !rule.valid).map(describeRule) : [];
  const line =
    broken.length > 0 ? `the engine's password policy refused the password: ${broken.join('; ')}` : "the engine's password policy refused the password";
  return new CliError(line, ExitCode.EngineRejected, `the policy: ${all}`);
}
