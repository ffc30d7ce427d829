/**
 * A set of process instance ids in the order first added, kept as UTF-8 bytes in one buffer with
 * an open-addressing hash table over them. A million ids cost about 50 MB here, where a Set of
 * strings costs twice that and spends most of a second hashing (docs/performance.md): strings are
 * made only for the page of ids being sent or printed.
 *
 * Each id is stored as a JSON array element, `"id",`, so that a run of ids is already the text of a
 * JSON array's elements: the lookups send them as they are, and the dry run writes them as bytes.
 */

/** What the dry run and the lookups need of a list of ids: a `string[]` is one too. */
export interface IdList {
  readonly length: number;
  slice(start: number, end?: number): string[];
  /** The ids as indented JSON array elements, laid out from bytes (InstanceIdSet.indentedJsonElements). */
  indentedJsonElements?(start: number, end: number, indent: string): Uint8Array | undefined;
}

const EMPTY = 0;
/** A line of an id file of the engine's ids: a UUID and its line break. */
const UUID_LINE = 37;
const QUOTE = 0x22;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;
const DEL = 0x7f;

export type TokenResult = 'added' | 'duplicate' | 'not-one-token' | 'not-ascii';

/**
 * MurmurHash3 (x86, 32 bits): a handful of operations per four bytes, and its low bits, which pick
 * the table slot, depend on every byte. Ids are hashed a word at a time in addAsciiToken, so this
 * reads the same little-endian words.
 */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0;
  let offset = start;
  for (; offset + 4 <= end; offset += 4)
    hash = mixWord(hash, bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24));
  let tail = 0;
  for (let shift = 0; offset < end; offset++, shift += 8) tail |= bytes[offset]! << shift;
  return finishHash(hash, tail, end - start);
}

function mixWord(hash: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  hash ^= Math.imul(k, 0x1b873593);
  hash = (hash << 13) | (hash >>> 19);
  return (Math.imul(hash, 5) + 0xe6546b64) | 0;
}

