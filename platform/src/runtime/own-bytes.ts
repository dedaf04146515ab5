/**
 * Bytes to keep for as long as they are cached (a learner's data key), in memory of their own and of their
 * exact size. A small Buffer made the usual way is a slice of a shared 8 KB pool, and gzip's output a slice of
 * its 16 KB chunk: kept, 32 bytes would hold the whole 8 or 16 KB. (A 3-minute soak of the learner mix once
 * held 2,060 pool slabs and 1,172 gzip chunks this way, 36 MB, growing with every answer kept.)
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}
