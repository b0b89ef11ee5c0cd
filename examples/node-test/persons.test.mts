// The same helper under node's own test runner (no vitest): any runner with before/after hooks works.
//   node --conditions=analytics-mock-source --import tsx --test examples/node-test/persons.test.mts
import assert from 'node:assert/strict'
import { after, afterEach, before, test } from 'node:test'
import { setupServer } from 'msw/node'
import { createMock, KEYS, type ResponseBody } from 'analytics-mock/testing'

const mock = await createMock({ fixtures: 'empty-project', now: '2026-11-04T12:00:00Z' })
const server = setupServer(...mock.handlers)

before(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => mock.reset())
after(() => server.close())

const listPersons = async () => {
  const res = await fetch('https://us.posthog.com/api/environments/1/persons/', {
    headers: { authorization: `Bearer ${KEYS.all}` },
  })
  return (await res.json()) as ResponseBody<'persons_list'>
}

test('an empty project lists no persons', async () => {
  assert.deepEqual((await listPersons()).results, [])
})

test('a person made with the factory is listed', async () => {
  const person = await mock.create.person({ properties: { email: 'ada@example.com' } })
  const list = await listPersons()
  assert.deepEqual(
    list.results.map((p) => [p.id, p.name]),
    [[person.id, 'ada@example.com']],
  )
  assert.equal(mock.calls('persons_list').length, 1)
})

test('the reset after the previous test emptied the project again', async () => {
  assert.equal((await listPersons()).count, 0)
})
