// Method not allowed: a method the contract does not document on a collection path is 405 in the error
// shape. Only PUT without a body on collection paths is sent: harmless even where a deployment is wrong.
import type { Suite } from './suite.ts'

const COLLECTIONS = ['persons_list', 'session_recording_playlists_list', 'session_recordings_list']
const NAME = 'method not allowed: PUT is 405'

export const methodsSuite: Suite = {
  name: 'methods',
  checks: COLLECTIONS.map((op): [string, string] => [op, NAME]),
  async run({ run, client }) {
    for (const operationId of COLLECTIONS) {
      await run.check(operationId, NAME, async (t) => {
        const op = t.op(operationId)
        const documented = run.contract.operations.filter((o) => o.path === op.path).map((o) => o.method)
        if (documented.includes('PUT')) t.skip(`PUT is documented on ${op.path}`)
        const ex = await client.raw('PUT', client.urlFor(op))
        t.ensure(ex.status === 405, `PUT ${op.path} answered ${ex.error ?? ex.status}, not 405`, ex)
        t.expectErrorShape(ex)
        if (!ex.headers['allow']) t.note('the 405 has no Allow header')
      })
    }
  },
}
