/**
 * About how much of V8's heap a plain JSON value takes (a read-model document as parsed), in bytes: an object
 * or array its header and a slot per entry, a string its characters and a header, a number a slot and a box.
 * Property names live in the objects' shared shapes and are not counted. It walks the value once; caches use
 * it to bound their memory rather than their number of entries, since one learner's compliance record can
 * be a hundred times another's progress.
 */
export function approximateBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return 16 + value.length;
    case 'number':
      return 16;
    case 'object': {
      if (value === null) return 8;
      if (Array.isArray(value)) {
        let bytes = 32 + 8 * value.length;
        for (const item of value) bytes += approximateBytes(item);
        return bytes;
      }
      let bytes = 32;
      for (const key in value) bytes += 8 + approximateBytes((value as Record<string, unknown>)[key]);
      return bytes;
    }
    default:
      return 8;
  }
}
