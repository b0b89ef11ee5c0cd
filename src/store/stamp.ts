// Stamps: numbers that name a version of some part of the store, never reused in the process (so a
// reset, a restore or another app's store never hands out one already seen). What is made from that
// part can be kept with its stamp and reused while the stamp is unchanged.
let last = 0

export function nextStamp(): number {
  return ++last
}
