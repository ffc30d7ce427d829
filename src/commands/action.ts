/**
 * How a command's declaration names what it runs: by the name under which its family's actions
 * module exports it. The declaration stays cheap (help, completion and docs need only it); src/cli.ts
 * loads the actions module when one of the family's commands runs.
 */
import type { App } from '../app.js';

/**
 * One command's work: the app, then what commander passes to an action (the operands in order, the
 * command's options, the command itself).
 */
type ActionFunction = (app: App, ...args: never[]) => Promise<void>;

/** The names of the actions an actions module exports. */
type ActionName<M> = { [K in keyof M]: M[K] extends ActionFunction ? K : never }[keyof M] & string;

/** Turns the name of an action into the handler commander calls. */
export type ActionOf<M> = (name: ActionName<M>) => (...args: unknown[]) => Promise<void>;
