/** The store keeps epoch ms; the API speaks ISO 8601 in UTC with a Z. */
export const iso = (ms: number): string => new Date(ms).toISOString()
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms))
