// multipart/form-data as the engine's commons-fileupload reads it (MultipartPayloadProvider, MultipartFormData.FormPart):
// the parts in order with their field name, file name, content type and bytes; the text only of a part
// without a content type or with text/plain. POST /deployment/create reads its form with it
// (deployments.ts); the e2e contract check reads the multipart bodies the CLI sends with it too.

export interface FormPart {
  fieldName: string;
  fileName: string | null;
  contentType: string | null;
  bytes: Buffer;
  /** Only for parts without a content type or with text/plain (FormPart's constructor). */
  text: string | null;
}

function headerParameter(header: string, name: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
  return match === null ? null : (match[1] ?? match[2] ?? '');
}

/** The parts of the body, or undefined when it is not a multipart body the parser can read. */
export function parseMultipart(contentType: string, body: Buffer): FormPart[] | undefined {
  const boundary = headerParameter(contentType, 'boundary');
  if (!/^multipart\/form-data/i.test(contentType) || boundary === null || boundary === '') return undefined;
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const parts: FormPart[] = [];
  let index = body.indexOf(delimiter);
  if (index === -1) return undefined;
  for (;;) {
    index += delimiter.length;
    if (body.subarray(index, index + 2).toString('latin1') === '--') return parts;
    index = body.indexOf('\r\n', index);
    if (index === -1) return undefined;
    index += 2;
    const headerEnd = body.indexOf('\r\n\r\n', index);
    if (headerEnd === -1) return undefined;
    const headers = new Map<string, string>();
    for (const line of body.subarray(index, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]), headerEnd + 4);
    if (next === -1) return undefined;
    const bytes = body.subarray(headerEnd + 4, next);
    const disposition = headers.get('content-disposition') ?? '';
    const contentTypeOfPart = headers.get('content-type') ?? null;
    parts.push({
      fieldName: headerParameter(disposition, 'name') ?? '',
      fileName: headerParameter(disposition, 'filename'),
      contentType: contentTypeOfPart,
      bytes: Buffer.from(bytes),
      text: contentTypeOfPart === null || contentTypeOfPart.includes('text/plain') ? bytes.toString('utf8') : null,
    });
    index = next + 2;
  }
}
