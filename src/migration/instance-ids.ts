/**
 * A set of process instance ids in the order first added, kept as UTF-8 bytes in one buffer with
 * an open-addressing hash table over them. A million ids cost about 50 MB here, where a Set of
 * strings costs twice that and spends most of a second hashing (docs/performance.md): strings are
 * made only for the page of ids being sent or printed.
 */

/** What the dry run and the lookups need of a list of ids: a `string[]` is one too. */
export interface IdList {
  readonly length: number;
  slice(start: number, end?: number): string[];
  /** The ids as JSON array elements without a string per id (InstanceIdSet.jsonElements). */
  jsonElements?(start: number, end: number, indent?: string): string | undefined;
}

const EMPTY = 0;

/** FNV-1a over bytes: cheap, and good enough for ids that differ in a few hex digits. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return hash;
}

export class InstanceIdSet implements IdList, Iterable<string> {
  private used = 0;
  /** starts[i] is where id i begins; id i ends where id i + 1 begins (or at `used`). */
  private starts: Int32Array = new Int32Array(1024);
  private hashes: Int32Array = new Int32Array(1024);
  /** Slots hold 1 + the index of an id, or EMPTY. */
  private table: Int32Array = new Int32Array(2048);
  private count = 0;
  private scratch = Buffer.allocUnsafe(0);

  private bytes = Buffer.allocUnsafe(1 << 12);

  /** Makes room for `bytes` more bytes of ids at once. */
  reserve(bytes: number): void {
    if (this.used + bytes > this.bytes.length) this.growBytes(bytes);
  }

  get size(): number {
    return this.count;
  }

  get length(): number {
    return this.count;
  }

  add(id: string): boolean {
    const bytes = Buffer.from(id, 'utf8');
    return this.addBytes(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length));
  }

  /** Adds bytes[start, end), whose hashBytes is `hash`; false when the id was there already. */
  addBytes(bytes: Uint8Array, start: number, end: number, hash: number): boolean {
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]!;
      if (entry === EMPTY) break;
      if (this.hashes[entry - 1] === hash && this.equals(entry - 1, bytes, start, end)) return false;
    }
    const length = end - start;
    if (this.used + length > this.bytes.length) this.growBytes(length);
    const into = this.bytes;
    const at = this.used;
    // A loop over locals: ids are a few dozen bytes, too few for a native copy to pay for its call.
    for (let offset = 0; offset < length; offset++) into[at + offset] = bytes[start + offset]!;
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts);
      this.hashes = grown(this.hashes);
    }
    this.starts[this.count] = this.used;
    this.hashes[this.count] = hash;
    this.used += length;
    this.count++;
    if (this.count * 2 > this.table.length) this.rehash();
    else this.place(this.count - 1);
    return true;
  }

  has(id: string): boolean {
    const bytes = Buffer.from(id, 'utf8');
    const hash = hashBytes(bytes, 0, bytes.length);
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]!;
      if (entry === EMPTY) return false;
      if (this.hashes[entry - 1] === hash && this.equals(entry - 1, bytes, 0, bytes.length)) return true;
    }
  }

  get(index: number): string {
    return this.bytes.toString('utf8', this.starts[index]!, this.end(index));
  }

  slice(start = 0, end = this.count): string[] {
    const from = Math.max(0, start < 0 ? this.count + start : start);
    const to = Math.min(this.count, end < 0 ? this.count + end : end);
    const ids: string[] = [];
    for (let index = from; index < to; index++) ids.push(this.get(index));
    return ids;
  }

  /**
   * ids[start, end) as the elements of a JSON array, one string made straight from the bytes: with `indent`, laid out
   * as `JSON.stringify(ids, null, indent)` lays them out without its brackets and last line break
   * (`\n<indent>"a",\n<indent>"b"`), else as `"a","b"`. Undefined when an id needs escaping in JSON
   * (a quote, a backslash or a control character), which JSON.stringify then does.
   */
  jsonElements(start: number, end: number, indent?: string): string | undefined {
    if (end <= start) return '';
    const from = this.starts[start]!;
    const to = this.end(end - 1);
    for (let index = from; index < to; index++) {
      const byte = this.bytes[index]!;
      if (byte < 0x20 || byte === 0x22 || byte === 0x5c) return undefined;
    }
    const separator = Buffer.from(indent === undefined ? '","' : `",\n${indent}"`);
    const lead = indent === undefined ? '"' : `\n${indent}"`;
    const size = lead.length + (to - from) + (end - start - 1) * separator.length + 1;
    // One buffer for every call, so that a million ids leave no trail of buffers for the GC to find.
    if (this.scratch.length < size) this.scratch = Buffer.allocUnsafe(size);
    const text = this.scratch;
    const source = this.bytes;
    const starts = this.starts;
    const separatorLength = separator.length;
    let at = text.write(lead, 0, 'latin1');
    // Byte loops over locals: for ids of a few dozen bytes as fast as a native copy, without a call.
    for (let index = start; index < end; index++) {
      if (index > start) for (let offset = 0; offset < separatorLength; offset++) text[at++] = separator[offset]!;
      const idEnd = index + 1 < this.count ? starts[index + 1]! : this.used;
      for (let offset = starts[index]!; offset < idEnd; offset++) text[at++] = source[offset]!;
    }
    text[at] = 0x22;
    return text.toString('utf8', 0, at + 1);
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let index = 0; index < this.count; index++) yield this.get(index);
  }

  private end(index: number): number {
    return index + 1 < this.count ? this.starts[index + 1]! : this.used;
  }

  private equals(index: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.starts[index]!;
    if (this.end(index) - from !== end - start) return false;
    for (let offset = 0; offset < end - start; offset++) if (this.bytes[from + offset] !== bytes[start + offset]) return false;
    return true;
  }

  private place(index: number): void {
    const mask = this.table.length - 1;
    let slot = this.hashes[index]! & mask;
    while (this.table[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.table[slot] = index + 1;
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2);
    for (let index = 0; index < this.count; index++) this.place(index);
  }

  private growBytes(atLeast: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length + (this.bytes.length >> 1), this.used + atLeast));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }
}

function grown(array: Int32Array): Int32Array {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** ids[start, end) as an IdList, without copying: the chunks of a dry run. Offsets are not negative. */
export function idRange(ids: IdList, start: number, end: number): IdList {
  const length = end - start;
  const within = (offset: number) => start + Math.min(length, Math.max(0, offset));
  return {
    length,
    slice: (from = 0, to = length) => ids.slice(within(from), within(to)),
    ...(ids.jsonElements ? { jsonElements: (from: number, to: number, indent?: string) => ids.jsonElements!(within(from), within(to), indent) } : {}),
  };
}
