/**
 * The acknowledgment boxes a learner ticked in the compliance dialog, kept for this tab: ticks are only
 * sent with Next, so without this a reload would drop them. Kept per user (another sign-in in the tab
 * starts afresh); a tick counts only once its document is Read again (use-reading restores that).
 */
import { readItem, storageKeys, writeItem } from '../../app/storage';

export function readTicked(userId: string): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(readItem('session', storageKeys.ticked) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return new Set();
    const { userId: owner, keys } = stored as { userId?: unknown; keys?: unknown };
    if (owner !== userId || !Array.isArray(keys)) return new Set();
    return new Set(keys.filter((k): k is string => typeof k === 'string'));
  } catch {
    return new Set();
  }
}

export function writeTicked(userId: string, keys: ReadonlySet<string>): void {
  writeItem('session', storageKeys.ticked, JSON.stringify({ userId, keys: [...keys] }));
}
