/**
 * Camunda 7 and its forks Operaton and CIB seven: the one place that knows which product an engine
 * is and where the products differ (docs/engines.md). Everything else in the tool is the same on all
 * three (measured: every command's requests, status codes, error bodies and field names).
 *
 * Versions are never compared across products: each numbers its own releases (a fork's 2.x is not
 * older than Camunda's 7.x, and Operaton 2.x cannot be told from CIB seven 2.x by the version alone).
 * A product's version scheme only says what its numbers look like.
 */

type ProductId = 'camunda' | 'operaton' | 'cibseven';

export interface Product {
  readonly id: ProductId;
  /** What the tool calls it. */
  readonly name: string;
  /** `product.name` of GET /telemetry/data as this product's current releases send it. */
  readonly telemetryName: string;
  /** The package of the engine's Java classes: the `@class` of statistics answers names it. */
  readonly javaPackage: string;
  /** The engine's default admin group (its `adminGroups`): members pass every admin-only check. */
  readonly adminGroup: string;
  /** The default `generalResourceWhitelistPattern`: group, user and tenant ids must match it. */
  readonly resourceIdPattern: string;
  /** How the product numbers its releases, for people; never used to compare with another product's. */
  readonly versionScheme: string;
  /** The release camunda-admin was checked against on a real engine. */
  readonly checkedRelease: string;
}

export const CAMUNDA: Product = {
  id: 'camunda',
  name: 'Camunda 7',
  telemetryName: 'Camunda BPM Runtime',
  javaPackage: 'org.camunda.bpm',
  adminGroup: 'camunda-admin',
  resourceIdPattern: '[a-zA-Z0-9]+|camunda-admin',
  versionScheme: '7.MINOR.PATCH (Community Edition ended with 7.24)',
  checkedRelease: '7.24.0',
};

export const OPERATON: Product = {
  id: 'operaton',
  name: 'Operaton',
  telemetryName: 'Operaton BPM Runtime',
  javaPackage: 'org.operaton.bpm',
  adminGroup: 'operaton-admin',
  resourceIdPattern: '[a-zA-Z0-9]+|operaton-admin',
  versionScheme: "its own MAJOR.MINOR.PATCH from 1.0 (2025), not Camunda's",
  checkedRelease: '2.1.4',
};

export const CIB_SEVEN: Product = {
  id: 'cibseven',
  name: 'CIB seven',
  telemetryName: 'CIB seven',
  javaPackage: 'org.cibseven.bpm',
  adminGroup: 'camunda-admin',
  resourceIdPattern: '[a-zA-Z0-9]+|camunda-admin',
  versionScheme: "its own MAJOR.MINOR.PATCH from 1.0 (2024), not Camunda's; 1.0 called itself 7.22.0-cibseven",
  checkedRelease: '2.2.0',
};

export const PRODUCTS: readonly Product[] = [CAMUNDA, OPERATON, CIB_SEVEN];

/**
 * The product behind a GET /telemetry/data answer. Current releases name themselves (`Camunda BPM
 * Runtime`, `Operaton BPM Runtime`, `CIB seven`); CIB seven 1.x still sent Camunda's name, with a
 * version outside Camunda's scheme (1.0: `7.22.0-cibseven`, 1.1: `1.1.x`), so Camunda's name counts
 * as Camunda only with a Camunda version. Undefined for a name no product sends.
 */
export function productFromTelemetry(name: string, version: string | null | undefined): Product | undefined {
  const spelled = name.trim().toLowerCase();
  if (spelled.includes('operaton')) return OPERATON;
  if (/\bcib\s*seven\b/.test(spelled)) return CIB_SEVEN;
  if (!spelled.includes('camunda')) return undefined;
  if (version === null || version === undefined) return CAMUNDA;
  return hasCamundaVersionScheme(version) ? CAMUNDA : CIB_SEVEN;
}

/** Without a product name (GET /telemetry/data refused to a non-admin): a version outside Camunda's 7.x scheme is a fork's. */
export function isForkVersion(version: string): boolean {
  return !hasCamundaVersionScheme(version);
}

/** Camunda 7 numbered every release 7.x; CIB seven 1.0 marked its 7.22 base with a suffix. */
function hasCamundaVersionScheme(version: string): boolean {
  return /^7\.\d+/.test(version.trim()) && !/cibseven/i.test(version);
}

/**
 * The product whose Java classes these are (`@class` of a statistics answer, the class names in a
 * NullPointerException's message): `org.operaton.bpm…`, `org.cibseven.bpm…`, `org.camunda.bpm…`.
 * CIB seven 1.0 kept Camunda's packages, so `org.camunda` is Camunda or CIB seven 1.0.
 */
export function productFromJavaClass(className: string): Product | undefined {
  return PRODUCTS.find((product) => className.startsWith(`${product.javaPackage}.`));
}

/**
 * A feature's first release, for a label: "Camunda 7.17+". The catalogues date what they know by
 * Camunda's releases; every release of Operaton and CIB seven builds on Camunda 7.22 or later and
 * has all of it, so the number is never held against a fork's own version.
 */
export function sinceLabel(camundaRelease: string): string {
  return `Camunda ${camundaRelease}+`;
}

/** The Camunda release that brought GET /telemetry/data, where an engine names its product; every fork has it. */
export const TELEMETRY_DATA_SINCE = '7.17';

/** The products' default admin groups, each once: all an engine of unknown product may have. */
export function knownAdminGroups(): string[] {
  return [...new Set(PRODUCTS.map((product) => product.adminGroup))];
}

/**
 * Why the engine refused an id as "not a valid resource identifier": each product's default pattern
 * or, when the id is one product's admin group, that the engine is another product (Operaton's
 * pattern refuses camunda-admin).
 */
export function resourceIdHint(refusedId: string | undefined): string {
  const owners = PRODUCTS.filter((product) => product.adminGroup === refusedId);
  const others = PRODUCTS.filter((product) => product.adminGroup !== refusedId);
  const other = others[0];
  if (refusedId !== undefined && owners.length > 0 && other !== undefined && others.every((product) => product.adminGroup === other.adminGroup)) {
    return `'${refusedId}' is the admin group of ${namesOf(owners)}, not of ${namesOf(others)} (default whitelist ${other.resourceIdPattern}, admin group ${other.adminGroup})`;
  }
  const patterns = [...new Set(PRODUCTS.map((product) => product.resourceIdPattern))]
    .map((pattern) => `${pattern} (${namesOf(PRODUCTS.filter((product) => product.resourceIdPattern === pattern))})`)
    .join(' or ');
  return `the engine only accepts ids matching its whitelist pattern, by default ${patterns}`;
}

/** "Camunda 7 and CIB seven". */
function namesOf(products: readonly Product[]): string {
  return products.map((product) => product.name).join(' and ');
}
