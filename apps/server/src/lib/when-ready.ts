/** A value now, or a promise of it. */
export type Ready<T> = T | Promise<T>;

/**
 * Runs `then` on a value at once when it is there, or when its promise settles. Cached answers (content, health)
 * come back without a promise, so a cached read goes from request to reply without one: on a cached read each
 * promise is a measurable share of the server's work (nothing awaited that need not be).
 */
export function whenReady<T, R>(value: Ready<T>, then: (value: T) => R): R | Promise<Awaited<R>> {
  return value instanceof Promise ? (value.then(then) as Promise<Awaited<R>>) : then(value);
}
