// What a client command (record, drift) is run with: where its text goes, the environment it reads
// (keys come from there, never from the command line), and, for tests, the fetch it speaks HTTP through.
import type { FetchLike } from '../verify/types.ts'

export interface CommandIo {
  out(text: string): void
  err(text: string): void
  env: Record<string, string | undefined>
  /** Overrides the global fetch (tests run the command in-process against an app). */
  fetch?: FetchLike
}
