import { gzipSync } from 'node:zlib';
import { ownBytes } from '../src/runtime/own-bytes';

describe('ownBytes: cached bytes hold only their own memory', () => {
  test('a small Buffer from a string is a slice of the shared pool: it is copied into memory of its own', () => {
    const pooled = Buffer.from('{"ok":true}', 'utf8');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const own = ownBytes(pooled);
    expect(own.equals(pooled)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    expect(own.byteOffset).toBe(0);
  });

  test("gzip's answer sits in its 16 KB output chunk: it is copied too", () => {
    const packed = gzipSync(Buffer.from('a learner answer '.repeat(100)));
    expect(packed.buffer.byteLength).toBeGreaterThan(packed.length);
    const own = ownBytes(packed);
    expect(own.equals(packed)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
  });

  test('bytes that already own their memory are kept as they are', () => {
    const alone = Buffer.allocUnsafeSlow(5000).fill(1);
    expect(ownBytes(alone)).toBe(alone);
  });
});
