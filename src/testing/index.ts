// analytics-mock/testing: a mock for frontend tests in any runner (see mock.ts), its factories, the
// scenario names, the default keys and the contract's types.
export { createMock, type Mock, type MockOptions, type Call } from './mock.ts'
export type { MockFaults, FaultSettings } from './faults.ts'
export type { Factories, PersonInput, EventInput, RecordingFactoryInput, PlaylistInput } from './factories.ts'
export { scenarioNames } from '../../fixtures/names.ts'
export type { DatasetSize } from '../seed/seed.ts'
export type {
  PersonRecord,
  EventRecord,
  RecordingRecord,
  PlaylistRecord,
  PlaylistItemRecord,
  TaskRecord,
} from '../store/models.ts'
export type { JournalEntry } from '../core/journal.ts'
export type * from '../contract/api-types.ts'

/** The personal API keys of the seeded data (`noScopes` exists in the key-without-scopes scenario only). */
export const KEYS = {
  /** every scope, every project */
  all: 'phx_mock_all',
  /** the read scopes only */
  read: 'phx_mock_read',
  /** every scope, project 2 only */
  project2: 'phx_mock_project2',
  /** a legacy key without scopes: allowed everything, also what the real service refuses scoped keys (observed profile) */
  legacy: 'phx_mock_legacy',
  /** insight:read only (scenario key-without-scopes) */
  noScopes: 'phx_mock_noscope',
} as const
