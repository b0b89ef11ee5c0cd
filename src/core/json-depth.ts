// How deep a JSON text nests, found without parsing or recursion. A body nested tens of thousands of
// levels deep parses fine in V8 but overflows the stack wherever it is later copied or serialized
// (the journal, a stored playlist's filters), so such input is refused up front.

/** Deepest nesting the API accepts in a request body or a JSON query parameter. */
export const MAX_JSON_DEPTH = 256

/** True when arrays and objects in `text` nest deeper than `max` (brackets inside strings do not count). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  // Nesting deeper than `max` takes more than `max` opening brackets: most bodies are shorter than that.
  if (text.length <= max) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > max) return true
    } else if (c === 93 || c === 125) depth--
  }
  return false
}
