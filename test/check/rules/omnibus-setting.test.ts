import { describe, expect, it } from 'vitest';
import { anchorOf, matchRule } from './match-rule.ts';

const rule = { kind: 'omnibus-setting', setting: 'sidekiq.queue_selector' };

describe('omnibus-setting rule', () => {
  it('finds a setting written with either quote or a symbol, but not another key of the service', () => {
    const text = [
      "sidekiq['queue_selector'] = true",
      'sidekiq["queue_selector"]=false',
      'sidekiq[:queue_selector] = true',
      "sidekiq['queue_groups'] = ['*']",
      "sidekiq['queue_selector'] == true",
      '',
    ].join('\n');
    expect(matchRule(rule, 'gitlab.rb', text)).toEqual([
      '1:1 sidekiq.queue_selector',
      '2:1 sidekiq.queue_selector',
      '3:1 sidekiq.queue_selector',
    ]);
  });

  it('leaves out commented-out lines, trailing comments included', () => {
    const text =
      "# sidekiq['queue_selector'] = true\n  # sidekiq['queue_selector'] = false\nx = 1 # sidekiq['queue_selector'] = true\n";
    expect(matchRule(rule, 'config/gitlab.rb', text)).toEqual([]);
  });

  it('leaves out Ruby block comments (=begin … =end), and reads what follows them', () => {
    const text = [
      '=begin',
      "sidekiq['queue_selector'] = true",
      '=end',
      "sidekiq['queue_selector'] = true",
      ' =begin',
      "sidekiq['queue_selector'] = false",
      '=beginning = 1',
      '',
    ].join('\n');
    // An indented `=begin` and `=beginning` open nothing: Ruby reads them as code (here, not valid code).
    expect(matchRule(rule, 'gitlab.rb', text)).toEqual(['4:1 sidekiq.queue_selector', '6:1 sidekiq.queue_selector']);
    expect(matchRule(rule, 'templates/gitlab.rb.erb', text)).toEqual([
      '4:1 sidekiq.queue_selector',
      '6:1 sidekiq.queue_selector',
    ]);
    // One never closed runs to the end of the file.
    expect(matchRule(rule, 'gitlab.rb', "=begin\nsidekiq['queue_selector'] = true\n")).toEqual([]);
  });

  it('counts a key set below the setting, and a hash assigned whole that names it', () => {
    const nested = { kind: 'omnibus-setting', setting: 'gitlab_rails.env.LEGACY_FLAG' };
    const text = [
      "gitlab_rails['env']['LEGACY_FLAG'] = '1'",
      "gitlab_rails['env'] = {",
      "  'OTHER' => 'x',",
      "  'LEGACY_FLAG' => '1'",
      '}',
      "gitlab_rails['env'] = { 'OTHER' => 'x' }",
      '',
    ].join('\n');
    expect(matchRule(nested, 'gitlab.rb', text)).toEqual([
      '1:1 gitlab_rails.env.LEGACY_FLAG',
      '4:4 gitlab_rails.env.LEGACY_FLAG',
    ]);
    const whole = { kind: 'omnibus-setting', setting: 'gitlab_rails.env' };
    expect(matchRule(whole, 'gitlab.rb', "gitlab_rails['env']['A'] = 1\n")).toEqual(['1:1 gitlab_rails.env']);
  });

  it('with a value, reports only that value; for roles, the role in the list', () => {
    const valued = { kind: 'omnibus-setting', setting: 'prometheus.enable', value: 'true' };
    expect(matchRule(valued, 'gitlab.rb', "prometheus['enable'] = true\nprometheus['enable'] = false\n")).toEqual([
      '1:1 prometheus.enable=true',
    ]);
    const roles = { kind: 'omnibus-setting', setting: 'roles', value: 'monitoring_role' };
    const text =
      "roles ['geo_primary_role', 'monitoring_role']\nroles %w(monitoring_role)\nroles ['geo_secondary_role']\n# roles ['monitoring_role']\n";
    expect(matchRule(roles, 'gitlab.rb', text)).toEqual(['1:1 roles=monitoring_role', '2:1 roles=monitoring_role']);
  });

  it('reads ERB and Jinja templates of gitlab.rb, Chef wrapper attributes and GITLAB_OMNIBUS_CONFIG', () => {
    expect(matchRule(rule, 'templates/gitlab.rb.erb', "sidekiq['queue_selector'] = <%= @selector %>\n")).toHaveLength(1);
    expect(
      matchRule(rule, 'roles/gitlab/templates/gitlab.rb.j2', "sidekiq['queue_selector'] = {{ gitlab_selector }}\n"),
    ).toHaveLength(1);
    expect(matchRule(rule, 'attributes/default.rb', "default['gitlab']['sidekiq']['queue_selector'] = true\n")).toEqual([
      '1:1 sidekiq.queue_selector',
    ]);
    const compose = [
      'services:',
      '  gitlab:',
      '    image: gitlab/gitlab-ee:16.11.0-ee.0',
      '    environment:',
      '      GITLAB_OMNIBUS_CONFIG: |',
      "        external_url 'https://gitlab.example.com'",
      "        sidekiq['queue_selector'] = true",
      '',
    ].join('\n');
    expect(matchRule(rule, 'docker-compose.yml', compose)).toEqual(['7:9 sidekiq.queue_selector']);
  });

  it('does not read code that only looks alike, and anchors on the last key', () => {
    expect(matchRule(rule, 'app/settings.py', "sidekiq['queue_selector'] = True\n")).toEqual([]);
    expect(matchRule(rule, 'README.md', "sidekiq['queue_selector'] = true\n")).toEqual([]);
    expect(anchorOf(rule)).toBe('queue_selector');
    expect(anchorOf({ kind: 'omnibus-setting', setting: 'roles' })).toBe('roles');
  });

  it('takes * for any one key, so every setting of a removed service counts', () => {
    const any = { kind: 'omnibus-setting', setting: 'grafana.*' };
    const text = "grafana['enable'] = false\ngrafana['admin_password'] = 'x'\nprometheus['enable'] = true\n";
    expect(matchRule(any, 'gitlab.rb', text)).toEqual(['1:1 grafana.*', '2:1 grafana.*']);
    expect(anchorOf(any)).toBe('grafana');
  });

  it('reads a key inside a list of hashes assigned whole', () => {
    const rule = { kind: 'omnibus-setting', setting: 'registry.notifications.threshold' };
    const text = "registry['notifications'] = [\n  {\n    'name' => 'listener',\n    'threshold' => 5\n  }\n]\n";
    expect(matchRule(rule, 'gitlab.rb', text)).toEqual(['4:6 registry.notifications.threshold']);
    expect(matchRule(rule, 'gitlab.rb', text.replace('threshold', 'maxretries'))).toEqual([]);
    // The key in a hash of another setting after the list is not inside it.
    expect(
      matchRule(
        rule,
        'gitlab.rb',
        "registry['notifications'] = [{ 'name' => 'a' }]\nregistry['health'] = { 'threshold' => 3 }\n",
      ),
    ).toEqual([]);
    // A list of plain values holds no keys.
    expect(matchRule(rule, 'gitlab.rb', "registry['notifications'] = ['threshold']\n")).toEqual([]); // A hash appended to the list sets the key too.
    expect(matchRule(rule, 'gitlab.rb', "registry['notifications'] << { 'name' => 'a', 'threshold' => 5 }\n")).toEqual([
      '1:48 registry.notifications.threshold',
    ]);
  });

  it('reads hashes anywhere in the value: merged in, chosen by a condition, over lines', () => {
    const nested = { kind: 'omnibus-setting', setting: 'gitlab_rails.env.LEGACY_FLAG' };
    const text = [
      "gitlab_rails['env'] = base_env.merge('LEGACY_FLAG' => '1')",
      "gitlab_rails['env'] = base_env.merge(LEGACY_FLAG: '1')",
      "gitlab_rails['env'] = legacy ?",
      "  { 'LEGACY_FLAG' => '1' } :",
      '  {}',
      "gitlab_rails['env'] = base_env.merge(",
      "  'OTHER' => 'x',",
      "  'LEGACY_FLAG' => '1')",
      "gitlab_rails['env'] = base_env",
      "other = { 'LEGACY_FLAG' => '1' }",
      "gitlab_rails['env'] = {} # { 'LEGACY_FLAG' => '1' }",
      '',
    ].join('\n');
    expect(matchRule(nested, 'gitlab.rb', text)).toEqual([
      '1:39 gitlab_rails.env.LEGACY_FLAG',
      '2:38 gitlab_rails.env.LEGACY_FLAG',
      '4:6 gitlab_rails.env.LEGACY_FLAG',
      '8:4 gitlab_rails.env.LEGACY_FLAG',
    ]);
  });
});

