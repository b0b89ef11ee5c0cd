// "Did you mean": the names a mistyped one was probably meant to be (a command, an option). A typo is a
// letter added, dropped or changed, or two neighbours swapped (`sreve`, `--prot`); a name cut short
// (`--journal`) is taken as the beginning of the names it begins.

/** Edits between `a` and `b`: letters added, dropped or changed, and neighbours swapped (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      row.push(d)
    }
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

/**
 * The names `typed` was probably meant to be, in `names`' order: the nearest within a typo's reach (one
 * edit, two from 6 letters on), else those it begins (from 3 letters on); at most 3, none when nothing is near.
 */
export function didYouMean(typed: string, names: Iterable<string>): string[] {
  const wanted = typed.toLowerCase()
  const reach = wanted.length >= 6 ? 2 : 1
  let best = reach + 1
  let nearest: string[] = []
  const begun: string[] = []
  for (const name of names) {
    if (name === typed) continue
    const d = editDistance(wanted, name.toLowerCase())
    if (d < best) [best, nearest] = [d, [name]]
    else if (d === best) nearest.push(name)
    if (wanted.length >= 3 && name.toLowerCase().startsWith(wanted)) begun.push(name)
  }
  return (nearest.length > 0 ? nearest : begun).slice(0, 3)
}

/** ` (did you mean A?)`, ` (did you mean A or B?)`, or nothing; each name written by `show`. */
export function suggestion(
  typed: string,
  names: Iterable<string>,
  show: (name: string) => string = (name) => name,
): string {
  const found = didYouMean(typed, names).map(show)
  if (found.length === 0) return ''
  return ` (did you mean ${found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} or ${found.at(-1)}`}?)`
}
