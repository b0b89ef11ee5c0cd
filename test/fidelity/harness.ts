// The fidelity suite's harness: a behaviour of the real service, where it was read (its test or source),
// and an executable check of the mock against it. Each case runs on a mock just reset, whose project 1 is
// empty (the `empty-project` scenario), arranged as the real test arranges its data, and called with a
// legacy key (allowed everything, as the real tests' logged-in user is) unless the case says otherwise.
import { expect } from 'vitest'
import type { Profile } from '../../src/contract/profiles.ts'
import { createMock, type Mock } from '../../src/testing/index.ts'
import { KEYS } from '../support.ts'

export interface FidelityCase {
  /** Short and unique, e.g. `persons/delete-202`. */
  id: string
  /** Where the behaviour was read in the real service: `path::Class::test` or `path (function)`. */
  source: string
  /** What the real service does, in a sentence. */
  behaviour: string
  /** Set when the API description (the seed) states another rule: the default profile follows the seed there. */
  seedOverrules?: string
  run(api: Api): Promise<void>
}

export interface Answer {
  status: number
  headers: Headers
  /** Parsed JSON, or the text ('' when empty). */
  body: any
  text: string
}

export const P = '/api/environments/1'

export class Api {
  constructor(
    readonly mock: Mock,
    readonly profile: Profile,
  ) {}

  async request(
    method: string,
    path: string,
    options: { body?: unknown; key?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers }
    const key = options.key === undefined ? KEYS.legacy : options.key
    if (key) headers.authorization = `Bearer ${key}`
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    const res = await this.mock.fetch(path, { method, headers, body })
    const text = await res.text()
    let parsed: any = text
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text)
    return { status: res.status, headers: res.headers, body: parsed, text }
  }

  get = (path: string, key?: string | null) => this.request('GET', path, { key })
  post = (path: string, body?: unknown, key?: string | null) => this.request('POST', path, { body, key })
  patch = (path: string, body?: unknown, key?: string | null) => this.request('PATCH', path, { body, key })
  delete = (path: string, key?: string | null) => this.request('DELETE', path, { key })

  /** freeze_time: the clock stops at this instant. */
  async at(instant: string): Promise<void> {
    await this.mock.setNow(instant)
  }

  /** A person in project 1 (no events beyond its $identify), created `createdAt` (default: a day ago). */
  async person(distinctIds: string[], properties: Record<string, unknown> = {}, createdAt?: string) {
    return this.mock.create.person({
      distinct_ids: distinctIds,
      properties,
      events: 0,
      created_at: createdAt ?? this.mock.clock.now() - 86_400_000,
    })
  }

  /** An event as capture receives it (its person properties as they are then). */
  async event(distinctId: string, event: string, timestamp: string, properties: Record<string, unknown> = {}) {
    const res = await this.request('POST', '/_mock/projects/1/events', {
      key: null,
      body: { event, distinct_id: distinctId, timestamp, properties },
    })
    expect(res.status, res.text).toBe(201)
    return res.body
  }

  /** A personal API key of the default user with these scopes (and projects). */
  async key(scopes: string[], scopedTeams: number[] = []): Promise<string> {
    const value = `phx_fidelity_${Math.random().toString(36).slice(2)}`
    await this.mock.store.addApiKey({
      id: value,
      value,
      label: 'fidelity',
      user_id: 1,
      scopes,
      scoped_teams: scopedTeams,
      scoped_organizations: [],
    })
    return value
  }

  /** The default key's user as the API embeds it (created_by of what the legacy key makes). */
  user(id = 1) {
    const u = this.mock.store.user(id)!
    return {
      id: u.id,
      uuid: u.uuid,
      distinct_id: u.distinct_id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      is_email_verified: u.is_email_verified,
      hedgehog_config: u.hedgehog_config,
      role_at_organization: u.role_at_organization,
    }
  }
}

/**
 * One mock per profile, made once and reset before each case: a reset puts the scenario back (keys added
 * included), and the clock, faults and journal as the mock was made (src/testing/mock.ts), in a few ms of
 * CPU where a new mock takes about a tenth of a second. The cases run one after another.
 */
const mocks = new Map<Profile, Promise<Mock>>()

export async function apiFor(profile: Profile): Promise<Api> {
  let made = mocks.get(profile)
  if (!made)
    mocks.set(profile, (made = createMock({ profile, fixtures: 'empty-project', now: '2026-11-04T12:00:00Z' })))
  const mock = await made
  await mock.reset()
  return new Api(mock, profile)
}

/** Expects the answer's status (with its body in the message when it is not). */
export function status(res: Answer, expected: number): void {
  expect(res.status, `${res.status} ${res.text.slice(0, 300)}`).toBe(expected)
}
