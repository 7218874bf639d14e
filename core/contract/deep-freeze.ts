/**
 * An answer kept in a process and shared by every caller that gets it (the storefront's shared
 * answers, the API's reads kept while the database is unchanged) is frozen through and through:
 * a caller that changed it would change it for everyone. Byte arrays cannot be frozen and are
 * left as they are; an object frozen already (a kept part of a kept answer) is not walked again.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
