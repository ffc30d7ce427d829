/**
 * One typed specification of a command's options, from which come its commander declaration
 * (`declareFlags`), the type of the options its action receives (`FlagsOf`), the defaults its help
 * shows, and the values shell completion offers (`completes`, read by ./completion-actions.ts).
 *
 * Why a small table of our own and not @commander-js/extra-typings: extra-typings infers the option
 * type from the builder chain, so the type exists only as the type of a built Command. The actions
 * are in another module, loaded lazily by src/cli.ts: to name their option type they would need
 * `ReturnType` of a declaring function per command, or commands built at module scope. A constant
 * table gives the type to `import type` with no command built, stays as cheap as `.option()` calls
 * (help, completion and the docs load only declarations), adds no dependency, and carries what
 * commander does not know: the completion values of a catalogue.
 *
 * The type follows commander's rules: `--dry-run` is `dryRun?: boolean`, `--out <file>` is
 * `out?: string`, `<types...>` a string[], `--no-headers` is `headers: boolean` (true unless given),
 * a required option or one with a default is always there, and a `parse` function's result is the
 * value.
 */
import { Argument, type Command, Option } from 'commander';

/** Catalogue values offered by shell completion: src/commands/completion-actions.ts reads them when a script is printed. */
export type CompletionSource =
  'authorization-types' | 'resource-types' | 'sort-orders' | 'interval-metric-names' | 'metric-names' | 'batch-types' | 'incident-types' | 'shells';

export interface FlagSpec {
  /** commander's flags: `--out <file>`, `-o, --output <format>`, `--force`, `--no-headers`. */
  readonly flags: string;
  readonly description: string;
  /** Declared with requiredOption: commander refuses the command without it. */
  readonly required?: boolean;
  /** The value when the flag is not given; --help shows it. */
  readonly default?: string;
  /** The only values commander accepts (completion offers them). */
  readonly choices?: readonly string[];
  /** Turns the text into the value at parse time; throws commander's InvalidArgumentError. */
  readonly parse?: (text: string) => unknown;
  /** What completion offers for the value, from a catalogue. */
  readonly completes?: CompletionSource;
}

/** Keeps the literal types of a spec (flag names, choices), from which FlagsOf derives the type. */
export function flagSpec<const S extends readonly FlagSpec[]>(...specs: S): S {
  return specs;
}

/** The long name of flags (`-o, --output <format>` -> `output`). */
type LongName<F extends string> = F extends `${string}--${infer Rest}` ? (Rest extends `${infer Name} ${string}` ? Name : Rest) : never;
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
/** The key commander stores a flag under: `--dry-run` -> `dryRun`, `--no-headers` -> `headers`. */
type KeyOf<F extends string> = LongName<F> extends `no-${infer Negated}` ? CamelCase<Negated> : CamelCase<LongName<F>>;

type ValueOf<S extends FlagSpec> = S extends { parse: (text: string) => infer Parsed }
  ? Parsed
  : S extends { choices: readonly (infer Choice)[] }
    ? Choice
    : S['flags'] extends `${string}<${string}...>`
      ? string[]
      : S['flags'] extends `${string}<${string}>`
        ? string
        : boolean;

/** Always present: required, defaulted, or a negated boolean (true unless `--no-…` is given). */
type IsPresent<S extends FlagSpec> = S extends { required: true }
  ? true
  : S extends { default: string }
    ? true
    : LongName<S['flags']> extends `no-${string}`
      ? true
      : false;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The options object commander passes to the action of a command declared with these specs. */
export type FlagsOf<Specs extends readonly FlagSpec[]> = Simplify<
  { [S in Specs[number] as IsPresent<S> extends true ? KeyOf<S['flags']> : never]: ValueOf<S> } & {
    [S in Specs[number] as IsPresent<S> extends true ? never : KeyOf<S['flags']>]?: ValueOf<S>;
  }
>;

/** An option that knows what completion offers for its value. */
export class SpecOption extends Option {
  completes: CompletionSource | undefined;
}

/** Declares the options of a spec on a command, in the spec's order. */
export function declareFlags<C extends Command>(command: C, specs: readonly FlagSpec[]): C {
  for (const spec of specs) {
    const option = new SpecOption(spec.flags, spec.description);
    if (spec.required) option.makeOptionMandatory();
    if (spec.choices) option.choices(spec.choices);
    if (spec.parse) option.argParser(spec.parse);
    if (spec.default !== undefined) option.default(spec.default);
    option.completes = spec.completes;
    command.addOption(option);
  }
  return command;
}

/** An operand that knows what completion offers for it (`metrics sum <name>`). */
export class SpecArgument extends Argument {
  completes: CompletionSource | undefined;
}

/** An operand for `command.addArgument`, with the catalogue completion offers for it. */
export function completingArgument(name: string, description: string, completes: CompletionSource): SpecArgument {
  const argument = new SpecArgument(name, description);
  argument.completes = completes;
  return argument;
}
