/**
 * A model file's bytes as text, in the encoding the engine's parser reads it in: a byte order mark,
 * else the XML declaration's encoding, else UTF-8. Bytes that are not text in that encoding are a
 * problem of the file (the engine's parser refuses them too), not an error of the run.
 */

export type DecodedText = { text: string } | { problem: string };

const DECLARED_ENCODING = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/;

export function decodeModelText(bytes: Buffer): DecodedText {
  let encoding = 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    // The declaration is ASCII in every encoding an XML file without a byte order mark may have.
    const declared = DECLARED_ENCODING.exec(bytes.subarray(0, 256).toString('latin1'))?.[1];
    if (declared !== undefined) encoding = declared.toLowerCase();
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    return { problem: `the encoding "${encoding}" of the XML declaration is not one this check can read` };
  }
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return {
      problem: `not ${encoding === 'utf-8' ? 'UTF-8' : encoding} text${encoding === 'utf-8' ? ' (and the XML declaration names no other encoding)' : ''}`,
    };
  }
}
