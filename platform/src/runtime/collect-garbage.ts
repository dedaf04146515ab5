import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Collects this thread's garbage now, in full, so that its heap can shrink: for after one-off work that grew
 * the heap far past what the thread keeps (the start-up scan of the whole log), since an idle thread is not
 * collected again and its heap would stay that size. V8 hands out its `gc` function only behind
 * `--expose-gc`, and only to contexts made after the flag is set: so the flag is set and the function taken
 * from a new context.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
