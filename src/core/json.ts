// JSON text of response bodies, with the text of immutable rendered records made once.
//
// A list page of 100 persons is ~47 kB of JSON, and JSON.stringify of it was most of the page's cost
// (profiled: ~75% of a persons list request in-process), although the persons on it are the same
// frozen records, rendered once (serializers/person.ts), page after page. `serializeOnce(value)` marks
// such a value; `toJson` then writes its text once and splices it in wherever the value appears near
// the top of a body (the body itself, or an item of a list in it). The output is byte for byte what
// JSON.stringify gives.

/** What is known of a marked value: its JSON text once written (and how many more UTF-8 bytes than characters it has), and the validators it passed. */
interface Marked {
  text: string | null
  /** UTF-8 bytes beyond one per character (0 for ASCII). */
  extra: number
  /** A validator (schema) the value is known to satisfy, and any more. */
  valid: unknown
  moreValid: unknown[] | null
  /** Let go of (forgetJson): the value reads as not marked. */
  forgotten: boolean
}

/** A constructor that returns the object it is given, so a subclass's private field is added to that object. */
class Stamp {
  constructor(value: object) {
    return value as Stamp
  }
}

/**
 * Where a value's record is kept: a private field stamped onto the value itself (a class's constructor
 * that returns another object adds the subclass's fields to that object). Nothing sees a private field:
 * not JSON.stringify, Object.keys, Reflect.ownKeys, spreads, Object.assign, structuredClone or test
 * equality; it is not inherited, and it can be added to a frozen object (the values are frozen when
 * marked, many as they are made). Every write marks fresh values (the new version's rendering, its
 * properties): a fresh key in a WeakMap cost ~0.8-2 µs with the collector's work on the table
 * (measured in a loop of keys that live ~100 iterations, as answers do in the journal), a symbol-keyed
 * property defined with Object.defineProperty ~0.3 µs, the stamp ~15 ns. An engine that refuses to
 * add a private field to an object that is not extensible (a change proposed to the language) gets
 * the WeakMap instead.
 */
class Marks extends Stamp {
  #marked: Marked
  private constructor(value: object, marked: Marked) {
    super(value)
    this.#marked = marked
  }

  static of(value: object): Marked | undefined {
    return #marked in value ? (value as Marks).#marked : undefined
  }

  /** Stamps `marked` onto `value`; false when the engine refuses. */
  static put(value: object, marked: Marked): boolean {
    try {
      new Marks(value, marked)
      return true
    } catch {
      return false
    }
  }
}
const texts = new WeakMap<object, Marked>()

/** What is known of `value`, when it is marked. */
function markOf(value: object): Marked | undefined {
  const own = Marks.of(value)
  if (own !== undefined) return own.forgotten ? undefined : own
  return texts.get(value)
}

/**
 * Whether `value`'s JSON text has been written (or given) already. A marked value whose text is still to
 * be written is weighed and written in pieces like any other: written whole, a big one (a properties
 * timeline of persons at the caps, ~24 MB) was one synchronous JSON.stringify and a count of its UTF-8
 * bytes, holding every other request for ~0.5 s.
 */
function textKnown(value: object): boolean {
  return markOf(value)?.text != null
}

/** `value`'s record, made when it has none. */
function ensureMark(value: object): Marked {
  const own = Marks.of(value)
  if (own !== undefined) {
    // Let go of (forgetJson left it as new), and marked again.
    own.forgotten = false
    return own
  }
  let marked = texts.get(value)
  if (marked === undefined) {
    marked = { text: null, extra: 0, valid: undefined, moreValid: null, forgotten: false }
    if (!Marks.put(value, marked)) texts.set(value, marked)
  }
  return marked
}

const NON_ASCII = /[^\x00-\x7f]/

/** How many more UTF-8 bytes than UTF-16 units `text` takes (0 for ASCII, the common case). */
export function utf8Extra(text: string): number {
  if (!NON_ASCII.test(text)) return 0
  let extra = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) continue
    if (c < 0x800) extra += 1
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      extra += 2 // a surrogate pair: 2 units, 4 bytes
      i++
    } else extra += 2 // 3 bytes (a lone surrogate too: written as U+FFFD)
  }
  return extra
}

