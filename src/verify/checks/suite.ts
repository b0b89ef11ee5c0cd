// What every suite of checks receives: the run, the client, the options, lazily fetched samples of the
// deployment's data, and the cleanup list.
import type { Client, Exchange } from '../http.ts'
import type { CheckContext, Run } from '../runner.ts'

export interface SuiteOptions {
  writes: boolean
  destructive: boolean
  personIds: string[]
  hasSecondKey: boolean
  seed: number
  runId: string
  negativeRuns: number
  /** Instant (performance.now()) after which no more generated negatives are sent. */
  negativeDeadline: number
}

export interface Suite {
  name: string
  /** [operationId, check name]: the suite runs when any of these is selected. */
  checks: Array<[string, string]>
  run(ctx: SuiteContext): Promise<void>
}

export interface Cleanup {
  label: string
  /** The operation that undoes it (a failed cleanup is reported there). */
  operationId: string
  run(): Promise<string | null> // null: done; otherwise what went wrong
}

export interface SuiteContext {
  run: Run
  client: Client
  options: SuiteOptions
  samples: Samples
  /** Registers something to undo when the run ends; returns a function that unregisters it (when already undone). */
  onCleanup(cleanup: Cleanup): () => void
}

/** A list page fetched once and shared by every check that needs a known item. */
export class Samples {
  private cache = new Map<string, Promise<Exchange>>()

  constructor(
    private readonly client: Client,
    private readonly run: Run,
  ) {}

  private fetch(operationId: string, query: Record<string, string | number>): Promise<Exchange> {
    const key = `${operationId}?${JSON.stringify(query)}`
    let p = this.cache.get(key)
    if (!p) this.cache.set(key, (p = this.client.call(this.run.contract.byId.get(operationId)!, { query })))
    return p
  }

  private async list(
    t: CheckContext,
    operationId: string,
    noun: string,
    limit: number,
    query: Record<string, string> = {},
  ): Promise<any[]> {
    const ex = await this.fetch(operationId, { ...query, limit })
    if (ex.error || ex.status !== 200) t.fail(`could not list ${noun}: ${ex.error ?? `status ${ex.status}`}`, ex)
    const results = ex.json && typeof ex.json === 'object' ? (ex.json as any).results : undefined
    if (!Array.isArray(results)) t.fail(`could not list ${noun}: the answer has no results array`, ex)
    return results
  }

  persons(t: CheckContext): Promise<any[]> {
    return this.list(t, 'persons_list', 'persons', 25)
  }

  /** A person to look for: one with an e-mail and a distinct id when there is one. */
  async knownPerson(t: CheckContext): Promise<any> {
    const persons = (await this.persons(t)).filter((p) => p && typeof p === 'object' && p.id !== undefined)
    if (persons.length === 0) t.skip('the project has no persons to check against')
    return (
      persons.find(
        (p) =>
          typeof p.properties?.email === 'string' &&
          p.properties.email &&
          Array.isArray(p.distinct_ids) &&
          p.distinct_ids.length,
      ) ?? persons[0]
    )
  }

  playlists(t: CheckContext): Promise<any[]> {
    return this.list(t, 'session_recording_playlists_list', 'playlists', 100)
  }

  /** A playlist to look for: a collection with an author, when there is one. */
  async knownPlaylist(t: CheckContext): Promise<any> {
    const playlists = (await this.playlists(t)).filter(
      (p) => p && typeof p.short_id === 'string' && p.deleted !== true && !p.is_synthetic,
    )
    if (playlists.length === 0)
      t.skip('the project has no playlists to check against (run with --writes to create one)')
    return (
      playlists.find((p) => p.created_by && p.type === 'collection') ??
      playlists.find((p) => p.created_by) ??
      playlists[0]
    )
  }

  recordings(t: CheckContext): Promise<any[]> {
    // The list covers the last three days unless asked otherwise (RecordingsQuery's date_from "-3d"):
    // five years reaches any recording the deployment keeps.
    return this.list(t, 'session_recordings_list', 'session recordings', 10, { date_from: '-5y' })
  }
}

/** A random id that names nothing (digits for persons, letters for short ids). */
export function unknownPersonId(): string {
  return '9' + String(Math.floor(Math.random() * 1e12)).padStart(12, '0')
}

export function unknownShortId(runId: string): string {
  return `vrf-${runId}-none`
}
