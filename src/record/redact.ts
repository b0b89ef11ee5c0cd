// Redaction of what a deployment answered, before anything is written. By default every value that
// may say who someone is becomes a fake (fakes.ts): e-mail addresses, names, IP addresses, URLs,
// phone-like numbers, and any other free text (a string under a key not known to be harmless). What
// stays as it was: identifiers (ids, RFC 4122 UUIDs, short ids), instants, numbers and booleans (unless
// the key looks personal: phone, postcode, latitude...), and the values the service's own harmless
// properties take ($browser: Chrome, $geoip_country_code: GB; harmless.ts). `keep` lets a property key
// (e.g. `plan`) or a field label (e.g. `playlist.name`, as the report names them) through as recorded.
//
// Every string is classified by its shape first (an address is an address under any key, even under a
// field the service fills itself or a harmless property), then by its key;
// the same original gives the same fake wherever it appears (an e-mail used as a distinct id, a viewer, a
// user's address), so joins still hold. A person's `name` is derived by the service from its properties
// or distinct ids, so it gets the fake of the value it came from.
import { Fakes, isEmail, type NamePart } from './fakes.ts'
import { harmlessRule } from './harmless.ts'

export type Kind = 'email' | 'name' | 'ip' | 'url' | 'digits' | 'text'

type Json = Record<string, unknown>

export interface RedactionOptions {
  /** Property keys and field labels let through unchanged. */
  keep?: readonly string[]
  /** Keys the fakes (default: random, so fakes cannot be matched against guesses). Never written. */
  salt?: string
  /** The source's values, lower-cased: no fake is one of them (see Fakes). */
  avoid?: ReadonlySet<string>
}

export interface RedactionEntry {
  /** A property key, or a field label (`distinct_id`, `user.email`, `recording.start_url`, ...): what `keep` takes. */
  label: string
  /** Where the label applies. */
  where: 'person property' | 'field'
  /** Distinct original values replaced, by the kind of fake. */
  kinds: Partial<Record<Kind, number>>
}

export interface RedactionReport {
  redacted: RedactionEntry[]
  /** Labels let through by `keep`. */
  kept: string[]
  /** Person property keys whose values were all kept as not personal (numbers, booleans, the service's own). */
  unchanged: string[]
}

// --- classification -------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{12}$/i
/** The 48-bit millisecond prefix of the service's UUIDT ids (which set no version or variant) is an instant in this range. */
const UUIDT_FROM = Date.UTC(2015, 0, 1)
const UUIDT_TO = Date.UTC(2100, 0, 1)
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/
const IPV6 = /^(?=.*:.*:)[0-9a-f:]+(%\w+)?$/i
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?$/i

/**
 * An id the service (or its SDKs) made: the RFC 4122 layout, 8-4-4-4-12 hex digits, with a version
 * (1 to 8, RFC 9562's v6-v8 included: posthog-js's distinct and session ids are v7) and the RFC 4122
 * variant; the nil and max UUIDs; or the service's own UUIDT (a millisecond instant, a counter and
 * random bytes, with no version or variant), told by its instant. Anything else dash-joined is text.
 */