/** The last one to three bytes (`tail`, little-endian; 0 when there are none), the length, and the final mix. */
function finishHash(hash: number, tail: number, length: number): number {
  if (length % 4 !== 0) {
    let k = Math.imul(tail, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    hash ^= Math.imul(k, 0x1b873593);
  }
  hash ^= length;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

/**
 * Four bytes at once: whether any is below 0x21, a comma, or DEL (0x7f) and above (the bit tricks
 * of "Bit Twiddling Hacks": hasless, haszero, hasmore). Adding 1 to each byte sets the high bit of
 * DEL; a carry out of a byte of 0x80 or above is harmless, as that byte's own high bit says so.
 */
function notTokenBytes(word: number): boolean {
  const comma = word ^ 0x2c2c2c2c;
  return (((word + 0x01010101) | word | ((word - 0x21212121) & ~word) | ((comma - 0x01010101) & ~comma)) & 0x80808080) !== 0;
}

/** Whether any of four bytes (all below 0x80) is a quote or a backslash. */
function escapedBytes(word: number): boolean {
  const quote = word ^ 0x22222222;
  const backslash = word ^ 0x5c5c5c5c;
  return ((((quote - 0x01010101) & ~quote) | ((backslash - 0x01010101) & ~backslash)) & 0x80808080) !== 0;
}

export class InstanceIdSet implements IdList, Iterable<string> {
  private bytes = Buffer.allocUnsafe(1 << 12);
  /** The same memory as `bytes`, for reading and writing four bytes at once. */
  private words: DataView<ArrayBufferLike> = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  private wordsSource: Uint8Array | undefined;
  private sourceWords: DataView<ArrayBufferLike> = this.words;
  private used = 0;
  /** Id i is stored as `"id",` from starts[i] to where id i + 1 begins (or to `used`). */
  private starts: Int32Array = new Int32Array(1024);
  private hashes: Int32Array = new Int32Array(1024);
  /** Slots hold 1 + the index of an id, or EMPTY. */
  private table: Int32Array = new Int32Array(2048);
  private count = 0;
  /** Set once an id holds a byte JSON must escape: JSON.stringify then writes the elements. */
  private needsEscaping = false;
  private scratch = Buffer.allocUnsafe(0);
  private scratchWords = new DataView(this.scratch.buffer, this.scratch.byteOffset, this.scratch.byteLength);

  /** Makes room for ids read from `fileBytes` bytes of one id per line, so the buffer need not grow. */
  reserve(fileBytes: number): void {
    // Each line's id gains two quotes and a comma and loses its line break: 1/8 more covers ids of
    // 15 bytes and longer (a UUID is 36); shorter ids grow the buffer as it fills.
    const wanted = fileBytes + (fileBytes >> 3);
    if (this.used + wanted > this.bytes.length) this.growBytes(wanted);
    // As many ids as lines of UUIDs, the engine's ids: the table and the offsets then never grow,
    // and rebuilding the table on the way to a million ids took a tenth of the reading. Shorter
    // ids grow them as they come; longer ones only leave the table emptier.
    const ids = this.count + Math.ceil(fileBytes / UUID_LINE);
    let tableLength = this.table.length;
    while (ids * 2 > tableLength) tableLength *= 2;
    if (tableLength !== this.table.length) this.rehash(tableLength);
    if (ids > this.starts.length) {
      this.starts = grown(this.starts, ids);
      this.hashes = grown(this.hashes, ids);
    }
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
    const at = this.stage(end - start);
    const into = this.bytes;
    // A loop over locals: ids are a few dozen bytes, too few for a native copy to pay for its call.
    for (let offset = start; offset < end; offset++) {
      const byte = bytes[offset]!;
      if (byte < 0x20 || byte === QUOTE || byte === BACKSLASH) this.needsEscaping = true;
      into[at + offset - start] = byte;
    }
    return this.commit(end - start, hash);
  }

  /**
   * Adds bytes[start, end) when they are one ASCII token: no byte of 0x20 or below, no comma, no
   * DEL, none of 0x80 or above. One pass checks, hashes and copies them: the reader of a
   * million-line file spends its time here. Returns what happened; 'not-ascii' leaves the line to be read as text.
   */
  addAsciiToken(bytes: Uint8Array, start: number, end: number): TokenResult {
    const at = this.stage(end - start);
    const into = this.bytes;
    const intoWords = this.words;
    const words = this.wordsOf(bytes);
    const shift = at - start;
    // hashBytes, in the same pass as the check and the copy: four bytes at a time, then the rest.
    let hash = 0;
    let escaping = false;
    let offset = start;
    for (; offset + 4 <= end; offset += 4) {
      const word = words.getInt32(offset, true);
      if (notTokenBytes(word)) break;
      if (escapedBytes(word)) escaping = true;
      hash = mixWord(hash, word);
      intoWords.setInt32(offset + shift, word, true);
    }
    let tail = 0;
    for (let tailShift = 0; offset < end; offset++, tailShift += 8) {
      const byte = bytes[offset]!;
      if (byte <= 0x20 || byte === COMMA || byte === DEL) return 'not-one-token';
      if (byte >= 0x80) return 'not-ascii';
      if (byte === QUOTE || byte === BACKSLASH) escaping = true;
      // Only reached for the last one to three bytes, unless a word above held a byte that is not
      // a token's: then this loop finds it and returns.
      tail |= byte << tailShift;
      into[offset + shift] = byte;
    }
    if (escaping) this.needsEscaping = true;
    return this.commit(end - start, finishHash(hash, tail, end - start)) ? 'added' : 'duplicate';
  }

  /** A DataView of the bytes ids are read from, made once per chunk rather than once per line. */
  private wordsOf(bytes: Uint8Array): DataView<ArrayBufferLike> {
    if (bytes !== this.wordsSource) {
      this.wordsSource = bytes;
      this.sourceWords = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    return this.sourceWords;
  }

  /** Makes room for an id of `length` bytes after the stored ones; returns where its bytes go. */
  private stage(length: number): number {
    // Quotes and comma, and three bytes to spare after them: indentedJsonElements reads whole words.
    if (this.used + length + 6 > this.bytes.length) this.growBytes(length + 6);
    this.bytes[this.used] = QUOTE;
    return this.used + 1;
  }

  /** Keeps the staged id of `length` bytes unless it is there already. */
  private commit(length: number, hash: number): boolean {
    const from = this.used + 1;
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]!;
      if (entry === EMPTY) break;
      if (this.hashes[entry - 1] === hash && this.equals(entry - 1, this.bytes, from, from + length)) return false;
    }
    this.bytes[from + length] = QUOTE;
    this.bytes[from + length + 1] = COMMA;
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts);
      this.hashes = grown(this.hashes);
    }
    this.starts[this.count] = this.used;
    this.hashes[this.count] = hash;
    this.used = from + length + 2;
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
    return this.bytes.toString('utf8', this.starts[index]! + 1, this.next(index) - 2);
  }

  slice(start = 0, end = this.count): string[] {
    const from = Math.max(0, start < 0 ? this.count + start : start);
    const to = Math.min(this.count, end < 0 ? this.count + end : end);
    const ids: string[] = [];
    for (let index = from; index < to; index++) ids.push(this.get(index));
    return ids;
  }

  /**
   * ids[start, end) as the elements of a compact JSON array, `"a","b"`: the stored bytes themselves,
   * not a copy. Undefined when an id needs escaping in JSON (a quote, a backslash or a control
   * character), which JSON.stringify then does.
   */
  jsonElementBytes(start: number, end: number): Uint8Array | undefined {
    if (this.needsEscaping) return undefined;
    if (end <= start) return this.bytes.subarray(0, 0);
    // Without the last element's comma.
    return this.bytes.subarray(this.starts[start]!, this.next(end - 1) - 1);
  }

  /**
   * ids[start, end) laid out as `JSON.stringify(ids, null, indent)` lays out its elements, without
   * the brackets and the last line break: `\n<indent>"a",\n<indent>"b"`. The bytes are in a buffer
   * that the next call reuses: write them and wait until the stream is done with them. Undefined
   * when an id needs escaping, as for jsonElementBytes.
   */
  indentedJsonElements(start: number, end: number, indent: string): Uint8Array | undefined {
    if (this.needsEscaping) return undefined;
    if (end <= start) return this.scratch.subarray(0, 0);
    // Each stored `"id",` after a line break and the indent, in one reused buffer: a fresh buffer per
    // slice left tens of megabytes of dead buffers outside the V8 heap between collections.
    const lead = Buffer.from(`\n${indent}`);
    const from = this.starts[start]!;
    // Three bytes to spare: the last word copied may run past the last element.
    const size = this.next(end - 1) - from + (end - start) * lead.length + 3;
    if (this.scratch.length < size) {
      this.scratch = Buffer.allocUnsafe(size);
      this.scratchWords = new DataView(this.scratch.buffer, this.scratch.byteOffset, this.scratch.byteLength);
    }
    const text = this.scratch;
    const textWords = this.scratchWords;
    const sourceWords = this.words;
    const starts = this.starts;
    const leadLength = lead.length;
    let at = 0;
    for (let index = start; index < end; index++) {
      for (let offset = 0; offset < leadLength; offset++) text[at++] = lead[offset]!;
      const first = starts[index]!;
      const length = (index + 1 < this.count ? starts[index + 1]! : this.used) - first;
      // Four bytes at a time; the last word may copy up to three bytes beyond this element, which
      // the next element, or the end of the text, then covers or cuts.
      for (let offset = 0; offset < length; offset += 4) textWords.setInt32(at + offset, sourceWords.getInt32(first + offset, true), true);
      at += length;
    }
    // Without the last element's comma.
    return text.subarray(0, at - 1);
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let index = 0; index < this.count; index++) yield this.get(index);
  }

  /** Where the stored text of the id after `index` begins. */
  private next(index: number): number {
    return index + 1 < this.count ? this.starts[index + 1]! : this.used;
  }

  private equals(index: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.starts[index]! + 1;
    if (this.next(index) - 2 - from !== end - start) return false;
    for (let offset = 0; offset < end - start; offset++) if (this.bytes[from + offset] !== bytes[start + offset]) return false;
    return true;
  }

  private place(index: number): void {
    const mask = this.table.length - 1;
    let slot = this.hashes[index]! & mask;
    while (this.table[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.table[slot] = index + 1;
  }

  private rehash(length = this.table.length * 2): void {
    this.table = new Int32Array(length);
    for (let index = 0; index < this.count; index++) this.place(index);
  }

  private growBytes(atLeast: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length + (this.bytes.length >> 1), this.used + atLeast));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
    this.words = new DataView(bigger.buffer, bigger.byteOffset, bigger.byteLength);
  }
}

function grown(array: Int32Array, atLeast = 0): Int32Array {
  const bigger = new Int32Array(Math.max(array.length * 2, atLeast));
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
    ...(ids.indentedJsonElements
      ? { indentedJsonElements: (from: number, to: number, indent: string) => ids.indentedJsonElements!(within(from), within(to), indent) }
      : {}),
  };
}
