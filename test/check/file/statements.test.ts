// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the texts under test are shell, JavaScript and Python sources that use ${…}
import { describe, expect, it } from 'vitest';
import { type SegmentOptions, segmentStatements, statementAt, statementText } from '../../../src/check/file/statements.ts';

/** The statements of a text, as their texts. */
function cut(text: string, language: SegmentOptions['language'], options: Partial<SegmentOptions> = {}): string[] {
  return segmentStatements(text, { language, ...options }).statements.map(([start, end]) => text.slice(start, end));
}

describe('statements', () => {
  it('cuts shell into commands: continuation lines and open quotes join, ; && || | end a command', () => {
    const script = [
      '#!/bin/sh',
      'curl --request POST "$API/runners" \\',
      '  --form "token=$T"',
      'curl "$URL/-/jwks" && echo done | tee out.txt; echo next',
      "echo 'it''s",
      "  two lines'",
      'n=$#; echo "${#n}" 2>&1 # a comment with an apostrophe: don\'t',
      '',
    ].join('\n');
    expect(cut(script, 'shell')).toEqual([
      'curl --request POST "$API/runners" \\\n  --form "token=$T"',
      'curl "$URL/-/jwks"',
      'echo done',
      'tee out.txt',
      'echo next',
      "echo 'it''s\n  two lines'",
      'n=$#',
      'echo "${#n}" 2>&1',
    ]);
  });

  it('keeps a here-document with the command that reads it, and a function body apart from its header', () => {
    const script = ['cat <<EOF > body.json', '{ "token": "it\'s" }', 'EOF', 'register() {', '  curl -X POST "$1"', '}', ''].join(
      '\n',
    );
    expect(cut(script, 'shell')).toEqual([
      'cat <<EOF > body.json\n{ "token": "it\'s" }\nEOF',
      'register() {',
      'curl -X POST "$1"',
    ]);
  });

  it('reads a Python call with all its arguments, blank lines inside included', () => {
    const code = [
      'def delete(api):',
      '    response = requests.request(',
      '        "DELETE",',
      '',
      '        f"{api}/v2/x",  # the tag',
      '    )',
      '    data = {"token": 1,',
      '            "b": 2}',
      '    return response',
      '',
    ].join('\n');
    expect(cut(code, 'python')).toEqual([
      'def delete(api):',
      'response = requests.request(\n        "DELETE",\n\n        f"{api}/v2/x",  # the tag\n    )',
      'data = {"token": 1,\n            "b": 2}',
      'return response',
    ]);
  });

  it('tells a block from a literal in Go and JavaScript', () => {
    const go = [
      'func reset(gid string) error {',
      '\tu := fmt.Sprintf("groups/%s/runners/reset_registration_token", gid)',
      '',
      '\treq, err := c.NewRequest(http.MethodPost, u, nil)',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\topts := &gitlab.RegisterNewRunnerOptions{',
      '\t\tToken: gitlab.Ptr(token),',
      '\t}',
      '}',
    ].join('\n');
    expect(cut(go, 'c-like')).toEqual([
      'func reset(gid string) error {',
      'u := fmt.Sprintf("groups/%s/runners/reset_registration_token", gid)',
      'req, err := c.NewRequest(http.MethodPost, u, nil)',
      'if err != nil {',
      'return err',
      'opts := &gitlab.RegisterNewRunnerOptions{\n\t\tToken: gitlab.Ptr(token),\n\t}',
    ]);
    const js =
      "app.post('/x', async (req, res) => {\n  const r = await fetch(`${api}/runners`, {\n    method: 'POST',\n  });\n  api.Runners.all()\n    .then(show);\n});\n";
    expect(cut(js, 'c-like')).toEqual([
      "app.post('/x', async (req, res) => {",
      "const r = await fetch(`${api}/runners`, {\n    method: 'POST',\n  })",
      'api.Runners.all()\n    .then(show)',
      ')',
    ]);
  });

  it('reads HCL blocks and here-documents, and folds a YAML folded scalar into one command', () => {
    const hcl = 'resource "gitlab_runner" "r" {\n  registration_token = var.t\n  note = <<EOT\n  it\'s\n  EOT\n}\n';
    expect(cut(hcl, 'hcl')).toEqual([
      'resource "gitlab_runner" "r" {',
      'registration_token = var.t',
      "note = <<EOT\n  it's\n  EOT",
    ]);
    const folded = 'run: >\n  gitlab-runner register\n  --registration-token x\n\n  echo next\n';
    expect(cut(folded, 'shell', { from: 7, fold: true })).toEqual([
      'gitlab-runner register\n  --registration-token x',
      'echo next',
    ]);
  });

  it('finds the statement at an offset and blanks comments in its text', () => {
    const text = 'a=1\ncurl "$U" # POST\n';
    const { statements, comments } = segmentStatements(text, { language: 'shell' });
    const at = statementAt(statements, text.indexOf('$U'));
    expect(at && statementText(text, at, comments)).toBe('curl "$U"');
    expect(statementAt(statements, text.indexOf('POST'))).toBeUndefined();
    expect(statementText(text, [4, text.length - 1], comments)).toBe('curl "$U"       ');
  });
});
