// The person and recording tables made together with a dataset's records (the bulk generator fills them
// as it makes the records: see PersonTable.filling), handed to the first store that loads the dataset.
// Only once: a store changes its tables as it serves, so a later load of the same dataset (a reset)
// builds them from the dataset's records again. At a million persons that saves the start-up a second
// pass over 1.2 million persons and 1.75 million recordings whose memory had gone cold.
import type { PersonTable } from './person-table.ts'
import type { RecordingTable } from './recording-table.ts'

export interface Tables {
  persons: PersonTable
  recordings: RecordingTable
}

export class PrebuiltTables {
  #tables: Tables | undefined

  /** `tables` must be the ones the constructors would make of the dataset's persons and recordings. */
  constructor(tables: Tables) {
    this.#tables = tables
  }

  /** The tables the first time; undefined after that. */
  take(): Tables | undefined {
    const tables = this.#tables
    this.#tables = undefined
    return tables
  }
}
