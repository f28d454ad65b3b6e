import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { UsageError } from '../../src/cli/cli-io.ts';
import { runCommand } from '../../src/cli/run-command.ts';
import { ContentError } from '../../src/register/content-error.ts';

function capture() {
  let stderr = '';
  const io: CliIo = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: '.',
    env: {},
    loadRegister: () => Promise.reject(new Error('not loaded in this test')),
  };
  return { io, stderr: () => stderr };
}

describe('running a command', () => {
  it("returns the command's exit code and passes it the arguments", async () => {
    const { io, stderr } = capture();
    expect(await runCommand(async (args) => args.length, ['a', 'b'], io)).toBe(2);
    expect(stderr()).toBe('');
  });

  it('turns a usage error into its message on stderr and exit 2', async () => {
    const { io, stderr } = capture();
    const code = await runCommand(
      async () => {
        throw new UsageError('--to <release> is required');
      },
      [],
      io,
    );
    expect(code).toBe(2);
    expect(stderr()).toBe('sunset: --to <release> is required\n');
  });

  it('turns content that does not load into every problem on stderr and exit 2', async () => {
    const { io, stderr } = capture();
    const code = await runCommand(
      async () => {
        throw new ContentError([{ file: 'content/entries/a.yaml', line: 3, message: 'removed_in is missing' }]);
      },
      [],
      io,
    );
    expect(code).toBe(2);
    expect(stderr()).toBe(
      "sunset: the register's content does not load:\ncontent has 1 problem:\ncontent/entries/a.yaml:3 removed_in is missing\n",
    );
  });

  it('throws anything else on, since it is a bug rather than a mistake of the user', async () => {
    const { io } = capture();
    await expect(
      runCommand(
        async () => {
          throw new TypeError('x is undefined');
        },
        [],
        io,
      ),
    ).rejects.toThrow('x is undefined');
  });
});
