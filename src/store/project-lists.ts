// Each project's records in the order they are given, kept in arrays made at the sizes expected: a table
// being filled by a generator (PersonTable.filling, RecordingTable.filling). A list grown a record at a
// time copies itself as it grows; at a million persons the person and recording lists left ~50 MB of
// such copies for the collector.

export interface ProjectCount {
  projectId: number
  count: number
}

export class ProjectListsFilling<T extends { readonly project_id: number }> {
  readonly #lists: Map<number, T[]>
  readonly #expected: Map<number, number>
  readonly #lengths = new Map<number, number>()
  /** The project of the last record, its list and its length so far (records come in runs of a project). */
  #project = NaN
  #list: T[] = []
  #length = 0

  /** Fills `lists` (project -> list), each list made when its project's first record comes. */
  constructor(lists: Map<number, T[]>, expected: readonly ProjectCount[] = []) {
    this.#lists = lists
    this.#expected = new Map(expected.map((p) => [p.projectId, p.count]))
  }

  add(record: T): void {
    if (record.project_id !== this.#project) this.#switchTo(record.project_id)
    this.#list[this.#length++] = record
  }

  /** The lists, each as long as what it was given. */
  done(): void {
    this.#switchTo(NaN)
    for (const [project, length] of this.#lengths) this.#lists.get(project)!.length = length
  }

  #switchTo(project: number): void {
    if (this.#project === this.#project) this.#lengths.set(this.#project, this.#length)
    this.#project = project
    if (project !== project) return
    let list = this.#lists.get(project)
    if (!list) this.#lists.set(project, (list = new Array(this.#expected.get(project) ?? 0)))
    this.#list = list
    this.#length = this.#lengths.get(project) ?? 0
  }
}