describe('omnibus-setting rule at its edges', () => {
  it('reads a value however the assignment is spaced and whatever ends it, and only the setting’s own', () => {
    const valued = { kind: 'omnibus-setting', setting: 'prometheus.enable', value: 'true' };
    const text = [
      "prometheus['enable']=true",
      "prometheus['enable'] = true # keep it",
      "prometheus['enable'] = true; prometheus['listen_address'] = ':9090'",
      "prometheus['enable'] = ENV.fetch('PROMETHEUS', true)",
      "prometheus['scrape_interval'] = true",
      "prometheus['enable']['extra'] = true",
      "prometheus['enable'] = true",
    ].join('\n');
    expect(matchRule(valued, 'gitlab.rb', text)).toEqual([
      '1:1 prometheus.enable=true',
      '2:1 prometheus.enable=true',
      '3:1 prometheus.enable=true',
      '7:1 prometheus.enable=true',
    ]);
  });

  it('finds a key in a hash assigned whole, with string, symbol and new-style keys, and points at the key', () => {
    const nested = { kind: 'omnibus-setting', setting: 'gitlab_rails.env.LEGACY_FLAG' };
    const text = [
      "gitlab_rails['env']={ 'LEGACY_FLAG' => '1' }",
      "gitlab_rails['env'] = { LEGACY_FLAG: '1' }",
      "gitlab_rails['env'] = { :LEGACY_FLAG => '1' }",
      "gitlab_rails['env'] = ENV_DEFAULTS",
      "legacy_env = { 'LEGACY_FLAG' => '1' }",
      "gitlab_rails['other_env'] = { 'LEGACY_FLAG' => '1' }",
      "gitlab_rails['env']['OTHER_FLAG'] = '1'",
      "default['gitlab']['gitlab-rails']['env']['LEGACY_FLAG'] = '1'",
      '',
    ].join('\n');
    expect(matchRule(nested, 'gitlab.rb', text)).toEqual([
      '1:24 gitlab_rails.env.LEGACY_FLAG',
      '2:25 gitlab_rails.env.LEGACY_FLAG',
      '3:26 gitlab_rails.env.LEGACY_FLAG',
      '8:1 gitlab_rails.env.LEGACY_FLAG',
    ]);
  });

  it('follows a hash inside a hash, and not a key beside it', () => {
    const deep = { kind: 'omnibus-setting', setting: 'gitlab_rails.object_store.connection.aws_signature_version' };
    const under = [
      "gitlab_rails['object_store'] = {",
      "  'connection' => {",
      "    'provider' => 'AWS',",
      "    'aws_signature_version' => 4",
      '  }',
      '}',
      '',
    ].join('\n');
    expect(matchRule(deep, 'gitlab.rb', under)).toEqual(['4:6 gitlab_rails.object_store.connection.aws_signature_version']);
    expect(
      matchRule(deep, 'gitlab.rb', "gitlab_rails['object_store'] = { 'connection'=>{ 'aws_signature_version' => 2 } }\n"),
    ).toEqual(['1:51 gitlab_rails.object_store.connection.aws_signature_version']);
    for (const arrow of ['=> {', '=>{', '=>  {']) {
      const beside = `gitlab_rails['object_store'] = { 'connection' ${arrow} 'provider' => 'AWS' }, 'aws_signature_version' => 4 }\n`;
      expect(matchRule(deep, 'gitlab.rb', beside), arrow).toEqual([]);
    }
    // A value that is no hash leaves the keys after it to the hash that holds it.
    const variable = "gitlab_rails['object_store'] = { 'connection' => conn, 'proxy' => {}, 'aws_signature_version' => 4 }\n";
    expect(matchRule(deep, 'gitlab.rb', variable)).toEqual(['1:72 gitlab_rails.object_store.connection.aws_signature_version']);
  });

  it('takes * for a key written in the chain only, not for a key inside a hash assigned whole', () => {
    const any = { kind: 'omnibus-setting', setting: 'gitlab_rails.env.*' };
    expect(matchRule(any, 'gitlab.rb', "gitlab_rails['env'] = { '*' => '1' }\ngitlab_rails['env']['X'] = '1'\n")).toEqual([
      '2:1 gitlab_rails.env.*',
    ]);
  });

  it('reads roles as a list over lines, in parentheses, as %w, as a string, and not in a comment', () => {
    const roles = { kind: 'omnibus-setting', setting: 'roles', value: 'monitoring_role' };
    const text = [
      'roles [',
      "  'geo_primary_role',",
      "  'monitoring_role',",
      ']',
      "roles('monitoring_role')",
      "roles=['monitoring_role']",
      'roles  %w[monitoring_role]',
      "roles = nil # 'monitoring_role'",
      "roles 'monitoring_roles'",
      "# roles ['x']; roles ['monitoring_role']",
      'roles "geo_primary_role", \'monitoring_role\'',
      "roles 'monitoring_role'",
      "roles 'geo_primary_role' # 'monitoring_role'",
      'roles [',
      "  'geo_primary_role', # 'monitoring_role' later",
      ']',
    ].join('\n');
    expect(matchRule(roles, 'gitlab.rb', text)).toEqual([
      '1:1 roles=monitoring_role',
      '5:1 roles=monitoring_role',
      '7:1 roles=monitoring_role',
      '11:1 roles=monitoring_role',
      '12:1 roles=monitoring_role',
    ]);
    // A role passed to a call is not the roles' value: only a list or quoted words given directly are.
    const call = "roles=role_list('monitoring_role')\nroles =role_list('monitoring_role')\nroles role_list('monitoring_role')\n";
    expect(matchRule(roles, 'gitlab.rb', call)).toEqual([]);
    // Given directly among the call's arguments, after a splat or in a sum of lists, as a symbol or in %i, it is.
    const direct = [
      "roles(*base_roles, 'monitoring_role')",
      "roles base_roles + ['monitoring_role']",
      'roles [:geo_primary_role, :monitoring_role]',
      'roles %i[monitoring_role]',
      'roles base_roles +',
      "  ['monitoring_role']",
      "roles(role_list('geo_primary_role'), 'monitoring_role')",
      "roles(role_list('monitoring_role'), 'geo_primary_role')",
      "roles('monitoring_role', role_list('geo_primary_role'))",
      "roles f('monitoring_role')",
      'roles ["geo_primary_role", "monitoring_role"]',
      'roles monitoring_role',
      "roles ['geo_primary_role']",
      "['monitoring_role']",
    ].join('\n');
    expect(matchRule(roles, 'gitlab.rb', direct)).toEqual([
      '1:1 roles=monitoring_role',
      '2:1 roles=monitoring_role',
      '3:1 roles=monitoring_role',
      '4:1 roles=monitoring_role',
      '5:1 roles=monitoring_role',
      '7:1 roles=monitoring_role',
      '9:1 roles=monitoring_role',
      '11:1 roles=monitoring_role',
    ]);
  });

  it('reads a top-level setting called or assigned, with or without a value', () => {
    const url = { kind: 'omnibus-setting', setting: 'external_url', value: 'https://gitlab.example.com' };
    const text = [
      "external_url 'https://gitlab.example.com'",
      'external_url "https://gitlab.example.com"',
      "external_url('https://gitlab.example.com')",
      "external_url ='https://gitlab.example.com'",
      "external_url 'https://gitlab.example.com/gitlab'",
      "external_url  'https://gitlab.example.org'",
      '',
    ].join('\n');
    expect(matchRule(url, 'gitlab.rb', text)).toEqual([
      '1:1 external_url=https://gitlab.example.com',
      '2:1 external_url=https://gitlab.example.com',
      '3:1 external_url=https://gitlab.example.com',
    ]);
    // Only a literal given first is the value, not one later in an expression.
    expect(matchRule(url, 'gitlab.rb', "external_url @url || 'https://gitlab.example.com'\n")).toEqual([]);
    expect(matchRule(url, 'gitlab.rb', "external_url ENV.fetch('URL', 'https://gitlab.example.com')\n")).toEqual([]);
    expect(matchRule(url, 'gitlab.rb', "external_url ['https://old.example.com', 'https://gitlab.example.com'].first\n")).toEqual(
      [],
    );
    // A setting commented out is not set, with a value or without, also after another statement in the comment.
    const commented = [
      "# external_url 'https://gitlab.example.com'",
      "  #external_url 'https://gitlab.example.com'",
      "# first this; external_url 'https://gitlab.example.com'",
      '',
    ].join('\n');
    expect(matchRule(url, 'gitlab.rb', commented)).toEqual([]);
    expect(matchRule({ kind: 'omnibus-setting', setting: 'external_url' }, 'gitlab.rb', commented)).toEqual([]);
    const bare = { kind: 'omnibus-setting', setting: 'external_url', value: 'GITLAB_URL' };
    expect(matchRule(bare, 'gitlab.rb', 'external_url GITLAB_URL\nexternal_url GITLAB_URL_2\n')).toEqual([
      '1:1 external_url=GITLAB_URL',
    ]);
    expect(matchRule({ kind: 'omnibus-setting', setting: 'external_url' }, 'gitlab.rb', text)).toHaveLength(5);
    expect(matchRule({ kind: 'omnibus-setting', setting: 'external_url' }, 'gitlab.rb', text)[0]).toBe('1:1 external_url');
  });

  it('takes a top-level name assigned with = for what Ruby makes it, a local variable that sets nothing', () => {
    const url = { kind: 'omnibus-setting', setting: 'external_url' };
    const assigned = ["external_url = 'https://gitlab.example.com'", "external_url='https://gitlab.example.com'", ''].join('\n');
    expect(matchRule(url, 'gitlab.rb', assigned)).toEqual([]);
    expect(matchRule({ ...url, value: 'https://gitlab.example.com' }, 'gitlab.rb', assigned)).toEqual([]);
    // The call on the next line sets it, and only it is reported.
    expect(matchRule(url, 'gitlab.rb', `${assigned}external_url 'https://gitlab.example.com'\n`)).toEqual(['3:1 external_url']);
  });

  it('reads GITLAB_OMNIBUS_CONFIG in CI configuration, not in documentation', () => {
    const ci = [
      'test:',
      '  services:',
      '    - name: gitlab/gitlab-ee:16.11.0-ee.0',
      '      variables:',
      '        GITLAB_OMNIBUS_CONFIG: |',
      "          sidekiq['queue_selector'] = true",
      '  script: [echo]',
      '',
    ].join('\n');
    expect(matchRule(rule, '.gitlab-ci.yml', ci)).toEqual(['6:11 sidekiq.queue_selector']);
    const doc = "Set GITLAB_OMNIBUS_CONFIG to:\n\n    sidekiq['queue_selector'] = true\n";
    expect(matchRule(rule, 'docs/install.md', doc)).toEqual([]);
  });
});
