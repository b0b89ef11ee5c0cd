// Files the commands write (a recorded scenario, reports, a baseline): whole or not at all. The text
// goes to a temporary file beside the target, is flushed to disk, then renamed over it, so a reader
// (or a crash) never sees half a file; a failure leaves no temporary file behind.
import { mkdir, open, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'

export async function writeFileAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}.tmp`
  try {
    const handle = await open(temp, 'w')
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
}
