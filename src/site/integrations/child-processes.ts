import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The ids of this process's live child processes, from Linux's `/proc`; none where there is no `/proc`. */
export async function childProcessIds(): Promise<Set<string>> {
  try {
    const tasks = await readdir('/proc/self/task');
    const lists = await Promise.all(tasks.map((task) => readFile(`/proc/self/task/${task}/children`, 'utf8').catch(() => '')));
    return new Set(lists.flatMap((list) => list.split(' ').filter((pid) => pid.trim() !== '')).map((pid) => pid.trim()));
  } catch {
    return new Set();
  }
}

/**
 * The ids of this process's live child processes started from a program whose file name holds `name`
 * (from `/proc/PID/cmdline`), so a child another thread starts meanwhile (git, while pages render) is not
 * taken for it; none where there is no `/proc`.
 */
export async function childProcessesOf(name: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const pid of await childProcessIds()) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (path.basename(command.split('\0')[0] ?? '').includes(name)) found.add(pid);
  }
  return found;
}

/**
 * Waits, up to `timeoutMs`, until none of `pids` is a child of this process any more, that is until each
 * has ended and been reaped here. A process stopped and left to end on its own after this one exits is
 * counted to no one's CPU time; reaped here, its time adds to this process's children's (what the build
 * benchmark reads).
 */
export async function childProcessesEnded(pids: ReadonlySet<string>, timeoutMs = 2000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (pids.size > 0 && performance.now() < deadline) {
    const live = await childProcessIds();
    if (![...pids].some((pid) => live.has(pid))) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