export function isUuid(value: string): boolean {
  const m = UUID.exec(value)
  if (!m) return false
  if (/^[1-8]$/.test(m[1]!) && /^[89ab]$/i.test(m[2]!)) return true
  if (/^(0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(value)) return true
  const millis = parseInt(value.slice(0, 8) + value.slice(9, 13), 16)
  return millis >= UUIDT_FROM && millis < UUIDT_TO
}

type KeyClass = 'harmless' | 'ip' | 'first' | 'last' | 'name' | 'url' | 'digits' | null

/** What a key (less its `$` and `$initial_`) says of its values: the first pattern it matches. */
const KEY_CLASSES: Array<[RegExp, KeyClass]> = [
  [/(^|_)ip(_?address)?$/, 'ip'],
  [/(^|_)(first_?name|given_?name)$/, 'first'],
  [/(^|_)(last_?name|family_?name|surname)$/, 'last'],
  [/(^|_)(name|full_?name|user_?name|display_?name|nick_?name)$/, 'name'],
  [/url|referrer|referring_domain|pathname|host|href|domain|website|link/, 'url'],
  [/phone|mobile|fax|zip|postal|postcode|latitude|longitude|(^|_)(lat|lon|lng)$|birth|(^|_)dob$|ssn|iban/, 'digits'],
]

function keyClass(key: string): KeyClass {
  if (harmlessRule(key)) return 'harmless'
  const bare = key.toLowerCase().replace(/^\$(initial_)?/, '')
  return KEY_CLASSES.find(([pattern]) => pattern.test(bare))?.[1] ?? null
}

const NAME_PARTS: Record<string, NamePart> = { first: 'first', last: 'last', name: 'full' }

/** A container with `each` applied to its items or values (anything else as it is). */
const walk = (value: unknown, each: (v: unknown) => unknown): unknown =>
  Array.isArray(value)
    ? value.map(each)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, each(v)]))
      : value

// --- the redactor --------------------------------------------------------------------------------

export class Redaction {
  readonly #fakes: Fakes
  readonly #keep: Set<string>
  /** label -> kind -> distinct fakes made (one per original) */
  readonly #redacted = new Map<string, { where: RedactionEntry['where']; kinds: Map<Kind, Set<string>> }>()
  readonly #keptSeen = new Set<string>()
  /** property key -> whether any of its values was redacted */
  readonly #properties = new Map<string, boolean>()

  constructor(options: RedactionOptions = {}) {
    this.#fakes = new Fakes(options.salt, options.avoid)
    this.#keep = new Set(options.keep ?? [])
  }

