import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { fileKind } from '../../../src/check/file/file-kind.ts';
import { assignmentOf, MAX_REACH } from '../../../src/check/file/statement-links.ts';

/** The statement at the first occurrence of `needle`, and the statements a variable ties to it. */
function read(file: string, text: string, needle: string) {
  const analyzed = analyzeFile(file, file, text, fileKind(file, { configDir: '.gitlab' }));
  const statement = analyzed.statements.at(text.indexOf(needle));
  return { own: statement.text, linked: analyzed.statements.linked(statement).map((other) => other.text) };
}

describe('statement reader', () => {
  it('ties an assignment to its uses in the same function, across blank lines, and no further', () => {
    const go = [
      'func (s *S) Reset(gid string) error {',
      '\tu := fmt.Sprintf("groups/%s/runners/reset_registration_token", gid)',
      '',
      '\treq, err := s.client.NewRequest(http.MethodPost, u, nil)',
      '\treturn s.client.Do(req, nil)',
      '}',
      '',
      'func (s *S) List(u string) {',
      '\ts.client.NewRequest(http.MethodGet, u, nil)',
      '}',
    ].join('\n');
    expect(read('runners.go', go, 'groups/')).toEqual({
      own: 'u := fmt.Sprintf("groups/%s/runners/reset_registration_token", gid)',
      linked: ['req, err := s.client.NewRequest(http.MethodPost, u, nil)', 'return s.client.Do(req, nil)'],
    });
  });

  it('ties a call to the assignments of the variables it reads, fields set later included', () => {
    const python = [
      'params = {"ref": "other"}',
      'def lint(api):',
      '    params = {"content_ref": "main"}',
      '    params["dry_run"] = True',
      '    other = {"sha": "x"}',
      '    return requests.get(f"{api}/projects/1/ci/lint", params=params)',
      '',
    ].join('\n');
    expect(read('lint.py', python, 'requests.get')).toEqual({
      own: 'return requests.get(f"{api}/projects/1/ci/lint", params=params)',
      linked: ['params = {"content_ref": "main"}', 'params["dry_run"] = True'],
    });
    const shell = 'URL="$API/-/jwks"\ncurl --request POST "$OTHER"\ncurl "$URL"\n';
    expect(read('a.sh', shell, '$API')).toEqual({ own: 'URL="$API/-/jwks"', linked: ['curl "$URL"'] });
  });

  it('knows assignments in each language, and comparisons are not assignments', () => {
    expect(assignmentOf('export BASE_URL="x"', 'shell')).toEqual({ name: 'BASE_URL', field: false });
    expect(assignmentOf('const url: string = `x`', 'c-like')).toEqual({ name: 'url', field: false });
    expect(assignmentOf('req, err := http.NewRequest()', 'c-like')).toEqual({ name: 'req', field: false });
    expect(assignmentOf('opt.ListOptions.Page = resp.NextPage', 'c-like')).toEqual({ name: 'opt', field: true });
    expect(assignmentOf('$uri = "x"', 'powershell')).toEqual({ name: 'uri', field: false });
    expect(assignmentOf('if a == b', 'python')).toBeUndefined();
    expect(assignmentOf('x => y', 'c-like')).toBeUndefined();
  });

  it('reads YAML by its structure: a command in a scalar, an argument list, a module’s options', () => {
    const tasks = [
      '- name: Reset',
      '  ansible.builtin.uri:',
      '    url: "{{ api }}/runners/reset_registration_token"',
      '    method: POST',
      '- name: Register',
      '  community.docker.docker_container:',
      '    command: [register, --non-interactive, --registration-token, "{{ token }}"]',
      '- name: Shell',
      '  shell: |',
      '    curl -X POST "$A" \\',
      '      --form "a=b"',
      '    curl "$B/-/jwks"',
      '',
    ].join('\n');
    expect(read('tasks.yml', tasks, '{{ api }}').own).toBe(
      'url: "{{ api }}/runners/reset_registration_token"\n    method: POST\n',
    );
    expect(read('tasks.yml', tasks, '--registration-token').own).toBe(
      '[register, --non-interactive, --registration-token, "{{ token }}"]',
    );
    expect(read('tasks.yml', tasks, '$B').own).toBe('curl "$B/-/jwks"');
    expect(read('tasks.yml', tasks, '--form').own).toBe('curl -X POST "$A" \\\n      --form "a=b"');
    expect(read('tasks.yml', 'a: [\n', 'a').own).toBe('a: [');
  });

  it('walks at most a bounded number of statements either way, and reads only an assignment’s head', () => {
    const filler = (count: number) => Array.from({ length: count }, (_, index) => `echo ${index}`).join('\n');
    const near = `URL="$API/-/jwks"\n${filler(MAX_REACH - 1)}\ncurl "$URL"\n`;
    expect(read('a.sh', near, '$API').linked).toEqual(['curl "$URL"']);
    const far = `URL="$API/-/jwks"\n${filler(MAX_REACH)}\ncurl "$URL"\n`;
    expect(read('a.sh', far, '$API').linked).toEqual([]);
    // A long line that is no assignment is read only at its head.
    expect(assignmentOf(`x${': a'.repeat(50_000)}`, 'c-like')).toBeUndefined();
  });
});
