// Values that may or may not be promises: the request pipeline answers a plain value when nothing
// waits, and a promise only where something does.

export const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise

/** What `run` answers, as a promise: its value settled, its promise as it is, its throw a rejection (as an async function would). */
export function promiseOf<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    const value = run()
    return isPromise(value) ? value : Promise.resolve(value)
  } catch (error) {
    return Promise.reject(error)
  }
}
