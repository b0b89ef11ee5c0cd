// The activity log, as the real service writes and shows it (ActivityLogSerializer).
import type { NewestFirst } from '../store/tables.ts'
import type { ActivityRecord, UserRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { iso } from '../serializers/time.ts'

export interface ActivityInput {
  projectId: number
  scope: 'Person' | 'SessionRecordingPlaylist' | 'Insight'
  itemId: string | number
  activity: string
  userId: number | null
  detail: Record<string, unknown>
  at: number
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

export function recordActivity(store: Store, input: ActivityInput): ActivityRecord {
  const seq = store.counters.activity++
  return store.activity.append({
    id: store.random.uuid(),
    seq,
    project_id: input.projectId,
    scope: input.scope,
    item_id: String(input.itemId),
    activity: input.activity,
    user_id: input.userId,
    detail: input.detail,
    created_at: input.at,
  })
}

/** Entries for one item, newest first. */
export function activityFor(store: Store, projectId: number, scope: string, itemId: string | number): NewestFirst {
  return store.activity.entries(projectId, scope, String(itemId))
}

/** Every entry of a scope in the project (every item), newest first. */
export function projectActivity(store: Store, projectId: number, scope: string): NewestFirst {
  return store.activity.scopeEntries(projectId, scope)
}

export function toActivityEntry(store: Store, entry: ActivityRecord) {
  return renderEntry(entry, entry.user_id == null ? undefined : store.user(entry.user_id))
}

function renderEntry(entry: ActivityRecord, user: UserRecord | undefined) {
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
