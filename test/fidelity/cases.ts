// Every case of the fidelity suite (see docs/fidelity.md): behaviours read in the real service's own
// tests and source, each with an executable check.
import type { FidelityCase } from './harness.ts'
import { frameworkCases } from './framework.cases.ts'
import { mechanismCases } from './mechanisms.cases.ts'
import { personCases } from './persons.cases.ts'
import { platformCases } from './platform.cases.ts'
import { playlistCases } from './playlists.cases.ts'
import { recordingCases } from './recordings.cases.ts'
import { timelineCases } from './timeline.cases.ts'

export const CASES: FidelityCase[] = [
  ...personCases,
  ...playlistCases,
  ...recordingCases,
  ...timelineCases,
  ...platformCases,
  ...frameworkCases,
  ...mechanismCases,
]
