import path from 'node:path';
import { main } from '../../src/cli/cli.ts';
import { loadRegister } from '../../src/register/index.ts';

/** The fixture repositories. */
export const REPOS = path.resolve(import.meta.dirname, '../fixtures/repos');

const loaded = loadRegister().then((register) => ({ register, source: 'content' as const }));

/** Runs the CLI in-process in a folder and collects what it wrote and its exit code. */
export async function runCli(args: string[], cwd: string, options: { isTTY?: boolean; env?: Record<string, string> } = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.isTTY ?? false },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    env: options.env ?? {},
    loadRegister: () => loaded,
  });
  return { code, stdout, stderr };
}
