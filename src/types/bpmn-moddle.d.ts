// bpmn-moddle ships types for its model (bpmn-moddle/types) but none for its entry point: this is the
// part of it src/bpmn/model.ts uses. Elements are read through src/bpmn/model.ts, which checks what it reads.
declare module 'bpmn-moddle' {
  /** A parsed element: its type name (`bpmn:UserTask`), its properties, and the moddle helpers. */
  export interface ModdleElement {
    readonly $type: string;
    $instanceOf(type: string): boolean;
    get(name: string): unknown;
    readonly [property: string]: unknown;
  }

  export interface ParseWarning {
    message: string;
  }

  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: ParseWarning[];
  }

  export interface Moddle {
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
  }

  /** A moddle for BPMN 2.0 plus the extension packages given (camunda-bpmn-moddle's descriptor). */
  export function BpmnModdle(packages?: Record<string, unknown>, options?: Record<string, unknown>): Moddle;
}
