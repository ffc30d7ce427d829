/**
 * The multipart/form-data body of POST /deployment/create, as the engine reads it
 * (DeploymentRestServiceImpl, MultipartFormData with commons-fileupload): parts are kept by their
 * field name, so each file has a field of its own; the resource's name is the part's file name;
 * the text fields are read only from parts without a content type (or text/plain). The body is a
 * list of byte arrays sent one after the other: the files' bytes are not copied.
 */
import { randomBytes } from 'node:crypto';

export interface FormFields {
  name?: string | undefined;
  source?: string | undefined;
  tenantId?: string | undefined;
  /** enable-duplicate-filtering: nothing is deployed when no resource changed, all of them when one did. */
  duplicateFiltering: boolean;
  /** deploy-changed-only: only the changed resources are deployed (implies duplicate filtering). */
  changedOnly: boolean;
}

export interface FormResource {
  /** The resource's name in the deployment (a path relative to the directory given, '/' between names). */
  name: string;
  bytes: Uint8Array;
}

export interface MultipartForm {
  bytes: Uint8Array[];
  contentType: string;
  byteLength: number;
}

/** Characters commons-fileupload's header parser cannot carry in a quoted file name. */
export const UNSENDABLE_NAME = /["\\\r\n]/;

export function deploymentForm(fields: FormFields, resources: readonly FormResource[]): MultipartForm {
  const boundary = `camunda-admin-${randomBytes(12).toString('hex')}`;
  const parts: Uint8Array[] = [];
  const text = (name: string, value: string): void => {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  };
  if (fields.name !== undefined) text('deployment-name', fields.name);
  if (fields.source !== undefined) text('deployment-source', fields.source);
  if (fields.tenantId !== undefined) text('tenant-id', fields.tenantId);
  if (fields.duplicateFiltering || fields.changedOnly) text('enable-duplicate-filtering', 'true');
  if (fields.changedOnly) text('deploy-changed-only', 'true');
  resources.forEach((resource, index) => {
    if (UNSENDABLE_NAME.test(resource.name)) throw new Error(`resource name ${JSON.stringify(resource.name)} cannot be sent`);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resource-${index + 1}"; filename="${resource.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        'utf8',
      ),
      resource.bytes,
      Buffer.from('\r\n', 'utf8'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { bytes: parts, contentType: `multipart/form-data; boundary=${boundary}`, byteLength: parts.reduce((total, part) => total + part.byteLength, 0) };
}
