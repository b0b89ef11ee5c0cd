// A trigram index for case-insensitive substring search over texts keyed by small integer ids.
// It narrows a search to the ids whose text holds every trigram of the term (the rarest one's
// posting list); the caller still checks each candidate's current text, so the index may be stale
// in one direction only: it may name too many ids, never too few. Writes cost nothing but marking
// the id dirty (a dirty id is always a candidate); once dirty ids are many, the next search rebuilds.
// Built on the first search, not at start-up, so a server that is never searched pays nothing.

const GRAM = 3

export interface SubstringIndexSource {
  /** Every id that has a text now. */
  ids(): Iterable<number>
  /** The id's current text (already lower-cased), or undefined if the id is gone. */
  textOf(id: number): string | undefined
}

export class SubstringIndex {
  #source: SubstringIndexSource
  #postings: Map<string, Int32Array> | null = null
  #size = 0
  #dirty = new Set<number>()

  constructor(source: SubstringIndexSource) {
    this.#source = source
  }

  /** The id's text changed (or the id was added or removed). */
  touch(id: number): void {
    if (this.#postings) this.#dirty.add(id)
  }

  /**
   * Ids that may hold `term` (lower-cased), ascending, dirty ones included; or undefined when the
   * index cannot narrow the search enough to beat a scan of `scanSize` texts (a short or common term).
   */
  candidates(term: string, scanSize: number): number[] | undefined {
    if (term.length < GRAM) return undefined
    if (!this.#postings || this.#dirty.size > Math.max(1_024, this.#size >> 4)) this.#build()
    let rarest: Int32Array | undefined
    for (let i = 0; i + GRAM <= term.length; i++) {
      const posting = this.#postings!.get(term.slice(i, i + GRAM))
      if (!posting) {
        rarest = EMPTY
        break
      }
      if (!rarest || posting.length < rarest.length) rarest = posting
    }
    // Sorting many matches into list order costs more than scanning the list in order.
    if (rarest!.length > scanSize >> 3) return undefined
    if (this.#dirty.size === 0) return Array.from(rarest!)
    const ids = new Set<number>(rarest)
    for (const id of this.#dirty) ids.add(id)
    return [...ids].sort((a, b) => a - b)
  }

  #build(): void {
    const building = new Map<string, number[]>()
    let size = 0
    for (const id of this.#source.ids()) {
      const text = this.#source.textOf(id)
      if (text === undefined) continue
      size++
      for (let i = 0; i + GRAM <= text.length; i++) {
        const gram = text.slice(i, i + GRAM)
        const posting = building.get(gram)
        if (!posting) building.set(gram, [id])
        // A trigram seen twice in one text is listed once: this id is then the posting's last.
        else if (posting[posting.length - 1] !== id) posting.push(id)
      }
    }
    const postings = new Map<string, Int32Array>()
    for (const [gram, ids] of building) postings.set(gram, Int32Array.from(ids))
    this.#postings = postings
    this.#size = size
    this.#dirty.clear()
  }
}

const EMPTY = new Int32Array(0)
