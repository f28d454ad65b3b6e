import { describe, expect, it } from 'vitest';
import { anchorOf, matchRule } from './match-rule.ts';

const ansible = {
  kind: 'config-module',
  tool: 'ansible',
  module: 'community.general.gitlab_runner|gitlab_runner',
  arguments: ['registration_token', 'run_untagged'],
};

describe('config-module rule', () => {
  it('finds an Ansible module’s arguments, by its full or short name, under args and free-form', () => {
    const tasks = [
      '- name: Register the runner',
      '  community.general.gitlab_runner:',
      '    api_url: https://gitlab.example.com/',
      '    registration_token: "{{ token }}"',
      '    description: build',
      '- name: Short name and args',
      '  gitlab_runner:',
      '  args:',
      '    run_untagged: false',
      '- name: Free form',
      '  gitlab_runner: registration_token=abc description=x',
      '- name: Another module',
      '  community.general.gitlab_project:',
      '    registration_token: x',
      '# registration_token: commented',
      '',
    ].join('\n');
    expect(matchRule(ansible, 'roles/runner/tasks/main.yml', tasks)).toEqual([
      '4:5 community.general.gitlab_runner.registration_token',
      '9:5 gitlab_runner.run_untagged',
      '11:3 gitlab_runner.registration_token',
    ]);
    expect(anchorOf(ansible)).toBe('gitlab_runner');
  });

  it('finds a Terraform resource’s or module’s arguments, not another resource’s', () => {
    const rule = {
      kind: 'config-module',
      tool: 'terraform',
      module: 'cattle-ops/gitlab-runner',
      arguments: ['registration_token'],
    };
    const tf = [
      'module "runner" {',
      '  source = "cattle-ops/gitlab-runner/aws"',
      '  runner_gitlab = {',
      '    registration_token = var.token',
      '  }',
      '}',
      'module "other" {',
      '  source             = "example/ci-agent/aws"',
      '  registration_token = var.token',
      '}',
      '',
    ].join('\n');
    expect(matchRule(rule, 'infra/main.tf', tf)).toEqual(['4:5 module.runner.registration_token']);
    const resource = { kind: 'config-module', tool: 'terraform', module: 'gitlab_runner', arguments: ['registration_token'] };
    const text = 'resource "gitlab_runner" "r" {\n  # registration_token = "old"\n  registration_token = var.t\n}\n';
    expect(matchRule(resource, 'main.tf', text)).toEqual(['3:3 gitlab_runner.registration_token']);
    expect(matchRule(resource, 'main.yml', text)).toEqual([]);
  });

  it('rejects module alternatives that do not share the shortest name', () => {
    expect(() => anchorOf({ kind: 'config-module', tool: 'ansible', module: 'a.b.runner|agent', arguments: ['x'] })).toThrow(
      /holds the shortest/,
    );
  });
});
