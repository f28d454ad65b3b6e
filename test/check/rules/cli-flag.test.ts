// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the texts under test are shell scripts that use ${…}
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { activeRule } from '../active-rule.ts';
import { anchorOf, matchRule } from './match-rule.ts';

const rule = { kind: 'cli-flag', command: 'gitlab-runner register', flag: '--locked' };

describe('cli-flag rule', () => {
  it('finds the flag after the command on the same logical line', () => {
    const script = 'gitlab-runner register \\\n  --url x \\\n  --locked\ngitlab-runner --debug register --locked=true\n';
    expect(matchRule(rule, 'setup.sh', script)).toEqual(['3:3 --locked', '4:32 --locked']);
  });

  it('ignores other commands, longer flags and comments', () => {
    const script =
      'gitlab-runner unregister --locked\ngitlab-runner register --locked-down\n# gitlab-runner register --locked\necho --locked\n';
    expect(matchRule(rule, 'setup.sh', script)).toEqual([]);
  });

  it('leaves out a command in a Ruby block comment, not the same command after it', () => {
    const ruby = '=begin\nsystem("gitlab-runner register --locked")\n=end\nsystem("gitlab-runner register --locked")\n';
    expect(matchRule(rule, 'provision.rb', ruby)).toEqual(['4:32 --locked']);
    // In a shell script the same lines are commands: `=begin` means nothing there.
    expect(matchRule(rule, 'provision.sh', ruby)).toHaveLength(2);
  });

  it('reads a flag with the command of its own statement only', () => {
    const script = 'gitlab-runner register --token "$T" && publish --locked\ngitlab-runner register \\\n  --locked\n';
    expect(matchRule(rule, 'setup.sh', script)).toEqual(['3:3 --locked']);
    const yaml = [
      '- name: Register',
      '  ansible.builtin.command:',
      '    argv: [gitlab-runner, register, --non-interactive, --locked]',
      '- name: Publish',
      '  ansible.builtin.command: >',
      '    deploy-tool publish',
      '    --locked',
      '',
    ].join('\n');
    expect(matchRule(rule, 'tasks.yml', yaml)).toEqual(['3:56 --locked']);
  });

  it('reports a flag its command owns wherever the command is spelt indirectly, and only in commands', () => {
    const owned = { kind: 'cli-flag', command: 'register', flag: '--registration-token', owned: true };
    const tasks = [
      '- name: Register with a templated command',
      '  ansible.builtin.shell: "{{ register_runner_cmd }} --non-interactive --registration-token {{ token }}"',
      '- name: Register in a container',
      '  community.docker.docker_container:',
      '    name: runner',
      '    command:',
      '      - "{{ runner_bin }}"',
      '      - --registration-token',
      '      - "{{ token }}"',
      '- name: Say what changed',
      '  ansible.builtin.debug:',
      '    msg: "--registration-token is gone in 18.0"',
      '- name: Search',
      '  ansible.builtin.command: grep -r -- --registration-token docs/',
      '',
    ].join('\n');
    expect(matchRule(owned, 'tasks.yml', tasks)).toEqual(['2:71 --registration-token', '8:9 --registration-token']);
    const script = '"$RUNNER" --registration-token "$T"\nsudo ${RUNNER_BIN} --registration-token x\necho --registration-token\n';
    expect(matchRule(owned, 'a.sh', script)).toEqual(['1:11 --registration-token', '2:20 --registration-token']);
    expect(matchRule({ ...owned, owned: false }, 'a.sh', script)).toEqual([]);
  });

  it('finds a short form after the command’s words only, and anchors on the command then', () => {
    const rule = { kind: 'cli-flag', command: 'register', flag: '--registration-token', short: '-r', owned: true };
    const text = [
      'gitlab-runner register -n -u https://x -r "$TOKEN"',
      'gitlab-runner register -n --registration-token "$TOKEN"',
      '$RUNNER -r "$TOKEN"',
      'rm -r /tmp/register',
      'gitlab-runner register -rf',
      '',
    ].join('\n');
    expect(matchRule(rule, 'r.sh', text)).toEqual(['1:40 -r', '2:27 --registration-token']);
    expect(anchorOf(rule)).toBe('register');
  });

  it('lets a file through the prefilter on the long flag its command owns, which counts without the command', () => {
    const owned = { kind: 'cli-flag', command: 'gitlab-runner register', flag: '--registration-token', short: '-r', owned: true };
    const engine = createEngine([activeRule('token', owned)], { configDir: '.gitlab' });
    // The command is a variable of the playbook: no word of it is in the file, only the flag.
    const tasks = [
      '- ansible.builtin.command:',
      '    argv:',
      '      - "{{ runner_binary }}"',
      '      - --registration-token',
      '',
    ];
    const bytes = Buffer.from(tasks.join('\n'));
    expect(engine.prefilter.hits(bytes)).toBe(true);
    const { findings } = engine.checkText(
      { path: 'tasks.yml', rootPath: 'tasks.yml' },
      tasks.join('\n'),
      engine.prefilter.anchorsIn(bytes),
    );
    expect(findings.map((finding) => `${finding.line} ${finding.match}`)).toEqual(['4 --registration-token']);
    // A flag the command does not own is found after the command's words only: the command's word is enough.
    const borrowed = createEngine([activeRule('token', { ...owned, owned: false })], { configDir: '.gitlab' });
    expect(borrowed.prefilter.hits(bytes)).toBe(false);
  });
});

describe('cli-flag rule, edges of the command and the files it reads', () => {
  it('reads a command written with spaces around and between its words as its words', () => {
    const spaced = { kind: 'cli-flag', command: ' gitlab-runner  register ', flag: '--locked' };
    expect(matchRule(spaced, 'setup.sh', 'gitlab-runner register --locked\n')).toEqual(['1:24 --locked']);
    expect(matchRule(spaced, 'setup.sh', 'gitlab-runner unregister --locked\n')).toEqual([]);
  });

  it('reads code and configuration, never prose or GraphQL', () => {
    const line = 'gitlab-runner register --locked\n';
    expect(matchRule(rule, 'setup.sh', line)).toEqual(['1:24 --locked']);
    expect(matchRule(rule, 'notes.txt', line)).toEqual([]);
    expect(matchRule(rule, 'schema.graphql', `query { note(text: "${line.trim()}") }\n`)).toEqual([]);
  });
});
