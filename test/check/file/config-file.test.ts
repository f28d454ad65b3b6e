import { describe, expect, it } from 'vitest';
import { configFiles } from '../../../src/check/file/config-file.ts';

const kinds = (rootPath: string, text: string) => [...configFiles(rootPath, text)].sort();

describe('configuration files known by content', () => {
  it('knows gitlab.rb by name, its templates and Ruby files by their setting lines, and Omnibus config in YAML', () => {
    expect(kinds('gitlab.rb', '')).toEqual(['gitlab-rb']);
    expect(kinds('roles/gitlab/templates/gitlab.rb.j2', "external_url '{{ url }}'\n")).toEqual(['gitlab-rb']);
    expect(kinds('omnibus/settings.rb', "gitlab_rails['time_zone'] = 'UTC'\n")).toEqual(['gitlab-rb']);
    expect(kinds('templates/default/config.erb', "nginx['enable'] = <%= @on %>\n")).toEqual(['gitlab-rb']);
    expect(kinds('attributes/default.rb', "default['gitlab']['nginx']['enable'] = true\n")).toEqual(['gitlab-rb']);
    expect(
      kinds(
        'stack.yml',
        'services:\n  gitlab:\n    image: gitlab/gitlab-ce\n    environment:\n      GITLAB_OMNIBUS_CONFIG: "x"\n',
      ),
    ).toEqual(['compose', 'gitlab-rb']);
    // The same shape in Python is a dictionary, not the package's settings.
    expect(kinds('settings.py', "config['key'] = 1\n")).toEqual([]);
    expect(kinds('app/models/user.rb', 'class User\n  def x = 1\nend\n')).toEqual([]);
  });

  it('knows Dockerfiles, compose files, manifests, Terraform, Ansible tasks and units by content', () => {
    expect(kinds('build/runner.dockerfile', 'RUN true\n')).toEqual(['dockerfile']);
    expect(kinds('images/runner/Containerfile', 'FROM alpine\n')).toEqual(['dockerfile']);
    expect(kinds('images/runner/build', '# image\nARG V=1\nFROM alpine:$V\nRUN true\n')).toEqual(['dockerfile']);
    expect(kinds('deploy/stack.yml', 'version: "3"\nservices:\n  runner:\n    image: x\n')).toEqual(['compose']);
    expect(kinds('deploy/runner.yml', 'kind: Deployment\napiVersion: apps/v1\n')).toEqual(['kubernetes']);
    expect(kinds('infra/runner.tf', 'resource "helm_release" "r" {\n}\n')).toEqual(['terraform']);
    expect(kinds('roles/r/tasks/main.yml', '- name: Install\n  ansible.builtin.package:\n    name: x\n')).toEqual(['ansible']);
    expect(kinds('units/runner.service', '[Service]\nExecStart=/bin/true\n')).toEqual(['unit']);
    expect(kinds('deploy/runner-env', 'CI_SERVER_URL=https://x\n# token\nREGISTRATION_TOKEN=y\n')).toEqual(['unit']);
    expect(kinds('notes.yml', 'title: services\nitems: [a, b]\n')).toEqual([]);
  });

  it('reads gitlab.rb by a name that ends in it after a separator, and ERB and other templates by setting lines', () => {
    const setting = "nginx['enable'] = true\n";
    expect(kinds('omnibus/my-gitlab.rb', '')).toEqual(['gitlab-rb']);
    expect(kinds('omnibus/prod_gitlab.rb', '')).toEqual(['gitlab-rb']);
    expect(kinds('omnibus/mygitlab.rb', '')).toEqual([]);
    expect(kinds('omnibus/gitlab.rb.orig', '')).toEqual([]);
    expect(kinds('templates/gitlab.rb.erb', '')).toEqual(['gitlab-rb']);
    // Only a trailing .erb marks a template: one inside a name is part of it.
    expect(kinds('omnibus/gitlab.erb.rb', '')).toEqual([]);
    expect(kinds('templates.erb/nginx.txt', setting)).toEqual([]);
    expect(kinds('templates/settings.cfg.j2', setting)).toEqual(['gitlab-rb']);
    expect(kinds('templates/settings.cfg', setting)).toEqual([]);
  });

  it('reads FROM as a Dockerfile only outside YAML and Ruby', () => {
    expect(kinds('images/build', 'FROM alpine\n')).toEqual(['dockerfile']);
    expect(kinds('images/build.yml', 'FROM alpine\n')).toEqual([]);
    expect(kinds('images/build.rb', 'FROM alpine\n')).toEqual([]);
  });

  it('reads compose files spelt .yaml, and Terraform blocks only in .tf and .hcl files', () => {
    expect(kinds('deploy/compose.yaml', 'services:\n  web:\n    image: x\n')).toEqual(['compose']);
    const block = 'resource "helm_release" "r" {\n}\n';
    expect(kinds('infra/runner.hcl', block)).toEqual(['terraform']);
    expect(kinds('infra/runner.txt', block)).toEqual([]);
    expect(kinds('infra/runner.tf', 'locals {\n}\n')).toEqual([]);
  });

  it('reads units and environment files by a name that ends in it, or by content', () => {
    expect(kinds('units/runner.service', '')).toEqual(['unit']);
    expect(kinds('deploy/.env', '')).toEqual(['unit']);
    expect(kinds('deploy/env', '')).toEqual(['unit']);
    expect(kinds('deploy/devenv', 'echo hi\n')).toEqual([]);
    expect(kinds('deploy/environment.txt', 'hello\n')).toEqual([]);
    expect(kinds('app/app.config.json', '{}\n')).toEqual([]);
  });

  it('remembers the last file asked about, and only that one', () => {
    const first = configFiles('units/a.service', '');
    expect(configFiles('units/a.service', '')).toBe(first);
    expect(configFiles('units/a.service', '[Unit]\n')).not.toBe(first);
    const again = configFiles('units/a.service', '');
    configFiles('units/b.service', '');
    expect(configFiles('units/a.service', '')).not.toBe(again);
  });
});
