// Links between the documents (`[text](file.md#anchor)`, `[text](#anchor)`) point at a heading or
// an `<a id>` that is there, as GitHub names headings: lower case, punctuation dropped, spaces as -.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const DOCUMENTS = [
  'README.md',
  ...readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');
}

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(slug(heading[1]!));
    for (const match of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** `docs/x.md` for a link to `x.md` from a document in docs/, `README.md` for `../README.md`. */
function resolve(from: string, target: string): string {
  if (target === '') return from;
  const parts = [...from.split('/').slice(0, -1), ...target.split('/')];
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.') resolved.push(part);
  }
  return resolved.join('/');
}

describe('links between the documents', () => {
  const texts = new Map(DOCUMENTS.map((name) => [name, readFileSync(new URL(name, ROOT), 'utf8')]));
  const anchors = new Map([...texts].map(([name, text]) => [name, anchorsOf(text)]));

  it('name anchors the linked document has', () => {
    const broken: string[] = [];
    for (const [name, text] of texts) {
      text.split('\n').forEach((line, index) => {
        for (const match of line.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)) {
          const target = resolve(name, match[1]!);
          const known = anchors.get(target);
          if (known !== undefined && !known.has(match[2]!)) broken.push(`${name}:${index + 1}: ${match[1]}#${match[2]}`);
        }
      });
    }
    expect(broken).toEqual([]);
  });
});
