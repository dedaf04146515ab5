/**
 * Stopping `npm start` as a terminal would, for the tests that run it: SIGTERM to its process group, then wait
 * for every process of the group. npm exits on the signal before the server under it has finished shutting down
 * (the server writes its last checkpoint then), so waiting for npm alone and then removing or reusing its
 * DATA_DIR races with that server: a removal fails with ENOTEMPTY, a second start opens files still being written.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * Whether a live process of the group led by `pid` is still there. On Linux the process table is read, so a
 * zombie (exited, not yet reaped: npm's orphans are reaped by PID 1, which in a container may never do it)
 * counts as gone; elsewhere signal 0 to the group answers.
 */
export function processGroupAlive(pid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .some((entry) => {
        try {
          // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so fields count from the last ')'.
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return Number(pgrp) === pid && state !== 'Z';
        } catch {
          return false; // It exited while the table was read.
        }
      });
  }
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits until the group led by `pid` is gone, for `ms` at most; tells whether it went. */
export async function processGroupGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (processGroupAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((tick) => setTimeout(tick, 50));
  }
  return true;
}

/**
 * SIGTERM to the group `proc` leads (spawned `detached`), then waits for all of it; SIGKILL after `graceMs`.
 * Tells whether the group stopped on SIGTERM within the grace.
 */
export async function stopProcessGroup(proc: ChildProcess, graceMs = 15_000): Promise<boolean> {
  const pid = proc.pid;
  if (pid === undefined) return true;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // The group is already gone.
    }
  };
  signal('SIGTERM');
  if (await processGroupGone(pid, graceMs)) return true;
  signal('SIGKILL');
  // Killed processes are gone at once unless nobody reaps them; the caller's removal retries either way.
  await processGroupGone(pid, 5_000);
  return false;
}
