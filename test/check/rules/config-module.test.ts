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

describe('config-module rule at its edges', () => {
  it('reads tasks nested in plays and blocks, with a value in any quoting, and not a mapping under an argument', () => {
    const valued = { ...ansible, value: 'true' };
    const playbook = [
      '- hosts: runners',
      '  tasks:',
      '    - name: Free form',
      `      gitlab_runner: run_untagged='true' registration_token="true" description=true`,
      '    - name: Free form, other values',
      `      gitlab_runner: run_untagged='false' registration_token="false" description=true`,
      '    - name: Bare',
      '      gitlab_runner: run_untagged=true',
      '    - block:',
      '        - gitlab_runner:',
      '            run_untagged: true',
      '            registration_token: false',
      '        - gitlab_runner:',
      '            description: x',
      '            gitlab_runner:',
      '              run_untagged: true',
      '',
    ].join('\n');
    expect(matchRule(valued, 'site.yml', playbook)).toEqual([
      '4:7 gitlab_runner.run_untagged',
      '4:7 gitlab_runner.registration_token',
      '8:7 gitlab_runner.run_untagged',
      '11:13 gitlab_runner.run_untagged',
    ]);
    // The same play under the CI directory is still a play; a file that does not parse holds none.
    expect(matchRule(valued, '.gitlab/ci/site.yml', playbook)).toHaveLength(4);
    expect(matchRule(ansible, 'site.yml', '- gitlab_runner:\n    registration_token: [unclosed\n')).toEqual([]);
  });

  it('reads a module by the source that names it, however the source is spaced, and no other argument named like it', () => {
    const rule = {
      kind: 'config-module',
      tool: 'terraform',
      module: 'gitlab-runner|cattle-ops/gitlab-runner',
      arguments: ['registration_token'],
    };
    const tf = [
      'module "a" {',
      '  source="cattle-ops/gitlab-runner/aws"',
      '  registration_token = var.token',
      '}',
      'module "b" {',
      '  source = "someone/gitlab-runner/aws"',
      '  registration_token = var.token',
      '}',
      'module "c" {',
      '  image_source = "cattle-ops/gitlab-runner/aws"',
      '  registration_token = var.token',
      '}',
      'module "d" {',
      '  registration_token = var.token',
      '}',
      '',
    ].join('\n');
    expect(matchRule(rule, 'main.tf', tf)).toEqual(['3:3 module.a.registration_token']);
  });

  it('reads resource headers however spaced, not a commented-out one, and each resource to its own end', () => {
    const rule = {
      kind: 'config-module',
      tool: 'terraform',
      module: 'gitlab_runner',
      arguments: ['registration_token', 'runner_token'],
    };
    const tf = [
      '  resource  "gitlab_runner"  "r"{',
      '    runner_token = "x"',
      '  }',
      '# resource "gitlab_runner" "old" {',
      'resource "gitlab_project" "p" {',
      '  registration_token = "x"',
      '}',
      'resource "gitlab_runner" "s" {',
      '  registration_token = var.t',
      '}',
      'resource "gitlab_project" "q" {',
      '  runner_token = "y"',
      '}',
      '',
    ].join('\n');
    expect(matchRule(rule, 'main.tf', tf)).toEqual(['2:5 gitlab_runner.runner_token', '9:3 gitlab_runner.registration_token']);
    // Only Terraform files: not a backup copy of one.
    expect(matchRule(rule, 'main.tf.bak', tf)).toEqual([]);
    const valued = { ...rule, arguments: ['run_untagged'], value: 'true' };
    const values = [
      'resource "gitlab_runner" "a" {',
      '  run_untagged = true',
      '}',
      'resource "gitlab_runner" "b" {',
      '  run_untagged = "true"',
      '}',
      'resource "gitlab_runner" "c" {',
      '  run_untagged = false',
      '}',
      '',
    ].join('\n');
    expect(matchRule(valued, 'main.tf', values)).toEqual(['2:3 gitlab_runner.run_untagged', '5:3 gitlab_runner.run_untagged']);
  });
});
