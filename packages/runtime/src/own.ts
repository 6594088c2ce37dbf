/**
 * Reading and writing properties whose names come from a spec or a server. Such a name is just a
 * name: `toString` must not read `Object.prototype.toString` when the caller did not set it, and
 * `__proto__` must define a property, not replace an object's prototype.
 */

/** The own property `key` of `record`, or undefined (never an inherited member). */
export function ownValue<T>(
  record: Readonly<Record<string, T>> | undefined | null,
  key: string,
): T | undefined {
  return record !== undefined && record !== null && Object.hasOwn(record, key)
    ? record[key]
    : undefined;
}

/** Sets an own, enumerable property, whatever its name. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  // A name the object has nowhere on its prototype chain (not `__proto__`, not `toString`) is
  // created by assignment exactly as defined below, and without the cost of a descriptor, which
  // also leaves a big object slow to read (a generation run sets millions of properties).
  if (!(key in record) && Object.isExtensible(record)) {
    record[key] = value;
    return;
  }
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** The own property `key` of `record`, created with `create()` when there is none. */
export function ownOrCreate<T>(record: Record<string, T>, key: string, create: () => T): T {
  if (Object.hasOwn(record, key)) return record[key]!;
  const value = create();
  setOwn(record, key, value);
  return value;
}
