// What was read (crawl.ts), redacted (redact.ts) and put in the scenario file's shape
// (src/seed/scenario-format.ts). The answers are kept whole (every field they had), so a field the
// service or the contract adds later is recorded without a change here.
import { SCENARIO_FORMAT, SCENARIO_VERSION, decodeScenario, type RecordedScenario } from '../seed/scenario-format.ts'
import type { Crawled } from './crawl.ts'
import type { Redaction } from './redact.ts'

type Json = Record<string, any>

export interface ScenarioOptions {
  baseUrl: string
  projectId: number
  recordedAt: Date
  redaction: Redaction
  keep: readonly string[]
}

/** A placeholder for an organization the key may not read (its id is all the scenario needs). */
const UNKNOWN_ORGANIZATION = '00000000-0000-4000-8000-000000000000'
const USER_FIELDS = [
  'id',
  'uuid',
  'distinct_id',
  'first_name',
  'last_name',
  'email',
  'is_email_verified',
  'hedgehog_config',
  'role_at_organization',
]

export function buildScenario(crawled: Crawled, o: ScenarioOptions): RecordedScenario {
  const r = o.redaction
  const { users, recorderId } = collectUsers(crawled)
  const org = crawled.me?.organization as Json | undefined
  const orgName = typeof org?.name === 'string' ? org.name : 'Recorded organization'
  const scenario = {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    recorded_at: o.recordedAt.toISOString(),
    source: { base_url: new URL(o.baseUrl).origin, project_id: o.projectId },
    redaction: { salted: true, kept: [...o.keep] },
    organization: {
      id: r.identifier(String(org?.id ?? crawled.project?.organization ?? UNKNOWN_ORGANIZATION), 'organization.id'),
      name: r.text(orgName, 'organization.name'),
      slug: r.text(typeof org?.slug === 'string' ? org.slug : 'recorded', 'organization.name'),
    },
    project: {
      id: o.projectId,
      uuid: typeof crawled.project?.uuid === 'string' ? r.identifier(crawled.project.uuid, 'project.uuid') : null,
      name: r.text(
        typeof crawled.project?.name === 'string' ? crawled.project.name : `Project ${o.projectId}`,
        'project.name',
      ),
      timezone:
        typeof crawled.project?.timezone === 'string'
          ? r.identifier(crawled.project.timezone, 'project.timezone')
          : 'UTC',
    },
    user_id: recorderId,
    users: users.map((u) => r.user(u)),
    persons: crawled.persons.map((p) => ({
      person: r.person(p.person),
      activity: p.activity?.map((e) => r.activityEntry(e)) ?? null,
      timeline: p.timeline?.map((point) => r.timelinePoint(point)) ?? null,
    })),
    recordings: crawled.recordings.map(({ person: _joinedAgainOnLoad, ...recording }) => r.recording(recording)),
    playlists: crawled.playlists.map((p) => ({
      playlist: r.playlist(p.playlist),
      recordings: p.recordings?.map((id) => r.recordingId(id)) ?? null,
      item_count: p.item_count,
    })),
  }
  // What is written must load: checked here, before a file exists.
  return decodeScenario(scenario)
}

/**
 * Every user the answers name: the key's own (the scenario's keys are theirs), playlist authors, and
 * the users of activity entries (which name only a first name and an e-mail: matched by e-mail, else
 * given an id of their own).
 */
function collectUsers(crawled: Crawled): { users: Json[]; recorderId: number } {
  const byId = new Map<number, Json>()
  const add = (u: Json | null | undefined) => {
    if (!u || typeof u.id !== 'number') return
    const fields = Object.fromEntries(USER_FIELDS.filter((f) => u[f] !== undefined).map((f) => [f, u[f]]))
    byId.set(u.id, { ...byId.get(u.id), ...fields })
  }
  for (const p of crawled.playlists) {
    add(p.playlist.created_by)
    add(p.playlist.last_modified_by)
  }
  add(crawled.me)
  const nextId = () => Math.max(0, ...byId.keys()) + 1
  let recorderId = crawled.me && typeof crawled.me.id === 'number' ? crawled.me.id : undefined
  if (recorderId === undefined) {
    recorderId = nextId()
    // Made up, not recorded: nothing to redact.
    byId.set(recorderId, { id: recorderId, first_name: 'Recorder', last_name: '', email: 'recorder@example.com' })
  }
  const byEmail = new Map<string, Json>()
  for (const u of byId.values()) if (typeof u.email === 'string') byEmail.set(u.email, u)
  for (const person of crawled.persons) {
    for (const entry of person.activity ?? []) {
      const user = entry.user as Json | null
      if (!user || user.is_system === true || typeof user.email !== 'string' || byEmail.has(user.email)) continue
      const made = { id: nextId(), first_name: user.first_name ?? '', email: user.email }
      byId.set(made.id, made)
      byEmail.set(user.email, made)
    }
  }
  return { users: [...byId.values()], recorderId }
}
