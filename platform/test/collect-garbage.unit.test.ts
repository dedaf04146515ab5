import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from '../src/runtime/collect-garbage';

test('collects what is no longer reachable at once, as a one-off job leaves it', () => {
  const used = () => getHeapStatistics().used_heap_size;
  collectGarbage();
  const before = used();
  // About 40 MB of objects, then dropped: nothing reaches them once the function has returned.
  (() => {
    const garbage = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `event ${i} `.repeat(8) }));
    expect(garbage).toHaveLength(200_000);
  })();
  expect(used() - before).toBeGreaterThan(20 * 2 ** 20);
  collectGarbage();
  expect(used() - before).toBeLessThan(5 * 2 ** 20);
});
