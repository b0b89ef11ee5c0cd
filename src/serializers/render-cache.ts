// How many records each serializer keeps rendered (see core/bounded-cache.ts): a few list pages' worth
// many times over (a 100-person page touches 100), and at most 8,000 persons held, ~8 MB (~1 kB each with
// their JSON text).
export const RENDER_CACHE_SIZE = 4_000
