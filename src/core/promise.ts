// Values that may or may not be promises: the request pipeline answers a plain value when nothing
// waits, and a promise only where something does.

export const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise

/**
 * `next(value)`: at once when `value` is plain, once it settles when it is a promise. (The request
 * pipeline's hot path in app-base.ts and turn.ts writes the same test inline.)
 */
export function andThen<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return isPromise(value) ? value.then(next) : next(value)
}

/** What `run` answers, as a promise: its value settled, its promise as it is, its throw a rejection (as an async function would). */
export function promiseOf<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    const value = run()
    return isPromise(value) ? value : Promise.resolve(value)
  } catch (error) {
    return Promise.reject(error)
  }
}