  /** What was redacted, by label (no original value, ever). */
  report(): RedactionReport {
    const redacted = [...this.#redacted.entries()]
      .map(([label, { where, kinds }]) => ({
        label,
        where,
        kinds: Object.fromEntries([...kinds].map(([k, set]) => [k, set.size])),
      }))
      .sort((a, b) => (a.where === b.where ? a.label.localeCompare(b.label) : a.where === 'field' ? 1 : -1))
    const unchanged = [...this.#properties]
      .filter(([key, any]) => !any && !this.#keep.has(key))
      .map(([key]) => key)
      .sort()
    return { redacted, kept: [...this.#keptSeen].sort(), unchanged }
  }

  #note(label: string, where: RedactionEntry['where'], kind: Kind, fake: string): void {
    let entry = this.#redacted.get(label)
    if (!entry) this.#redacted.set(label, (entry = { where, kinds: new Map() }))
    let set = entry.kinds.get(kind)
    if (!set) entry.kinds.set(kind, (set = new Set()))
    set.add(fake)
  }

  #kept(label: string): boolean {
    if (!this.#keep.has(label)) return false
    this.#keptSeen.add(label)
    return true
  }

  /**
   * A string as a fake of its kind, or unchanged (UUIDs, instants, empty, a harmless property's own
   * values). Its shape decides first, whatever the key; then `hint`, what its key suggests.
   */
  #string(value: string, label: string, where: RedactionEntry['where'], hint: KeyClass): string {
    if (value.trim() === '' || value === '$direct') return value
    const personal = this.#personal(value, label, where)
    if (personal !== undefined) return personal
    let kind: Kind
    let fake: string
    if (isUuid(value)) return value
    else if (ISO_INSTANT.test(value)) {
      if (hint !== 'digits') return value
      ;[kind, fake] = ['digits', this.#fakes.digits(value)]
    } else if (hint === 'harmless' && harmlessRule(label)!(value)) return value
    else if (hint === 'first' || hint === 'last' || hint === 'name')
      [kind, fake] = ['name', this.#fakes.name(value, NAME_PARTS[hint]!)]
    else if (hint === 'url' && value.startsWith('/')) [kind, fake] = ['url', this.#fakes.path(value)]
    else if (hint === 'url' && HOST.test(value)) [kind, fake] = ['url', this.#fakes.host(value)]
    else if (hint === 'digits' && /\d/.test(value)) [kind, fake] = ['digits', this.#fakes.digits(value)]
    else [kind, fake] = ['text', this.#fakes.text(value)]
    this.#note(label, where, kind, fake)
    return fake
  }

  /** The fake of an e-mail address, an IP address or a URL (personal under any key), noted under `label`; else undefined. */
  #personal(value: string, label: string, where: RedactionEntry['where']): string | undefined {
    const [kind, fake]: [Kind?, string?] = isEmail(value)
      ? ['email', this.#fakes.email(value)]
      : IPV4.test(value) || IPV6.test(value)
        ? ['ip', this.#fakes.ip(value)]
        : ABSOLUTE_URL.test(value)
          ? ['url', this.#fakes.url(value)]
          : []
    if (kind) this.#note(label, where, kind, fake!)
    return fake
  }

  /**
   * A value the service fills itself (ids, instants, enums) kept as it is, except a string shaped like
   * an address or a URL, which is redacted under `label` as anywhere else.
   */
  #asIs(value: unknown, label: string): unknown {
    if (typeof value === 'string') return this.#kept(label) ? value : (this.#personal(value, label, 'field') ?? value)
    return walk(value, (v) => this.#asIs(v, label))
  }

  /** A field's string under its label: as it is when `keep` names the label, else by its shape and `hint`. */
  #field(value: string, label: string, hint: KeyClass = null): string {
    return this.#kept(label) ? value : this.#string(value, label, 'field', hint)
  }

  /** Any JSON value under one label: strings by their shape, numbers and booleans kept, containers walked. */
  #generic(value: unknown, label: string, hint: KeyClass = null): unknown {
    if (typeof value === 'string') return this.#field(value, label, hint)
    return walk(value, (v) => this.#generic(v, label, hint))
  }

  /** Fields of an answer: those named in `keep` as they are, those in `handlers` by their handler, the rest generically under `<prefix>.<field>`. */
  #object(
    value: Json,
    prefix: string,
    same: ReadonlySet<string>,
    handlers: Record<string, (v: any) => unknown> = {},
  ): Json {
    const out: Json = {}
    for (const [field, v] of Object.entries(value)) {
      if (v === null || v === undefined) out[field] = v
      else if (same.has(field)) out[field] = this.#asIs(v, `${prefix}.${field}`)
      else if (handlers[field]) out[field] = handlers[field](v)
      else out[field] = this.#generic(v, `${prefix}.${field}`)
    }
    return out
  }

  /** One person property's value (its key decides how, after its shape). */
  propertyValue(key: string, value: unknown): unknown {
    if (!this.#properties.has(key)) this.#properties.set(key, false)
    if (this.#kept(key)) return value
    const hint = keyClass(key)
    if (typeof value === 'string') {
      const out = this.#string(value, key, 'person property', hint)
      if (out !== value) this.#properties.set(key, true)
      return out
    }
    if (typeof value === 'number' && hint === 'digits') {
      const out = this.#fakes.number(value)
      this.#note(key, 'person property', 'digits', String(out))
      this.#properties.set(key, true)
      return out
    }
    if (Array.isArray(value)) return value.map((v) => this.propertyValue(key, v))
    if (value && typeof value === 'object') return this.properties(value as Json)
    return value
  }

  properties(properties: Json | null | undefined): Json | null {
    if (!properties) return properties ?? null
    const out: Json = {}
    for (const [key, value] of Object.entries(properties)) out[key] = this.propertyValue(key, value)
    return out
  }

  distinctId(value: string): string {
    return this.#field(value, 'distinct_id')
  }

  /** A user's address, wherever it appears (a playlist author, an activity entry, a recording's viewers). */
  userEmail(value: string): string {
    return this.#field(value, 'user.email')
  }

  #userName(value: string, part: 'first' | 'last'): string {
    return this.#field(value, 'user.name', part)
  }

  person(person: Json): Json {
    const properties = (person.properties ?? null) as Json | null
    const distinctIds = person.distinct_ids
    return this.#object(person, 'person', PERSON_AS_IS, {
      properties: () => this.properties(properties),
      distinct_ids: (ids: unknown) =>
        Array.isArray(ids) ? ids.map((id) => this.distinctId(String(id))) : this.distinctId(String(ids)),
      name: (name: string) => this.#personName(name, person, properties, distinctIds),
    })
  }

  /** The fake of whatever the service derived the name from (a property, a distinct id), else a fake name. */
  #personName(name: string, person: Json, properties: Json | null, distinctIds: unknown): string {
    if (name === String(person.id) || name === person.uuid) return name
    const props = properties ?? {}
    // The service's own name keys first, in its order, then any other property that holds the name.
    for (const key of [...PERSON_NAME_KEYS, ...Object.keys(props)])
      if (props[key] === name) return String(this.propertyValue(key, name))
    const ids = Array.isArray(distinctIds) ? distinctIds : [distinctIds]
    if (ids.includes(name)) return this.distinctId(name)
    return this.#field(name, 'person.name', 'name')
  }

  timelinePoint(point: Json): Json {
    return this.#object(point, 'timeline', TIMELINE_AS_IS, { properties: (p: Json) => this.properties(p) })
  }

  /** A recording's id (a session id, which a client chooses), the same wherever it appears. */
  recordingId(id: string): string {
    return String(this.#asIs(id, 'recording.id'))
  }

  /** A value the service made (an organization's id, a project's time zone): kept unless shaped like an address or a URL. */
  identifier(value: string, label: string): string {
    return String(this.#asIs(value, label))
  }

  user(user: Json): Json {
    return this.#object(user, 'user', USER_AS_IS, {
      email: (v: string) => this.userEmail(v),
      first_name: (v: string) => this.#userName(v, 'first'),
      last_name: (v: string) => this.#userName(v, 'last'),
      distinct_id: (v: string) => this.#field(v, 'user.distinct_id'),
    })
  }

  /** A recording as listed (the embedded person is not kept: the loader joins persons again). */
  recording(recording: Json): Json {
    return this.#object(recording, 'recording', RECORDING_AS_IS, {
      distinct_id: (v: string) => this.distinctId(v),
      viewers: (v: unknown[]) => v.map((email) => this.userEmail(String(email))),
      person: (p: Json) => this.person(p),
    })
  }

  playlist(playlist: Json): Json {
    return this.#object(playlist, 'playlist', PLAYLIST_AS_IS, {
      name: (v: string) => this.#generic(v, 'playlist.name'),
      derived_name: (v: string) => this.#generic(v, 'playlist.name'),
      filters: (v: unknown) => this.#filters(v),
      created_by: (v: Json) => this.user(v),
      last_modified_by: (v: Json) => this.user(v),
    })
  }

  /** Saved filters: a filter's `value` as the property its `key` names; structure kept; other text redacted. */
  #filters(value: unknown, key?: string): unknown {
    if (this.#kept('playlist.filters')) return value
    if (Array.isArray(value)) return value.map((v) => this.#filters(v, key))
    if (value && typeof value === 'object') {
      const o = value as Json
      const out: Json = {}
      for (const [k, v] of Object.entries(o)) {
        if (k === 'value' && typeof o.key === 'string') out[k] = this.propertyValue(o.key, v)
        else if (FILTER_STRUCTURE.has(k) && typeof v === 'string')
          out[k] = STRUCTURE_TOKEN.test(v) ? this.#asIs(v, 'playlist.filters') : this.#generic(v, 'playlist.filters')
        else if (FILTER_STRUCTURE.has(k) && (typeof v !== 'object' || v === null)) out[k] = v
        else out[k] = this.#filters(v, k)
      }
      return out
    }
    return typeof value === 'string' ? this.#generic(value, 'playlist.filters') : value
  }

  activityEntry(entry: Json): Json {
    return this.#object(entry, 'activity', ACTIVITY_AS_IS, {
      user: (u: Json) =>
        u.is_system === true
          ? this.#asIs(u, 'user')
          : this.#object(u, 'user', USER_AS_IS, {
              email: (v: string) => this.userEmail(v),
              first_name: (v: string) => this.#userName(v, 'first'),
            }),
      detail: (d: Json) =>
        this.#object(d, 'activity.detail', DETAIL_AS_IS, {
          changes: (changes: unknown[]) => changes.map((c) => this.#change(c as Json)),
          name: (v: string) => this.#generic(v, 'activity.detail.name'),
        }),
    })
  }

  /** A logged change: `before`/`after` are a property's values (or, for field `properties`, all of them). */
  #change(change: Json): Json {
    const field = typeof change.field === 'string' ? change.field : undefined
    const value = (v: unknown) =>
      field === 'properties' && v && typeof v === 'object'
        ? this.properties(v as Json)
        : field
          ? this.propertyValue(field, v)
          : this.#generic(v, 'activity.detail.changes')
    return this.#object(change, 'activity.detail.changes', CHANGE_AS_IS, { before: value, after: value })
  }

  /** A name of an organization or project (free text). */
  text(value: string, label: string): string {
    return String(this.#generic(value, label))
  }
}

