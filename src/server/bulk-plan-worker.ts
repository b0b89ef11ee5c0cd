// The thread that makes a big dataset's draws (src/seed/bulk-plan.ts) for bulk-thread.ts. It posts the
// plan's messages as they are made, the events' and recordings' columns handed over (not copied). The
// persons' numbers go through a ring of SLOTS batches in memory both threads share, allocated once by
// bulk-thread.ts: a batch's slot is filled again only once the builder has let it go. (Each batch in new
// memory, the ~75 MB made over a million persons stayed in this thread's malloc arena as free holes,
// counted in the process's RSS.) While the ring is full, it draws the recordings, a step at a time: the
// objects take longer to make than the draws, so the recordings are ready when the builder comes to them.
import { workerData, type MessagePort } from 'node:worker_threads'
import { batchBytes, PERSON_BATCH, personBatch, planBulk, transferables, type PlanInput } from '../seed/bulk-plan.ts'

interface WorkerData {
  input: PlanInput
  port: MessagePort
  /** [0] messages posted, [1] batches let go (bulk-thread.ts). */
  counters: SharedArrayBuffer
  /** `slots` batches of PERSON_BATCH persons. */
  ring: SharedArrayBuffer
  slots: number
  /** (Tests) fail after posting this many messages of the plan. */
  failAfter?: number
}

const { input, port, counters: countersBuffer, ring, slots, failAfter } = workerData as WorkerData
const counters = new Int32Array(countersBuffer)

function post(message: object, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer)
  Atomics.add(counters, 0, 1)
  Atomics.notify(counters, 0)
}

/** Batches handed out so far. */
let made = 0

/** The next slot of the ring, once the builder has let go of the batch that was in it; `spare` done meanwhile. */
function nextBatch(size: number, spare: () => boolean) {
  const k = made++
  for (let more = true; ;) {
    const released = Atomics.load(counters, 1)
    if (k - released < slots) break
    if (more) more = spare()
    else Atomics.wait(counters, 1, released, 1000)
  }
  return personBatch(size, ring, (k % slots) * batchBytes(PERSON_BATCH))
}

post({ kind: 'ready' })
try {
  let posted = 0
  for (const message of planBulk(input, nextBatch)) {
    if (posted++ === failAfter) throw new Error(`failing after ${failAfter} messages, as asked`)
    post(message, transferables(message))
  }
} catch (error) {
  post({ kind: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
}
port.close()
