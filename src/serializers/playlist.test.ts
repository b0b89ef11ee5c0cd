import { describe, expect, it } from 'vitest'
import { toJson } from '../core/http.ts'
import { EventColumns } from '../store/event-log.ts'
import type { PlaylistRecord, UserRecord } from '../store/models.ts'
import { Store } from '../store/store.ts'
import { toPlaylist } from './playlist.ts'

const user = (id: number, first_name: string, hedgehog_config: UserRecord['hedgehog_config']): UserRecord =>
  Object.freeze({
    id,
    uuid: `0000000${id}-0000-4000-8000-000000000000`,
    distinct_id: `user-${id}`,
    first_name,
    last_name: 'Ünal "the" \\ tester',
    email: `u${id}@example.com`,
    is_email_verified: id % 2 === 0,
    role_at_organization: id === 1 ? null : 'engineering',
    hedgehog_config,
    organization_id: 'org',
  })

const USERS = [user(1, 'Zoë', { color: 'blue', accessories: ['beret', '🎩'] }), user(2, 'Ann', null)]

async function storeWith(playlists: PlaylistRecord[]): Promise<Store> {
  return Store.create({
    seed: 1,
    fixtures: 'test',
    anchor: 0,
    organizations: [],
    users: USERS,
    projects: [],
    apiKeys: [],
    persons: [],
    events: EventColumns.from([]),
    recordings: [],
    playlists,
    playlistItems: playlists.length
      ? [{ id: 1, playlist_id: playlists[0]!.id, recording_id: 'r1', created_at: 5 }]
      : [],
    activity: [],
  })
}

const base: PlaylistRecord = {
  id: 1,
  short_id: 'AbCd1234',
  project_id: 1,
  name: 'Plain',
  derived_name: null,
  description: '',
  pinned: false,
  deleted: false,
  filters: {},
  type: 'collection',
  created_at: Date.UTC(2026, 0, 2),
  created_by_id: 1,
  last_modified_at: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
  last_modified_by_id: 2,
}

const variants: PlaylistRecord[] = [
  base,
  {
    ...base,
    id: 2,
    short_id: 'x2',
    name: null,
    derived_name: 'Dérivé – “quoted” \n line\t\u0001',
    description: 'emoji 😀 and a lone \ud800 surrogate',
  },
  {
    ...base,
    id: 3,
    short_id: 'x3',
    type: 'filters',
    filters: { date_from: '-7d', events: [{ id: '$rageclick', name: 'Ünïcode' }], nested: { a: [1, 2.5, null, true] } },
  },
  {
    ...base,
    id: 4,
    short_id: 'x4',
    created_by_id: null,
    last_modified_by_id: null,
    pinned: true,
    deleted: true,
    type: null,
  },
  {
    ...base,
    id: 5,
    short_id: 'x5',
    created_by_id: 99,
    last_modified_by_id: 1,
    create_in_folder: 'Replay/Team',
    name: '',
  },
  // Non-ASCII with nothing to escape; a surrogate pair alone (JSON.stringify's path, the length unchanged); a lone one alone.
  { ...base, id: 6, short_id: 'x6', name: 'Dérivé “quoted” 日本', derived_name: 'pair 😀', description: 'lone \udc00' },
]

describe('playlist answers', () => {
  it('show every field of the record, its users and counts, whatever the strings hold', async () => {
    const store = await storeWith(variants)
    for (const viewer of USERS) {
      for (const record of variants) {
        const value = toPlaylist(store, store.playlists.get(record.id)!, viewer)
        expect(value).toMatchObject({ id: record.id, short_id: record.short_id, name: record.name, type: record.type })
        expect(value.created_by?.id ?? null).toBe(store.user(record.created_by_id ?? -1)?.id ?? null)
      }
    }
  })

  it('follow a new version of the record and the items', async () => {
    const store = await storeWith([base])
    const viewer = USERS[0]!
    const first = toPlaylist(store, store.playlists.get(1)!, viewer)
    expect(first.recordings_counts).toMatchObject({ collection: { count: 1, watched_count: 0 } })
    const next = store.playlists.replace({ ...base, description: 'changed ✓' })
    const second = toPlaylist(store, next, viewer)
    expect(second).not.toBe(first)
    expect(JSON.parse(toJson(second))).toMatchObject({ description: 'changed ✓' })
    store.playlistItems.insert({ id: 2, playlist_id: 1, recording_id: 'r2', created_at: 6 })
    const third = toPlaylist(store, next, viewer)
    expect(JSON.parse(toJson(third)).recordings_counts.collection).toEqual({ count: 2, watched_count: 0 })
    expect(toJson(third)).toBe(JSON.stringify(structuredClone(third)))
  })
})
