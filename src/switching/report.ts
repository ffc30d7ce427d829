/** The report of `engine switch-check` (./check.ts builds it, src/render/switch.ts prints it): findings, notes, a summary. */
import type { ReferenceKind } from './resource-scan.js';
import type { SwitchTargetId } from './targets.js';
import type { VariableGroup } from './variable-scan.js';

export interface ResourceFinding {
  /** The process, decision or case whose element holds the reference (a resource holding several is read once). */
  definitionType: 'process' | 'decision' | 'case';
  definitionKey: string;
  version: number;
  definitionId: string;
  tenantId: string | null;
  /** The deployed resource's name (the BPMN file as deployed), or the external script's that holds the reference. */
  resource: string | null;
  line: number;
  column: number;
  kind: ReferenceKind | 'unreadable';
  element: string | null;
  attribute: string | null;
  elementId: string | null;
  /** For a reference in an external script: where the model names the script; null otherwise. */
  runBy: { resource: string | null; line: number; column: number } | null;
  reference: string;
  why: string;
  remedy: string;
}

/** A group of variables (./variable-scan.ts) with its definition named and what it means on the target. */
export interface VariableFinding extends VariableGroup {
  /** The definition's key and version; null when the definition was not read (a case's variable, a definition not readable). */
  definitionKey: string | null;
  version: number | null;
  tenantId: string | null;
  why: string;
  remedy: string;
}

/** A note that is not a finding: what was not checked, advice. */
interface SwitchNote {
  topic: 'version' | 'external-script' | 'visibility';
  message: string;
}

export interface SwitchCheckReport {
  target: SwitchTargetId;
  version: string;
  /** The database schema's version (the newest GET /schema/log entry); null when it could not be read. */
  schemaVersion: string | null;
  /** Why schemaVersion is null: forbidden (403), unavailable (no /schema/log: before 7.11), empty; null when known. */
  schemaVersionUnknownReason: 'forbidden' | 'unavailable' | 'empty' | null;
  /** The engine's product.name (GET /telemetry/data); null when it could not be read. */
  product: string | null;
  /**
   * The fork the engine already is: `operaton`, `cibseven`, or `fork` when only its version (outside
   * Camunda's 7.x) tells it is one of them; null for Camunda 7. Nothing else is checked then.
   */
  alreadySwitchedTo: 'operaton' | 'cibseven' | 'fork' | null;
  /**
   * The credentials see only part of the engine (./visibility.ts): definitions, instances, variables
   * or scripts they may not read were not checked. Counts as something to do for --detailed-exitcode.
   */
  restrictedView: boolean;
  summary: {
    /** Process, decision and case definitions whose XML was read. */
    definitionsScanned: number;
    /** External scripts the check could not read (classpath, expressions, refused): named in the notes. */
    scriptsNotChecked: number;
    resourceFindings: number;
    variablesScanned: number;
    variableFindings: number;
    /** Variables in the variable findings, all groups together. */
    variablesAffected: number;
    identityFindings: number;
    /** All findings: resource and variable groups and identity. */
    findings: number;
  };
  resources: ResourceFinding[];
  variables: VariableFinding[];
  identity: { adminGroup: string; members: string[]; authorizations: number; why: string; remedy: string } | null;
  notes: SwitchNote[];
}
