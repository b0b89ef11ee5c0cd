// posthog/models/person/missing_person.py (uuidFromDistinctId, splitTargetUuid): uuid5 in
// PERSON_UUIDV5_NAMESPACE; the expected values are Python's uuid.uuid5 for the same names.
import { describe, expect, it } from 'vitest'
import { splitTargetUuid, uuidFromDistinctId } from './person-uuid.ts'

describe('person uuids (missing_person.py)', () => {
  it.each([
    [1, 'abc', '07738276-ab30-525b-9ece-796064758bd4'],
    [2, 'user@example.com', '689656f4-631a-57af-9696-0bf9b099affd'],
    [1, 'ünïcødé-✓', 'e5ebab86-735e-50c9-bd0a-dafd565e1bec'],
    [1, 'x'.repeat(120), 'f3f93ea2-0292-5c61-84ba-6c6404961fd8'],
  ])('uuidFromDistinctId(%i, %s) is uuid5 of "{team_id}:{distinct_id}"', (project, id, expected) => {
    expect(uuidFromDistinctId(project, id)).toBe(expected)
  })

  it('splitTargetUuid takes the ":split" name when the plain one is the source person itself', () => {
    const own = uuidFromDistinctId(1, 'abc')
    expect(splitTargetUuid(1, 'abc', own)).toBe('8ea4e030-736b-53ac-acf0-f2e9bff03bdd')
    expect(splitTargetUuid(1, 'abc', '00000000-0000-0000-0000-000000000000')).toBe(own)
  })
})
