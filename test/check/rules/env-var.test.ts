import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { createScanPool } from '../../../src/check/scan/parallel-scan.ts';
import { walk } from '../../../src/check/scan/walk.ts';
import { activeRule } from '../active-rule.ts';
import { tempTree } from '../scan/temp-tree.ts';
import { anchorOf, matchRule } from './match-rule.ts';

const rule = { kind: 'env-var', name: 'REGISTRATION_TOKEN', command: 'gitlab-runner' };

describe('env-var rule', () => {
  it('finds the variable set in a Dockerfile of the command, both ENV forms', () => {
    const text =
      'FROM gitlab/gitlab-runner:alpine\nENV REGISTRATION_TOKEN=abc CI_SERVER_URL=https://x\nENV REGISTRATION_TOKEN abc\n# ENV REGISTRATION_TOKEN=old\n';
    expect(matchRule(rule, 'Dockerfile', text)).toEqual(['2:5 REGISTRATION_TOKEN', '3:5 REGISTRATION_TOKEN']);
  });

  it('ties the variable to the compose service or container that runs the command', () => {
    const compose = [
      'services:',
      '  runner:',
      '    image: gitlab/gitlab-runner:v17.0.0',
      '    environment:',
      '      - REGISTRATION_TOKEN=abc',
      '  agent:',
      '    image: woodpeckerci/woodpecker-agent',
      '    environment:',
      '      REGISTRATION_TOKEN: abc',
      '',
    ].join('\n');
    expect(matchRule(rule, 'docker-compose.yml', compose)).toEqual(['5:9 REGISTRATION_TOKEN']);
    const manifest = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'spec:',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: runner',
      '          image: registry.gitlab.com/gitlab-org/gitlab-runner:alpine',
      '          env:',
      '            - name: REGISTRATION_TOKEN',
      '              valueFrom: { secretKeyRef: { name: runner, key: token } }',
      '        - name: sidecar',
      '          image: busybox',
      '          env:',
      '            - name: REGISTRATION_TOKEN',
      '              value: x',
      '',
    ].join('\n');
    expect(matchRule(rule, 'k8s/runner.yaml', manifest)).toEqual(['10:21 REGISTRATION_TOKEN']);
  });

  it('reads scripts, units and environment files that name the command, by text or by path', () => {
    expect(matchRule(rule, 'register.sh', 'export REGISTRATION_TOKEN="$1"\ngitlab-runner register --non-interactive\n')).toEqual([
      '1:8 REGISTRATION_TOKEN',
    ]);
    expect(matchRule(rule, 'run.sh', 'REGISTRATION_TOKEN=abc gitlab-runner register -n\n')).toEqual(['1:1 REGISTRATION_TOKEN']);
    expect(
      matchRule(
        rule,
        'etc/systemd/runner.service',
        '[Service]\nEnvironment="REGISTRATION_TOKEN=abc"\nExecStart=/usr/bin/gitlab-runner run\n',
      ),
    ).toEqual(['2:14 REGISTRATION_TOKEN']);
    expect(matchRule(rule, 'env/gitlab-runner.env', 'CI_SERVER_URL=https://x\nREGISTRATION_TOKEN=abc\n')).toEqual([
      '2:1 REGISTRATION_TOKEN',
    ]);
  });

  it('leaves out the same name set for another program, a read, and a longer name', () => {
    expect(matchRule(rule, 'agent.sh', 'export REGISTRATION_TOKEN=abc\nexec drone-runner-docker\n')).toEqual([]);
    expect(
      matchRule(rule, 'register.sh', 'gitlab-runner register --token "$REGISTRATION_TOKEN"\nMY_REGISTRATION_TOKEN=1\n'),
    ).toEqual([]);
  });

  it('with a value, matches only that value', () => {
    const locked = { kind: 'env-var', name: 'REGISTER_LOCKED', command: 'gitlab-runner', value: 'true' };
    const text =
      'REGISTER_LOCKED=true gitlab-runner register\nREGISTER_LOCKED="true" gitlab-runner register\nREGISTER_LOCKED=false gitlab-runner register\n';
    expect(matchRule(locked, 'r.sh', text)).toEqual(['1:1 REGISTER_LOCKED=true', '2:1 REGISTER_LOCKED=true']);
    expect(anchorOf(locked)).toBe('REGISTER_LOCKED');
  });

  it('reads assignments in YAML script lines where the command is the program', () => {
    const ci = [
      'register:',
      '  script:',
      '    - REGISTRATION_TOKEN="$T" gitlab-runner register -n',
      '    - REGISTRATION_TOKEN="$T" ./other-agent start',
      '',
    ].join('\n');
    expect(matchRule(rule, '.gitlab-ci.yml', ci)).toEqual(['3:7 REGISTRATION_TOKEN']);
  });

  it('reads a file of an environment directory named for the variable, tied to the command by its path', () => {
    const s6 = 'rootfs/etc/s6-overlay/s6-rc.d/gitlab-runner/env/REGISTRATION_TOKEN';
    expect(matchRule(rule, s6, 'abc\n')).toEqual(['1:1 REGISTRATION_TOKEN']);
    // A service folder whose name holds the command, and the container environment under a path naming it.
    expect(matchRule(rule, 'root/etc/services.d/svc-gitlab-runner/env/REGISTRATION_TOKEN', 'abc')).toEqual([
      '1:1 REGISTRATION_TOKEN',
    ]);
    expect(matchRule(rule, 'gitlab-runner/rootfs/run/s6/container_environment/REGISTRATION_TOKEN', '#x\n')).toEqual([
      '1:1 REGISTRATION_TOKEN',
    ]);
    // Another program's service, an empty file (it unsets the variable), a file not in an environment directory,
    // a longer name and a name that only ends the same.
    expect(matchRule(rule, 'rootfs/etc/s6-overlay/s6-rc.d/woodpecker-agent/env/REGISTRATION_TOKEN', 'abc')).toEqual([]);
    expect(matchRule(rule, 'rootfs/etc/s6-overlay/s6-rc.d/gitlab-runner/env/REGISTRATION_TOKEN', '')).toEqual([]);
    expect(matchRule(rule, 'rootfs/etc/s6-overlay/s6-rc.d/gitlab-runner/REGISTRATION_TOKEN', 'abc')).toEqual([]);
    expect(matchRule(rule, 'gitlab-runner/env/REGISTRATION_TOKEN_FILE', 'abc')).toEqual([]);
    expect(matchRule(rule, 'gitlab-runner/env/OLD_REGISTRATION_TOKEN', 'abc')).toEqual([]);
    expect(matchRule(rule, 'gitlab-runners-old/env/REGISTRATION_TOKEN', 'abc')).toEqual([]);
  });

  it('with a value, compares the first line of an environment directory file', () => {
    const locked = { kind: 'env-var', name: 'REGISTER_LOCKED', command: 'gitlab-runner', value: 'true' };
    const at = 'docker/gitlab-runner/env/REGISTER_LOCKED';
    expect(matchRule(locked, at, 'true\n')).toEqual(['1:1 REGISTER_LOCKED=true']);
    expect(matchRule(locked, at, 'false\n')).toEqual([]);
  });

  it('has the scan read an environment directory file whose bytes hold no anchor', async () => {
    const active = activeRule('token', rule);
    const engine = createEngine([active], { configDir: '.gitlab' });
    const s6 = 'etc/s6-overlay/s6-rc.d/gitlab-runner/env/REGISTRATION_TOKEN';
    expect(engine.prefilter.hits(Buffer.from('abc\n'))).toBe(false);
    expect([engine.readsAlways(s6), engine.readsAlways('etc/s6-overlay/s6-rc.d/gitlab-runner/env/CI_SERVER_URL')]).toEqual([
      true,
      false,
    ]);
    const files = {
      [s6]: 'abc\n',
      'etc/s6-overlay/s6-rc.d/gitlab-runner/env/CI_SERVER_URL': 'https://gitlab.example.com\n',
      'etc/s6-overlay/s6-rc.d/drone-agent/env/REGISTRATION_TOKEN': 'abc\n',
    };
    const walked = walk(['.'], tempTree(files)).files;
    const output = await createScanPool(1).run({
      files: walked,
      rules: [active],
      layout: { configDir: '.gitlab' },
      maxBytes: 1000,
    });
    expect(output.findings.map((finding) => `${finding.file.replace(/^.*?(etc\/)/, '$1')}:${finding.line}`)).toEqual([`${s6}:1`]);
  });

  it('reads the environment at the top of chart values whose path names the command', () => {
    const values = 'gitlabUrl: https://gitlab.example.com/\nenvVars:\n  - name: REGISTRATION_TOKEN\n    value: abc\n';
    expect(matchRule(rule, 'deploy/gitlab-runner/values.yaml', values)).toEqual(['3:11 REGISTRATION_TOKEN']);
    expect(matchRule(rule, 'deploy/woodpecker/values.yaml', values)).toEqual([]);
    // Below the top, the environment belongs to whatever the map around it runs.
    expect(matchRule(rule, 'deploy/gitlab-runner/values.yaml', 'agent:\n  envVars:\n    - name: REGISTRATION_TOKEN\n')).toEqual(
      [],
    );
  });

  it('reads an environment built as data in a file that names the command: hashes, JSON, container definitions', () => {
    const chef =
      "normal['gitlab-runner']['env']['REGISTRATION_TOKEN'] = 'abc'\nnormal['gitlab-runner']['env']['RUNNER_NAME'] = 'x'\n";
    expect(matchRule(rule, 'attributes/default.rb', chef)).toEqual(['1:33 REGISTRATION_TOKEN']);
    const ruby = "env = { 'REGISTRATION_TOKEN' => token }\nsystem(env, 'gitlab-runner', 'register')\n";
    expect(matchRule(rule, 'lib/register.rb', ruby)).toEqual(['1:10 REGISTRATION_TOKEN']);
    const ecs = [
      'resource "aws_ecs_task_definition" "runner" {',
      '  container_definitions = jsonencode([{',
      '    image = "gitlab/gitlab-runner:alpine"',
      '    environment = [',
      '      { name = "REGISTRATION_TOKEN", value = var.token },',
      '      { name = "CI_SERVER_URL", value = var.url },',
      '    ]',
      '  }])',
      '}',
      '',
    ].join('\n');
    expect(matchRule(rule, 'infra/ecs.tf', ecs)).toEqual(['5:17 REGISTRATION_TOKEN']);
    const json =
      '{\n  "image": "gitlab/gitlab-runner:latest",\n  "environment": [\n    {\n      "name" : "REGISTRATION_TOKEN",\n      "value" : "abc"\n    }\n  ]\n}\n';
    expect(matchRule(rule, 'task.json', json)).toEqual(['5:17 REGISTRATION_TOKEN']);
    // A comparison, a read, another program's file and a commented line are not settings.
    expect(matchRule(rule, 'check.rb', "exit 1 if ENV['REGISTRATION_TOKEN'] == ''\n# gitlab-runner register\n")).toEqual([]);
    expect(
      matchRule(rule, 'lib/register.rb', "token = ENV['REGISTRATION_TOKEN']\nsystem('gitlab-runner', 'register', '-r', token)\n"),
    ).toEqual([]);
    expect(matchRule(rule, 'agent.json', '{ "image": "drone/agent", "env": { "REGISTRATION_TOKEN": "abc" } }\n')).toEqual([]);
    expect(
      matchRule(
        rule,
        'attributes/default.rb',
        "# normal['gitlab-runner']['env']['REGISTRATION_TOKEN'] = 'abc'\nnormal['gitlab-runner']['x'] = 1\n",
      ),
    ).toEqual([]);
  });

  it('with a value, compares the value an environment built as data gives', () => {
    const locked = { kind: 'env-var', name: 'REGISTER_LOCKED', command: 'gitlab-runner', value: 'true' };
    const chef =
      "normal['gitlab-runner']['env']['REGISTER_LOCKED'] = 'true'\nnormal['gitlab-runner']['env']['REGISTER_LOCKED'] = 'false'\n";
    expect(matchRule(locked, 'attributes/default.rb', chef)).toEqual(['1:33 REGISTER_LOCKED=true']);
  });
});
