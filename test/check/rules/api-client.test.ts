import { describe, expect, it } from 'vitest';
import { sharedName } from '../../../src/check/rules/api-client.ts';
import { fieldPattern } from '../../../src/check/rules/api-clients.ts';
import { anchorOf, matchRule } from './match-rule.ts';

const register = { kind: 'api-client', client: 'go-gitlab', call: 'RegisterNewRunner' };
const goRegister = (importLine: string) =>
  `package r\n\nimport (\n\t${importLine}\n)\n\nfunc f(git *gitlab.Client) {\n\tgit.Runners.RegisterNewRunner(opts)\n}\n`;

describe('api-client rule', () => {
  it('reads the Go client under both of its module paths, and nothing where the client is not imported', () => {
    expect(matchRule(register, 'r.go', goRegister('"github.com/xanzy/go-gitlab"'))).toEqual(['8:14 go-gitlab:RegisterNewRunner']);
    expect(matchRule(register, 'r.go', goRegister('gitlab "gitlab.com/gitlab-org/api/client-go"'))).toHaveLength(1);
    expect(matchRule(register, 'r.go', goRegister('"example.com/runners/registry"'))).toEqual([]);
    // The same method of another library, in a file that does import the client, is still the call's name: a comment is not.
    expect(matchRule(register, 'r.go', goRegister('"github.com/xanzy/go-gitlab"').replace('\tgit.', '\t// git.'))).toEqual([]);
  });

  it('reads gitbeaker from @gitbeaker/rest and @gitbeaker/node, and python-gitlab from its import', () => {
    const rule = { kind: 'api-client', client: 'gitbeaker', call: 'Runners.create|Runners.register' };
    for (const module of ['@gitbeaker/rest', '@gitbeaker/node'])
      expect(matchRule(rule, 'a.ts', `import { Gitlab } from '${module}';\nawait api.Runners.register(token);\n`)).toHaveLength(
        1,
      );
    expect(matchRule(rule, 'a.ts', "import { Registry } from './registry';\nawait runners.Runners.register(token);\n")).toEqual(
      [],
    );
    const python = { kind: 'api-client', client: 'python-gitlab', call: 'runners.create', unless_fields: ['runner_id'] };
    expect(matchRule(python, 'a.py', 'from gitlab import Gitlab\ngl.runners.create({"token": t})\n')).toHaveLength(1);
    expect(matchRule(python, 'a.py', 'import gitlab\nproject.runners.create({"runner_id": 4})\n')).toEqual([]);
    expect(matchRule(python, 'a.py', 'import gitlab_helpers\ngl.runners.create({"token": t})\n')).toEqual([]);
  });

  it('reads python-gitlab in a module that receives its client: a function taking `gl`, or the client’s type', () => {
    const python = { kind: 'api-client', client: 'python-gitlab', call: 'runners.create', unless_fields: ['runner_id'] };
    expect(matchRule(python, 'a.py', 'def register(gl, token):\n    return gl.runners.create({"token": token})\n')).toEqual([
      '2:23 python-gitlab:runners.create',
    ]);
    expect(
      matchRule(python, 'a.py', 'def register(client: "gitlab.Gitlab"):\n    client.runners.create({"token": t})\n'),
    ).toHaveLength(1);
    expect(matchRule(python, 'a.py', 'def register(glob, token):\n    glob.runners.create({"token": token})\n')).toEqual([]);
  });

  it('reads the fields of a call from an options value built before it, fields set in nested blocks included', () => {
    const rule = { ...register, any_fields: ['TagList', 'Locked'] };
    const code = [
      'import "github.com/xanzy/go-gitlab"',
      'func f(git *gitlab.Client, tags []string) {',
      '\topts := &gitlab.RegisterNewRunnerOptions{Token: gitlab.Ptr(t)}',
      '\tif len(tags) > 0 {',
      '\t\topts.TagList = &tags',
      '\t}',
      '',
      '\tgit.Runners.RegisterNewRunner(opts)',
      '}',
      '',
    ].join('\n');
    expect(matchRule(rule, 'r.go', code)).toEqual(['8:14 go-gitlab:RegisterNewRunner']);
    expect(matchRule(rule, 'r.go', code.replace('\t\topts.TagList = &tags\n', ''))).toEqual([]);
  });

  it('reports a Terraform resource at its named field, and a field alone wherever a client file sets or reads it', () => {
    const rule = { kind: 'api-client', client: 'terraform', call: 'gitlab_runner', fields: ['registration_token'] };
    const tf = 'resource "gitlab_runner" "a" {\n  description = "x"\n  registration_token = var.t # secret\n}\n';
    expect(matchRule(rule, 'main.tf', tf)).toEqual(['3:3 terraform:gitlab_runner']);
    expect(matchRule(rule, 'main.tf', tf.replace('registration_token', '# registration_token'))).toEqual([]);
    const field = { kind: 'api-client', client: 'go-gitlab', fields: ['CIJobTokenScopeEnabled'] };
    const go =
      'import "github.com/xanzy/go-gitlab"\nreturn p.CIJobTokenScopeEnabled\nx := Options{CIJobTokenScopeEnabled: true}\n';
    expect(matchRule(field, 'a.go', go)).toEqual([
      '2:10 go-gitlab:CIJobTokenScopeEnabled',
      '3:14 go-gitlab:CIJobTokenScopeEnabled',
    ]);
  });

  it('needs a field’s value where the rule names one, and is fine where an unless field is set', () => {
    expect(fieldPattern({ name: 'OrderBy', value: 'updated_at' }).test('OrderBy: gitlab.Ptr("updated_at"),')).toBe(true);
    expect(fieldPattern({ name: 'order_by', value: 'updated_at' }).test('order_by="updated_at"')).toBe(true);
    expect(fieldPattern({ name: 'order_by', value: 'updated_at' }).test('order_by="finished_at"')).toBe(false);
    expect(fieldPattern({ name: 'token' }).test('{ token }')).toBe(true);
    expect(fieldPattern({ name: 'token' }).test('if token == x')).toBe(false);
    const rule = { kind: 'api-client', client: 'gitbeaker', call: 'Users.all', unless_fields: ['pagination=keyset'] };
    const head = "import { Gitlab } from '@gitbeaker/rest';\n";
    expect(matchRule(rule, 'u.ts', `${head}api.Users.all({ perPage: 100 });\n`)).toHaveLength(1);
    expect(matchRule(rule, 'u.ts', `${head}api.Users.all({ pagination: 'keyset' });\n`)).toEqual([]);
  });

  it('anchors on the name every alternative of a call holds', () => {
    expect(
      sharedName([
        ['Runners', 'create'],
        ['Runners', 'register'],
      ]),
    ).toBe('Runners');
    expect(
      sharedName([
        ['ResetInstanceRunnerRegistrationToken'],
        ['ResetGroupRunnerRegistrationToken'],
        ['ResetProjectRunnerRegistrationToken'],
      ]),
    ).toBe('RunnerRegistrationToken');
    expect(
      sharedName([
        ['a', 'get'],
        ['b', 'put'],
      ]),
    ).toBeUndefined();
    expect(anchorOf({ kind: 'api-client', client: 'go-gitlab', fields: ['OperationsAccessLevel'] })).toBe(
      'OperationsAccessLevel',
    );
  });
});
