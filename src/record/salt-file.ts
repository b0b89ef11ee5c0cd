// The salt that keys a recording's fakes, kept in a file (`record --salt-file FILE`): re-recording the
// same deployment with the same file gives the same fakes, so a committed scenario changes only where
// the data changed. A missing file is created with a new random salt (readable by its owner only); the
// salt is a secret like a key (with it, a fake can be matched against a guessed original), so the file
// belongs outside the repository the scenario is committed to.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

export const SALT_FILE_ENV = 'ANALYTICS_MOCK_SALT_FILE'

/** A salt file that cannot serve (empty, or unreadable): a usage error for the command. */
export class SaltFileError extends Error {}

/** The salt in `path`, after creating the file with a random one when it does not exist. */
export async function saltFromFile(path: string): Promise<string> {
  try {
    await mkdir(dirname(path), { recursive: true })
    // `wx`: never overwrites a salt another run created meanwhile.
    await writeFile(path, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new SaltFileError(`cannot create the salt file ${path}: ${(error as Error).message}`)
  }
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new SaltFileError(`cannot read the salt file ${path}: ${(error as Error).message}`)
  }
  const salt = text.trim()
  if (salt.length < 16)
    throw new SaltFileError(
      `the salt file ${path} holds ${salt === '' ? 'nothing' : 'too short a salt'} (16 characters or more; remove it to have one made)`,
    )
  return salt
}
