// src/engine/product.ts against the answers of real Camunda 7.24, Operaton 2.1.4 and CIB seven 2.2.0
// engines (test/fixtures/samples/forks/) and, for older releases, against what their sources say.
import { describe, expect, it } from 'vitest';
import {
  CAMUNDA,
  CIB_SEVEN,
  knownAdminGroups,
  OPERATON,
  PRODUCTS,
  productFromJavaClass,
  productFromTelemetry,
  resourceIdHint,
} from '../../src/engine/product.js';
import { loadForkSample } from '../simulator/samples.js';

interface Telemetry {
  product: { name: string; version: string };
}

describe('the product of a real engine', () => {
  it.each([
    ['camunda', CAMUNDA],
    ['operaton', OPERATON],
    ['cibseven', CIB_SEVEN],
  ] as const)("%s: from telemetry's product.name and version, and from @class", (capture, product) => {
    const { name, version } = loadForkSample<Telemetry>(`${capture}-telemetry-data`).product;
    expect(productFromTelemetry(name, version)).toBe(product);
    expect(name).toBe(product.telemetryName);
    const [statistics] = loadForkSample<{ '@class': string }[]>(`${capture}-process-definition-statistics`);
    expect(productFromJavaClass(statistics?.['@class'] ?? '')).toBe(product);
  });

  it('never takes a version for the product: Operaton 2.x and CIB seven 2.x are told apart by name only', () => {
    expect(loadForkSample<{ version: string }>('operaton-version').version.split('.')[0]).toBe(
      loadForkSample<{ version: string }>('cibseven-version').version.split('.')[0],
    );
    expect(productFromTelemetry('Operaton BPM Runtime', '2.2.0')).toBe(OPERATON);
    expect(productFromTelemetry('CIB seven', '2.1.4')).toBe(CIB_SEVEN);
  });
});

describe('older releases (from their sources)', () => {
  it("CIB seven 1.x still sent Camunda's name, with a version outside Camunda's scheme", () => {
    // 1.0: Camunda's packages and version 7.22.0-cibseven; 1.1: org.cibseven packages, version 1.1.x.
    expect(productFromTelemetry('Camunda BPM Runtime', '7.22.0-cibseven')).toBe(CIB_SEVEN);
    expect(productFromTelemetry('Camunda BPM Runtime', '1.1.1')).toBe(CIB_SEVEN);
    expect(productFromJavaClass('org.cibseven.bpm.engine.rest.dto.repository.ActivityStatisticsResultDto')).toBe(CIB_SEVEN);
  });

  it("Camunda's name with a Camunda version is Camunda, whichever 7.x", () => {
    expect(productFromTelemetry('Camunda BPM Runtime', '7.17.0')).toBe(CAMUNDA);
    expect(productFromTelemetry('Camunda BPM Runtime', '7.24.0-SNAPSHOT')).toBe(CAMUNDA);
    expect(productFromTelemetry('Camunda BPM Runtime', null)).toBe(CAMUNDA);
  });

  it('knows no product of a name none of them sends', () => {
    expect(productFromTelemetry('Flowable', '7.1.0')).toBeUndefined();
    expect(productFromJavaClass('org.flowable.rest.Dto')).toBeUndefined();
  });
});

describe('admin groups and the id whitelist', () => {
  it("an engine of unknown product may have any product's admin group", () => {
    expect(OPERATON.adminGroup).toBe('operaton-admin');
    expect(CIB_SEVEN.adminGroup).toBe('camunda-admin');
    expect(knownAdminGroups()).toEqual(['camunda-admin', 'operaton-admin']);
  });

  it("each product's whitelist takes its own admin group and refuses the other", () => {
    for (const product of PRODUCTS) {
      const whitelist = new RegExp(`^(?:${product.resourceIdPattern})$`);
      for (const group of knownAdminGroups()) expect(whitelist.test(group), `${product.name}: ${group}`).toBe(group === product.adminGroup);
    }
  });

  it('says whose admin group a refused id is', () => {
    expect(resourceIdHint('camunda-admin')).toBe(
      "'camunda-admin' is the admin group of Camunda 7 and CIB seven, not of Operaton (default whitelist [a-zA-Z0-9]+|operaton-admin, admin group operaton-admin)",
    );
    expect(resourceIdHint('operaton-admin')).toBe(
      "'operaton-admin' is the admin group of Operaton, not of Camunda 7 and CIB seven (default whitelist [a-zA-Z0-9]+|camunda-admin, admin group camunda-admin)",
    );
    expect(resourceIdHint('my-group')).toBe(
      'the engine only accepts ids matching its whitelist pattern, by default [a-zA-Z0-9]+|camunda-admin (Camunda 7 and CIB seven) or [a-zA-Z0-9]+|operaton-admin (Operaton)',
    );
  });
});
