/**
 * `${NAME}` references in the strings of a file, replaced with the environment's values: config
 * profiles and access files. `$${NAME}` stays literal as `${NAME}`. Keys are never expanded.
 */

export type ValuePath = readonly (string | number)[];

/**
 * A copy of `value` with every string's references replaced. A reference that is not a valid
 * variable name, or names an unset variable, is reported to `fail` with the path of the string
 * (which throws, or records the problem and lets the reference stand).
 */
export function expandEnvironment(value: unknown, env: NodeJS.ProcessEnv, fail: (path: ValuePath, message: string) => void, path: ValuePath = []): unknown {
  if (typeof value === 'string') {
    if (!value.includes('$')) return value;
    return value.replace(/\$(\$?)\{([^}]*)\}/g, (whole, escaped: string, name: string) => {
      if (escaped) return whole.slice(1);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        fail(path, `'\${${name}}' is not a valid environment variable reference`);
        return whole;
      }
      const replacement = env[name];
      if (replacement === undefined) {
        fail(path, `environment variable ${name} is not set`);
        return whole;
      }
      return replacement;
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => expandEnvironment(item, env, fail, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandEnvironment(item, env, fail, [...path, key])]));
  }
  return value;
}