/** What JSON.stringify escapes in a string: quote, backslash, control characters, and surrogates (lone ones). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

/**
 * `JSON.stringify(text)` for a string. Most strings need nothing escaped, and for those quoting them is
 * ~2-3x faster than V8's stringify of a lone string (~400 ns for a 48-character one on this machine);
 * the others (a surrogate pair included) go to JSON.stringify.
 */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`
}

/** The UTF-8 length of `text` (as Buffer.byteLength: a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8ByteLength(text: string): number {
  return text.length + utf8Extra(text)
}

/** Freezes `value` and everything in it (stops at what is frozen already). */
export function freezeDeep(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return
  for (const child of Object.values(value)) freezeDeep(child)
  Object.freeze(value)
}

/**
 * Marks `value` as never changing again (it is deep-frozen here) so its JSON text is written once,
 * and its validation against a schema holds for good (see response-validation.ts).
 */
export function serializeOnce<T extends object>(value: T): T {
  freezeDeep(value)
  ensureMark(value)
  return value
}

/**
 * The last value given to `rememberJson`, with its text and UTF-8 bytes beyond one per character: kept
 * beside the value, not marked on it. A PATCH's merged properties are kept for good by the event that
 * captured them, and a mark's record stayed with every version: one of the ~10 objects a PATCH kept,
 * which the young generation's scavenges copy twice each (564 -> 500 bytes kept a PATCH person). The
 * text is wanted by the answer made right after it was measured.
 */
let remembered: object | undefined
let rememberedText = ''
let rememberedExtra = 0

/**
 * Records `text` as the JSON text of `value`, which never changes again (deep-frozen here), until the
 * next value is remembered or `forgetJson(value)`: the answer made next reuses it instead of writing it
 * again (a person's properties, written once to measure them against the caps, then in the person's
 * answer).
 */
export function rememberJson(value: object, text: string): void {
  if (!Object.isFrozen(value)) return
  freezeDeep(value)
  remembered = value
  rememberedText = text
  rememberedExtra = utf8Extra(text)
}

/**
 * `serializeOnce(value)` for a value whose JSON text its maker wrote itself, from pieces it keeps (a
 * write renders a new value each time: its text from kept pieces costs a fraction of JSON.stringify of
 * the whole and of a scan for non-ASCII). `text` must be byte for byte `JSON.stringify(value)` (the
 * maker's tests compare them) and `extra` its UTF-8 bytes beyond one per character (`utf8Extra`,
 * summed over the pieces).
 */
export function serializeOnceAs<T extends object>(value: T, text: string, extra: number): T {
  freezeDeep(value)
  const marked = ensureMark(value)
  marked.text = text
  marked.extra = extra
  return value
}

/**
 * Lets go of what is known of `value` (its text, its validations): for a value that stays alive but is
 * not shown again (a person's properties once a write replaced them live on in the events captured with
 * them, and their text, a few hundred bytes a write, with them).
 */
export function forgetJson(value: object): void {
  const own = Marks.of(value)
  if (own !== undefined) {
    // As a new record (ensureMark takes it up again as it is).
    own.text = null
    own.extra = 0
    own.valid = undefined
    own.moreValid = null
    own.forgotten = true
  }
  texts.delete(value)
  if (value === remembered) remembered = undefined
}

/** The JSON text of a value and its UTF-8 length, when it has been written (a marked value's) or given (`serializeOnceAs`, `rememberJson`). */
export function knownJson(value: object): JsonText | undefined {
  const marked = markOf(value)
  if (marked?.text != null) return { text: marked.text, bytes: marked.text.length + marked.extra }
  if (value === remembered) return { text: rememberedText, bytes: rememberedText.length + rememberedExtra }
  return undefined
}

/** `serializeOnceAs` with a text its maker wrote, or `serializeOnce` when it wrote none (the value holds what its pieces do not cover). */
export function serializeOnceWith<T extends object>(value: T, json: JsonText | undefined): T {
  return json === undefined ? serializeOnce(value) : serializeOnceAs(value, json.text, json.bytes - json.text.length)
}

/** Whether the marked `value` is known to satisfy `validator` (see response-validation.ts). */
export function knownValid(value: unknown, validator: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const marked = markOf(value)
  if (marked === undefined || marked.valid === undefined) return false
  return marked.valid === validator || (marked.moreValid !== null && marked.moreValid.includes(validator))
}

/** Notes that the marked `value` satisfies `validator` (it never changes, so it always will); false when it is not marked. */
export function markValid(value: unknown, validator: unknown): boolean {
  const marked = typeof value === 'object' && value !== null ? markOf(value) : undefined
  if (!marked) return false
  if (marked.valid === undefined) marked.valid = validator
  else (marked.moreValid ??= []).push(validator)
  return true
}

// How far below the body marked values are looked for: the body (0), its fields or items (1), and
// the items of a list field (2), i.e. `{results: [person, ...]}`. Deeper values go to JSON.stringify whole.
const SEARCH_DEPTH = 2

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Whether a marked value sits in `value`'s fields or items down to SEARCH_DEPTH (no text is built). */
function holdsMarked(value: object, depth: number): boolean {
  if (depth >= SEARCH_DEPTH) return false
  const children = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : []
  for (const child of children) {
    if (typeof child !== 'object' || child === null) continue
    if (markOf(child) !== undefined || holdsMarked(child, depth + 1)) return true
  }
  return false
}

/** UTF-8 bytes beyond one per character in what `write` has written since it was last reset. */
let extraBytes = 0

/** JSON.stringify(value), its extra UTF-8 bytes counted. */
function stringify(value: unknown): string | undefined {
  const text = JSON.stringify(value)
  if (text !== undefined) extraBytes += utf8Extra(text)
  return text
}

function write(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return stringify(value)
  const marked = markOf(value)
  if (marked !== undefined) {
    if (marked.text === null) {
      // Made of the texts already known inside it where there are some (a person around its properties).
      const before = extraBytes
      if (holdsMarked(value, depth)) {
        marked.text = compose(value, depth)!
        marked.extra = extraBytes - before
      } else {
        marked.text = JSON.stringify(value)
        marked.extra = utf8Extra(marked.text)
      }
      extraBytes = before
    }
    extraBytes += marked.extra
    return marked.text
  }
  // Nothing marked inside (most bodies): one native call is fastest.
  if (!holdsMarked(value, depth)) return stringify(value)
  return compose(value, depth)
}

/** The text of an object or array with marked values inside, put together from theirs. */
function compose(value: object, depth: number): string | undefined {
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + (write(value[i], depth + 1) ?? 'null')
    return out + ']'
  }
  // Anything with its own toJSON or prototype (Date, Map...) is left to JSON.stringify.
  if (!isPlainObject(value) || typeof value.toJSON === 'function') return stringify(value)
  let out = '{'
  let first = true
  for (const key of Object.keys(value)) {
    const part = write(value[key], depth + 1)
    if (part === undefined) continue // undefined, functions and symbols are left out, as JSON.stringify does
    out += (first ? '' : ',') + stringify(key) + ':' + part
    first = false
  }
  return out + '}'
}

/** JSON.stringify(value), reusing the text of values marked with `serializeOnce`. */
export function toJson(value: unknown): string {
  return write(value, 0) ?? 'null'
}

/** JSON text and its length in UTF-8 bytes (counted from the parts, whose lengths are known: no pass over the whole text). */
export interface JsonText {
  text: string
  bytes: number
}

function writeCounted(value: unknown): JsonText {
  extraBytes = 0
  const text = write(value, 0) ?? 'null'
  return { text, bytes: text.length + extraBytes }
}

/**
 * How much writing a value costs, roughly (an entry 1, a string 1 per 64 characters); `jsonChunks`
 * writes a value whole when it weighs less than this, and piece by piece otherwise.
 */
const PIECE_WEIGHT = 4096
/** Below this depth values are written whole, whatever they weigh. */
const MAX_PIECE_DEPTH = 32

/** The weight of `value`, counted up to `limit` (the count stops there: weighing a big value stays cheap). */
function weigh(value: unknown, limit: number): number {
  if (typeof value === 'string') return 1 + (value.length >> 6)
  if (typeof value !== 'object' || value === null) return 1
  const text = markOf(value)?.text
  if (text != null) return 1 + (text.length >> 6) // written once, then reused
  let weight = 1
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && weight < limit; i++) weight += weigh(value[i], limit - weight)
    return weight
  }
  if (!isPlainObject(value) || typeof value.toJSON === 'function') return weight
  for (const key in value) {
    weight += 1 + weigh(value[key], limit - weight)
    if (weight >= limit) break
  }
  return weight
}

/** `toJson(value)` with its UTF-8 length when it is cheap to write at once (it weighs little), else undefined: write it with `jsonChunks`. */
export function toJsonIfLight(value: unknown): JsonText | undefined {
  if (typeof value === 'object' && value !== null && !textKnown(value) && weigh(value, PIECE_WEIGHT) >= PIECE_WEIGHT)
    return undefined
  return writeCounted(value)
}

/**
 * The text of `toJson(value)` in pieces: a value that is costly to write (a page of thousands of
 * records, an answer holding large objects) is written member by member, recursively, each piece a
 * bounded amount of work, so a caller can hand the pieces on a few at a time and let other work run in
 * between. A small value comes as one piece. Joined, the pieces are byte for byte what JSON.stringify gives.
 */
export function* jsonChunks(value: unknown, depth = 0): Generator<string, void, undefined> {
  if (
    depth >= MAX_PIECE_DEPTH ||
    typeof value !== 'object' ||
    value === null ||
    textKnown(value) ||
    weigh(value, PIECE_WEIGHT) < PIECE_WEIGHT
  ) {
    yield write(value, depth) ?? 'null'
    return
  }
  if (Array.isArray(value)) {
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      const item = value[i]
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null'
      else yield* jsonChunks(item, depth + 1)
    }
    yield ']'
    return
  }
  if (!isPlainObject(value) || typeof value.toJSON === 'function') {
    yield write(value, depth) ?? 'null'
    return
  }
  yield* memberChunks(value, (member) => jsonChunks(member, depth + 1))
}

/** A plain object's text in pieces: its members' keys here, their values' text from `valueChunks`. */
function* memberChunks(
  value: Record<string, unknown>,
  valueChunks: (member: unknown) => Iterable<string>,
): Generator<string, void, undefined> {
  yield '{'
  let first = true
  for (const key of Object.keys(value)) {
    const member = value[key]
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue // left out, as JSON.stringify does
    yield (first ? '' : ',') + JSON.stringify(key) + ':'
    yield* valueChunks(member)
    first = false
  }
  yield '}'
}

/** The batch `jsonBatches` starts with, its largest, and the text it aims each batch at (in characters). */
const FIRST_BATCH = 32
const MAX_BATCH = 1024
const BATCH_TEXT = 64 * 1024

/**
 * The JSON text of `items`, comma-separated, without brackets, written natively in batches: a list
 * of records (a snapshot's tables) is one JSON.stringify call per batch, not one per piece. Batches
 * grow while their text is short and shrink when it is long, so a piece stays near BATCH_TEXT
 * characters (a single big item is one piece). Items read as JSON.stringify reads an array's:
 * undefined, functions and symbols as null. Marked texts are not looked for: for values they would not
 * save much on (a snapshot's records), this is ~2x faster than `jsonChunks`, byte for byte the same.
 */
export function* jsonBatches(items: Iterable<unknown>): Generator<string, void, undefined> {
  let size = FIRST_BATCH
  let batch: unknown[] = []
  let first = true
  const flush = (): string => {
    const text = JSON.stringify(batch)
    if (text.length > BATCH_TEXT && size > 1) size >>= 1
    else if (text.length < BATCH_TEXT >> 2 && size < MAX_BATCH) size <<= 1
    batch = []
    const piece = (first ? '' : ',') + text.slice(1, -1)
    first = false
    return piece
  }
  for (const item of items) {
    batch.push(item)
    if (batch.length >= size) yield flush()
  }
  if (batch.length > 0) yield flush()
}

/**
 * `JSON.stringify(value)` in pieces, for data made of lists of records (a store snapshot): plain
 * objects member by member, lists with `jsonBatches`; joined, byte for byte JSON.stringify's text.
 */
export function* recordsJson(value: unknown): Generator<string, void, undefined> {
  if (Array.isArray(value)) {
    yield '['
    yield* jsonBatches(value)
    yield ']'
    return
  }
  if (typeof value !== 'object' || value === null || !isPlainObject(value) || typeof value.toJSON === 'function') {
    yield JSON.stringify(value) ?? 'null'
    return
  }
  yield* memberChunks(value, recordsJson)
}