/** The properties the service takes a person's name from, in its order. */
const PERSON_NAME_KEYS = ['email', 'name', 'username']
const PERSON_AS_IS = new Set(['id', 'uuid', 'created_at', 'last_seen_at', 'type', 'is_identified'])
const USER_AS_IS = new Set(['id', 'uuid', 'is_email_verified', 'hedgehog_config', 'role_at_organization', 'is_system'])
const RECORDING_AS_IS = new Set([
  'id',
  'viewed',
  'recording_duration',
  'active_seconds',
  'inactive_seconds',
  'start_time',
  'end_time',
  'click_count',
  'keypress_count',
  'mouse_activity_count',
  'console_log_count',
  'console_warn_count',
  'console_error_count',
  'storage',
  'snapshot_source',
  'snapshot_library',
  'ongoing',
  'activity_score',
  'retention_period_days',
  'expiry_time',
  'recording_ttl',
  'has_summary',
  'matches_filters',
])
const PLAYLIST_AS_IS = new Set([
  'id',
  'short_id',
  'pinned',
  'deleted',
  'type',
  'created_at',
  'last_modified_at',
  'is_synthetic',
  'recordings_counts',
])
const ACTIVITY_AS_IS = new Set(['id', 'activity', 'scope', 'item_id', 'created_at'])
const DETAIL_AS_IS = new Set(['id', 'short_id', 'type'])
const CHANGE_AS_IS = new Set(['type', 'action', 'field'])
const TIMELINE_AS_IS = new Set(['timestamp', 'relevant_event_count'])
/** Keys whose plain values in saved filters are structure (event ids, operators, dates), not someone's data. */
/**
 * What a structural filter field holds when it is structure: an identifier (`exact`, `person`, `events`,
 * `$pageview`, `signed_up`) or a relative date (`-3d`, `-1mStart`, `all`). Anything else under those keys
 * (a person's name under `name`, say) is text, and its shape decides as everywhere.
 */
const STRUCTURE_TOKEN = /^(\$?[a-z][a-z0-9_]*|-?\d+[hdwmqy](Start|End)?|[dwmqy](Start|End))$/
const FILTER_STRUCTURE = new Set([
  'key',
  'type',
  'operator',
  'id',
  'kind',
  'math',
  'order',
  'interval',
  'date_from',
  'date_to',
  'event',
  'events',
  'actions',
  'filter_test_accounts',
  'duration_type_filter',
  'breakdown_type',
  'group_type_index',
  'order_direction',
  'name',
])
