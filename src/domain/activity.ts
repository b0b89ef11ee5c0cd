// The activity log, as the real service writes and shows it (ActivityLogSerializer).
import type { NewestFirst } from '../store/tables.ts'
import type { ActivityRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { iso } from '../core/datetime.ts'

/** Who writes an entry, in which project, and when. */
export interface Actor {
  projectId: number
  userId: number | null
  now: number
}

/** Detail keys the real service always renders, in its order (unset ones are null). */
const DETAIL_KEYS = ['changes', 'trigger', 'type', 'name', 'short_id'] as const
/** Detail keys rendered only when set (a merge, which the mock never makes). */
const OPTIONAL_DETAIL_KEYS = ['merge'] as const

/** One change as the real service renders it: every key present, the ones not set null. */
export interface Change {
  type: string
  action: string
  field: string | null
  before: unknown
  after: unknown
}

export const change = (
  type: string,
  action: string,
  fields: Partial<Omit<Change, 'type' | 'action'>> = {},
): Change => ({
  type,
  action,
  field: fields.field ?? null,
  before: fields.before ?? null,
  after: fields.after ?? null,
})

export function recordActivity(
  store: Store,
  by: Actor,
  scope: 'Person' | 'SessionRecordingPlaylist',
  itemId: string | number,
  activity: string,
  detail: Record<string, unknown>,
): ActivityRecord {
  const seq = store.counters.activity++
  return store.activity.append({
    id: store.random.uuid(),
    seq,
    project_id: by.projectId,
    scope,
    item_id: String(itemId),
    activity,
    user_id: by.userId,
    detail,
    created_at: by.now,
  })
}

/** Entries for one item, newest first. */
export function activityFor(store: Store, projectId: number, scope: string, itemId: string | number): NewestFirst {
  return store.activity.entries(projectId, scope, String(itemId))
}

export function toActivityEntry(store: Store, entry: ActivityRecord) {
  const user = entry.user_id == null ? undefined : store.user(entry.user_id)
  const detail: Record<string, unknown> = {}
  for (const key of DETAIL_KEYS) detail[key] = entry.detail[key] ?? null
  for (const key of OPTIONAL_DETAIL_KEYS) if (entry.detail[key] != null) detail[key] = entry.detail[key]
  return {
    id: entry.id,
    user: user
      ? { first_name: user.first_name, email: user.email }
      : { first_name: 'System', email: null, is_system: true },
    activity: entry.activity,
    scope: entry.scope,
    item_id: entry.item_id,
    detail,
    created_at: iso(entry.created_at),
  }
}
