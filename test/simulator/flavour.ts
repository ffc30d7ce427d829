// The products the simulator answers as: Camunda 7.24 (the default) and its forks Operaton 2.1.4 and
// CIB seven 2.2.0. Everything the tool calls answers the same on all three (measured on engines built
// from their sources, test/fixtures/samples/forks/README.md); what differs is here:
//   * GET /version: the product's own numbering (forks/*-version.json);
//   * GET /telemetry/data: product.name, the integration key (operaton-integration on Operaton) and
//     no license-key on Operaton (forks/*-telemetry-data.json);
//   * the Java package of every class name an answer carries: `@class` of statistics answers
//     (forks/*-process-definition-statistics.json) and the classes NullPointerException messages name;
//   * the default admin group, adminGroups (Groups.CAMUNDA_ADMIN / Groups.OPERATON_ADMIN), and the
//     resource id whitelist, generalResourceWhitelistPattern, which on Operaton refuses camunda-admin
//     (forks/operaton-group-create-camunda-admin.json).
// Sources: ProcessEngineConfiguration(.java|Impl.java), authorization/Groups.java and the starters'
// CreateAdminUserConfiguration (the admin group's name) of each product at its release tag.
//
// Written down here on their own, not taken from src/engine/product.ts: the simulator stands for the
// real engines, and the tests check the tool's product knowledge against it.

export type FlavourName = 'camunda' | 'operaton' | 'cibseven';

export interface Flavour {
  name: FlavourName;
  /** GET /version and telemetry's product.version. */
  version: string;
  /** Telemetry's product.name (ProcessEngineConfigurationImpl.PRODUCT_NAME). */
  productName: string;
  /** Package of the engine's classes: `${javaPackage}.engine.rest.dto...`. */
  javaPackage: string;
  /** The default admin group (seeded with demo in it and ALL on every resource type). */
  adminGroup: string;
  /**
   * The admin group's name, as the product's Spring Boot starter creates it (the reference Operaton
   * engine's own set-up calls it 'operaton BPM Administrators'; only the id matters to the engine).
   */
  adminGroupName: string;
  /** generalResourceWhitelistPattern, anchored (Pattern.matches). */
  resourceIdWhitelist: RegExp;
  /** The key of telemetry's integration list (InternalsImpl.SERIALIZED_*_INTEGRATION). */
  integrationKey: string;
  /** Whether telemetry's internals carry `license-key` (Operaton removed it). */
  hasLicenseKey: boolean;
}

export const FLAVOURS: Readonly<Record<FlavourName, Flavour>> = {
  camunda: {
    name: 'camunda',
    version: '7.24.0-SNAPSHOT',
    productName: 'Camunda BPM Runtime',
    javaPackage: 'org.camunda.bpm',
    adminGroup: 'camunda-admin',
    adminGroupName: 'camunda BPM Administrators',
    resourceIdWhitelist: /^(?:[a-zA-Z0-9]+|camunda-admin)$/,
    integrationKey: 'camunda-integration',
    hasLicenseKey: true,
  },
  operaton: {
    name: 'operaton',
    version: '2.1.4',
    productName: 'Operaton BPM Runtime',
    javaPackage: 'org.operaton.bpm',
    adminGroup: 'operaton-admin',
    adminGroupName: 'Operaton BPM Administrators',
    resourceIdWhitelist: /^(?:[a-zA-Z0-9]+|operaton-admin)$/,
    integrationKey: 'operaton-integration',
    hasLicenseKey: false,
  },
  cibseven: {
    name: 'cibseven',
    version: '2.2.0',
    productName: 'CIB seven',
    javaPackage: 'org.cibseven.bpm',
    adminGroup: 'camunda-admin',
    adminGroupName: 'camunda BPM Administrators',
    resourceIdWhitelist: /^(?:[a-zA-Z0-9]+|camunda-admin)$/,
    integrationKey: 'camunda-integration',
    hasLicenseKey: true,
  },
};

export const FLAVOUR_NAMES = Object.keys(FLAVOURS) as FlavourName[];

export function isFlavourName(name: string): name is FlavourName {
  return (FLAVOUR_NAMES as string[]).includes(name);
}
