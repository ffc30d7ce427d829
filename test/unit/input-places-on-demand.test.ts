// The yaml library loaded only when a problem needs a place (src/input/place-loader.ts): a parser run
// on demand ends as it does with the library given, or asks for the library (PlacesNeeded), never
// otherwise; withPlaces then gives what the parser gives with the library. This file never loads the
// library through the loader before its last tests, so the on-demand runs really are without it; the
// modules are imported anew (test files share modules, vitest.config.ts `isolate: false`).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as LoaderModule from '../../src/input/place-loader.js';
import type { PlacesAccess } from '../../src/input/place-loader.js';
import * as places from '../../src/input/places.js';
import type * as PlanModule from '../../src/plans/load.js';
import type * as OverridesModule from '../../src/plans/overrides.js';

type Loader = typeof LoaderModule;
type PlanLoader = typeof PlanModule;
type OverridesLoader = typeof OverridesModule;
let loader: Loader;
let load: PlanLoader;
let overridesLoader: OverridesLoader;
beforeAll(async () => {
  vi.resetModules();
  loader = await import('../../src/input/place-loader.js');
  load = await import('../../src/plans/load.js');
  overridesLoader = await import('../../src/plans/overrides.js');
});

const HEAD = 'source: invoice:1\ntarget: invoice:2\n';
const INSTRUCTION = '  - sourceActivityIds: [a]\n    targetActivityIds: [b]\n';

type Parser = (text: string, access: PlacesAccess) => unknown;
const plan: Parser = (text, access) => {
  const { plan: read, warnings, format, shape } = load.parsePlan(text, 'plan.yaml', access);
  return { read, warnings, format, shape };
};
const query: Parser = (text, access) => load.parseQueryFile(text, 'query.yaml', access);
const variables: Parser = (text, access) => load.parseVariables(text, 'variables.yaml', access);
const overrides: Parser = (text, access) => overridesLoader.parseOverrides(text, 'overrides.yaml', access);

/** Name, parser, text, and whether the parser needs the library for it (a problem or warning to place). */
const cases: [string, Parser, string, boolean][] = [
  ['a good plan', plan, `${HEAD}instructions:\n${INSTRUCTION}`, false],
  [
    'a good plan in JSON',
    plan,
    JSON.stringify({ source: 'invoice:1', target: 'invoice:2', instructions: [{ sourceActivityIds: ['a'], targetActivityIds: ['b'] }] }),
    false,
  ],
  ['a plan with a warning', plan, `${HEAD}instructions: []\n`, true],
  ['a plan with aliases within the policy', plan, `${HEAD}instructions:\n  - sourceActivityIds: &same [a]\n    targetActivityIds: *same\n`, false],
  ['an empty plan', plan, '  \n', false],
  ['YAML syntax', plan, `${HEAD}instructions: [\n`, true],
  ['JSON syntax', plan, '{"source": "invoice:1",, }', true],
  ['a duplicate key', plan, `${HEAD}source: invoice:3\ninstructions: []\n`, true],
  ['a duplicate key in JSON', plan, '{"source": "a:1", "source": "a:2", "target": "b:1", "instructions": []}', true],
  ['an alias without anchor', plan, `${HEAD}instructions: *none\n`, true],
  ['nested too deeply', plan, `${HEAD}instructions: ${'['.repeat(70)}${']'.repeat(70)}\n`, true],
  ['a control character', plan, `${HEAD}instructions: []\ntenantId: "a\\x01"\n`, true],
  ['an unknown property', plan, `${HEAD}instructions:\n${INSTRUCTION}    updateEventTriggers: true\n`, true],
  ['a check of the plan', plan, `${HEAD}instructions:\n${INSTRUCTION}${INSTRUCTION}`, true],
  ['not an object', plan, '- a\n- b\n', true],
  ['a good query', query, 'businessKey: order-1\n', false],
  ['a query field of the wrong type', query, 'businessKey: [1]\n', true],
  ['good variables', variables, 'note: { value: x, type: String }\n', false],
  ['a variable of the wrong type', variables, 'note: { value: x, type: 3 }\n', true],
  ['good overrides', overrides, `instructions:\n${INSTRUCTION}`, false],
  ['overrides with a version that is none', overrides, 'versions:\n  latest: { skip: true }\n', true],
];

/** What a parser gives: its result, or its error's class and message. */
function outcome(parse: () => unknown): unknown {
  try {
    return { result: parse() };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

let onDemand: PlacesAccess;

describe('a parser run on demand, without the yaml library', () => {
  it('gets the on-demand access from withPlaces while the library is not loaded', async () => {
    await loader.withPlaces((access) => {
      onDemand = access;
      return undefined;
    });
    expect(onDemand).not.toBe(places);
  });

  it.each(cases)('%s: the same outcome as with the library, or PlacesNeeded', (_name, parse, text, needsLibrary) => {
    const onDemandOutcome = outcome(() => parse(text, onDemand));
    if (needsLibrary) expect(onDemandOutcome).toEqual({ error: 'PlacesNeeded', message: new loader.PlacesNeeded().message });
    else expect(onDemandOutcome).toEqual(outcome(() => parse(text, places)));
  });
});

describe('withPlaces', () => {
  it.each(cases)('%s: what the parser gives with the library', async (_name, parse, text) => {
    const withLibrary = outcome(() => parse(text, places));
    let viaLoader: unknown;
    try {
      viaLoader = { result: await loader.withPlaces((access) => parse(text, access)) };
    } catch (error) {
      viaLoader = { error: (error as Error).name, message: (error as Error).message };
    }
    expect(viaLoader).toEqual(withLibrary);
  });

  it("places a plan's keys after it was read on demand (LoadedPlan.locate, for drift)", async () => {
    const text = `${HEAD}sourceProcessDefinitionId: invoice:1:abc\ninstructions:\n${INSTRUCTION}`;
    const loaded = await loader.withPlaces((access) => load.parsePlan(text, 'plan.yaml', access));
    expect(await loaded.locate(['sourceProcessDefinitionId'])).toEqual({ line: 3, column: 1 });
    expect(await loaded.locate(['target'])).toEqual({ line: 2, column: 1 });
  });
});
