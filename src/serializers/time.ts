// The store keeps epoch ms; the API prints them as the real service does (see core/datetime.ts, the one
// formatter every printed date-time goes through).
export { iso, isoOffset, isoOrNull } from '../core/datetime.ts'
