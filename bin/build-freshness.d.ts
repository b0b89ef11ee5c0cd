/** Whether `root` (the package's directory, ending in a slash) holds a compiled CLI no older than its sources (always, when installed). */
export function buildIsCurrent(root: string): boolean
