import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

const token = { kind: 'chart-value', chart: 'gitlab-runner', path: 'runnerRegistrationToken' };
const signed = { ...token, signs: ['gitlabUrl'] };
const locked = { kind: 'chart-value', chart: 'gitlab-runner', path: 'runners.locked', value: 'true' };
const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('chart-value rule: values files', () => {
  it('leaves out an empty value, which the chart reads as not given, and keeps a falsy one', () => {
    const at = 'deploy/gitlab-runner/values.yaml';
    expect(matchRule(token, at, 'runnerRegistrationToken:\n')).toEqual([]);
    expect(matchRule(token, at, 'runnerRegistrationToken: ""\n')).toEqual([]);
    expect(matchRule(token, at, "runnerRegistrationToken: ''\n")).toEqual([]);
    expect(matchRule(token, at, 'runnerRegistrationToken: ~\n')).toEqual([]);
    // A key written without a value at all (a flow map's bare key, an explicit key).
    expect(matchRule(token, at, 'gitlab-runner: {runnerRegistrationToken}\n')).toEqual([]);
    expect(matchRule(token, at, '? runnerRegistrationToken\n')).toEqual([]);
    expect(matchRule(token, at, 'runnerRegistrationToken: 0\n')).toEqual(['1:1 runnerRegistrationToken']);
    expect(matchRule(token, at, 'runnerRegistrationToken: " "\n')).toEqual(['1:1 runnerRegistrationToken']);
  });

  it('reads no Kubernetes manifest as values, whichever of apiVersion and kind it has', () => {
    const at = 'deploy/gitlab-runner/secret.yaml';
    expect(matchRule(token, at, 'runnerRegistrationToken: abc\n')).toEqual(['1:1 runnerRegistrationToken']);
    expect(matchRule(token, at, 'apiVersion: v1\nrunnerRegistrationToken: abc\n')).toEqual([]);
    expect(matchRule(token, at, 'kind: Secret\nrunnerRegistrationToken: abc\n')).toEqual([]);
    expect(matchRule(token, at, 'apiVersion: v1\nkind: Secret\nrunnerRegistrationToken: abc\n')).toEqual([]);
    // An umbrella chart's mount is read before that test, whatever else the file holds.
    expect(matchRule(token, at, 'kind: Values\ngitlab-runner:\n  runnerRegistrationToken: abc\n')).toEqual([
      '3:3 runnerRegistrationToken',
    ]);
  });

  it('without signs, reads a file whose path does not name the chart only for a mount', () => {
    expect(matchRule(token, 'helm/runner.yaml', 'gitlabUrl: https://x\nrunnerRegistrationToken: abc\n')).toEqual([]);
    expect(matchRule(signed, 'helm/runner.yaml', 'gitlabUrl: https://x\nrunnerRegistrationToken: abc\n')).toEqual([
      '2:1 runnerRegistrationToken',
    ]);
    expect(matchRule(signed, 'helm/runner.yaml', 'serverUrl: https://x\nrunnerRegistrationToken: abc\n')).toEqual([]);
    // A document that is a list or a string holds no path.
    expect(matchRule(token, 'gitlab-runner/values.yaml', '- runnerRegistrationToken: abc\n')).toEqual([]);
    expect(matchRule(token, 'gitlab-runner/values.yaml', 'runnerRegistrationToken\n')).toEqual([]);
  });

  it('reads no CI file as values, even a job named for the chart', () => {
    const image = { kind: 'chart-value', chart: 'gitlab-runner', path: 'image' };
    const ci = lines('gitlab-runner:', '  image: alpine', '  script: [./register.sh]');
    expect(matchRule(image, '.gitlab-ci.yml', ci)).toEqual([]);
    expect(matchRule(image, 'values.yaml', ci)).toEqual(['2:3 image']);
  });

  it('reads a helm command in a CI job', () => {
    const ci = lines('deploy:', '  script:', '    - helm upgrade r gitlab/gitlab-runner --set runnerRegistrationToken=$T');
    expect(matchRule(token, '.gitlab-ci.yml', ci)).toEqual(['3:49 runnerRegistrationToken']);
  });

  it('reads no prose: a README showing the command', () => {
    const text = 'helm install runner gitlab/gitlab-runner --set runnerRegistrationToken=x\n';
    expect(matchRule(token, 'README.md', text)).toEqual([]);
    expect(matchRule(token, 'install.sh', text)).toEqual(['1:48 runnerRegistrationToken']);
  });
});

describe('chart-value rule: releases', () => {
  it('reads a set list by each pair’s name and, with a value, its value, in either order of keys', () => {
    const helmfile = lines(
      'releases:',
      '  - name: runner',
      '    chart: gitlab/gitlab-runner',
      '    set:',
      '      - name: runners.locked',
      '        value: true',
      '      - value: true',
      '        name: runners.locked',
      '      - name: runners.locked',
      '        value: false',
      '      - name: runners.lockedOut',
      '        value: true',
      '      - name: runners.locked',
      '      - value: true',
      '      - file: runners.locked',
    );
    expect(matchRule(locked, 'helmfile.yaml', helmfile)).toEqual(['5:15 runners.locked=true', '8:15 runners.locked=true']);
    const any = { kind: 'chart-value', chart: 'gitlab-runner', path: 'runners.locked' };
    expect(matchRule(any, 'helmfile.yaml', helmfile)).toEqual([
      '5:15 runners.locked',
      '8:15 runners.locked',
      '9:15 runners.locked',
      '13:15 runners.locked',
    ]);
  });

  it('reads an empty set or values key of a release as setting nothing', () => {
    const release = (rest: string) => lines('releases:', '  - name: runner', '    chart: gitlab/gitlab-runner', rest);
    expect(matchRule(token, 'helmfile.yaml', release('    set:'))).toEqual([]);
    expect(matchRule(token, 'helmfile.yaml', release('    values:'))).toEqual([]);
    expect(matchRule(token, 'helmfile.yaml', release('    ? values'))).toEqual([]);
    expect(matchRule(token, 'helmfile.yaml', release('    values: 3'))).toEqual([]);
  });

  it('reads a list of values, its file names left out', () => {
    const helmfile = lines(
      'releases:',
      '  - name: runner',
      '    chart: gitlab/gitlab-runner',
      '    values:',
      '      - runner-values.yaml',
      '      - runnerRegistrationToken: abc',
    );
    expect(matchRule(token, 'helmfile.yaml', helmfile)).toEqual(['6:9 runnerRegistrationToken']);
  });

  it('takes the chart from the map holding the values and the two maps around it, not from further up', () => {
    // Named by the map around: a release at the top.
    expect(
      matchRule(token, 'deploy.yaml', lines('chart: gitlab-runner', 'helm:', '  values:', '    runnerRegistrationToken: abc')),
    ).toEqual(['4:5 runnerRegistrationToken']);
    // Two maps up, across a list.
    const across = lines(
      'spec:',
      '  chart: gitlab-runner',
      '  environments:',
      '    - prod:',
      '        values:',
      '          runnerRegistrationToken: abc',
    );
    expect(matchRule(token, 'deploy.yaml', across)).toEqual(['6:11 runnerRegistrationToken']);
    // Three maps up is too far.
    const far = lines('chart: gitlab-runner', 'a:', '  b:', '    c:', '      values:', '        runnerRegistrationToken: abc');
    expect(matchRule(token, 'deploy.yaml', far)).toEqual([]);
  });

  it('looks for the chart at most two levels below a map, and not in values', () => {
    const named = (chartAt: string) => lines(chartAt, 'values:', '  runnerRegistrationToken: abc');
    expect(matchRule(token, 'deploy.yaml', named('a: {b: {chart: gitlab-runner}}'))).toEqual(['3:3 runnerRegistrationToken']);
    expect(matchRule(token, 'deploy.yaml', named('a: {b: {c: {chart: gitlab-runner}}}'))).toEqual([]);
    // Another chart's values that mention the runner's image, as a map or a list of maps.
    const redis = lines(
      'releases:',
      '  - name: cache',
      '    chart: bitnami/redis',
      '    values:',
      '      sidecar: gitlab/gitlab-runner',
      '      runnerRegistrationToken: x',
    );
    expect(matchRule(token, 'helmfile.yaml', redis)).toEqual([]);
    expect(
      matchRule(
        token,
        'helmfile.yaml',
        redis.replace('      sidecar', '      - sidecar').replace('      runner', '        runner'),
      ),
    ).toEqual([]);
  });

  it('places values held as a string on the last key, whatever the block header, or on the string', () => {
    const argo = (header: string, body: string[]) =>
      lines('spec:', '  source:', '    chart: gitlab-runner', '    helm:', `      values: ${header}`, ...body);
    const body = ['        gitlabUrl: https://gitlab.example.com', '        runnerRegistrationToken: abc'];
    for (const header of ['|', '|-', '|+', '|2', '|-  ']) {
      expect(matchRule(token, 'apps/runner.yaml', argo(header, body)), header).toEqual(['7:9 runnerRegistrationToken']);
    }
    // A quoted key is found in the string but not placed on it: the finding stands on the string.
    expect(matchRule(token, 'apps/runner.yaml', argo('|', ['        "runnerRegistrationToken": abc']))).toEqual([
      '5:15 runnerRegistrationToken',
    ]);
    expect(matchRule(token, 'apps/runner.yaml', argo('|', ['        runnerRegistrationToken: ""']))).toEqual([]);
  });
});

describe('chart-value rule: --set', () => {
  const script = (...rows: string[]) => lines(...rows);

  it('reads a helm command however it is started, and skips a commented one', () => {
    expect(
      matchRule(token, 'deploy.sh', script('KUBECONFIG=k helm upgrade r gitlab/gitlab-runner --set  runnerRegistrationToken=x')),
    ).toEqual(['1:57 runnerRegistrationToken']);
    expect(matchRule(token, 'deploy.sh', script('sudo helm3 install r gitlab-runner --set=runnerRegistrationToken=x'))).toEqual([
      '1:42 runnerRegistrationToken',
    ]);
    expect(
      matchRule(token, 'deploy.sh', script('# helm install r gitlab/gitlab-runner --set runnerRegistrationToken=x')),
    ).toEqual([]);
    expect(
      matchRule(
        token,
        'deploy.sh',
        script('helm upgrade r gitlab/gitlab-runner --set gitlabUrl=x  # was: --set runnerRegistrationToken=x'),
      ),
    ).toEqual([]);
    expect(
      matchRule(token, 'deploy.sh', script('myhelm install r gitlab/gitlab-runner --set runnerRegistrationToken=x')),
    ).toEqual([]);
  });

  it('reads a key below the path and list indexes, but not a longer key', () => {
    const env = { kind: 'chart-value', chart: 'gitlab-runner', path: 'envVars' };
    const text = script(
      'helm upgrade r gitlab/gitlab-runner --set envVars[10].name=A,envVars[0].value=1,envVarsX=2,extra.envVars=3,envVars=4',
    );
    expect(matchRule(env, 'deploy.sh', text)).toEqual(['1:43 envVars', '1:62 envVars', '1:108 envVars']);
  });

  it('with a value, compares the whole value after the first `=`', () => {
    const text = script(
      'helm upgrade r gitlab/gitlab-runner --set runners.locked=true',
      'helm upgrade r gitlab/gitlab-runner --set runners.locked=false',
    );
    expect(matchRule(locked, 'deploy.sh', text)).toEqual(['1:43 runners.locked=true']);
    const env = { kind: 'chart-value', chart: 'gitlab-runner', path: 'runners.env', value: 'A=1' };
    expect(
      matchRule(
        env,
        'deploy.sh',
        script(
          'helm upgrade r gitlab/gitlab-runner --set runners.env=A=1',
          'helm upgrade r gitlab/gitlab-runner --set runners.env=A',
        ),
      ),
    ).toEqual(['1:43 runners.env=A=1']);
  });
});

describe('chart-value rule: Terraform helm_release', () => {
  const tf = (...rows: string[]) => lines(...rows);
  /** The runner chart's release with `rows` inside its block, after the chart line. */
  const runnerRelease = (...rows: string[]) =>
    tf('resource "helm_release" "runner" {', '  chart = "gitlab-runner"', ...rows, '}');

  it('reads a block however it is spaced, its chart after a set block or written tight', () => {
    const text = tf(
      'resource  "helm_release"  "runner"{',
      '  set {',
      '    name  = "runnerRegistrationToken"',
      '    value = var.token',
      '  }',
      '  chart="gitlab-runner"',
      '}',
    );
    expect(matchRule(token, 'infra/runner.tf', text)).toEqual(['3:13 runnerRegistrationToken']);
    expect(matchRule(token, 'infra/runner.tf', text.replace('"gitlab-runner"', '"gitlab-runner-extra"'))).toEqual([]);
  });

  it('reads values written first in the block', () => {
    const text = tf(
      'resource "helm_release" "runner" {',
      '  values = [yamlencode({ runnerRegistrationToken = var.token })]',
      '  chart  = "gitlab-runner"',
      '}',
    );
    expect(matchRule(token, 'main.tf', text)).toEqual(['2:26 runnerRegistrationToken']);
  });

  it('reads only .tf files of Terraform, and templates of them', () => {
    const text = runnerRelease('  set {', '    name  = "runnerRegistrationToken"', '    value = var.token', '  }');
    expect(matchRule(token, 'infra/runner.tf', text)).toEqual(['4:13 runnerRegistrationToken']);
    expect(matchRule(token, 'templates/main.tf.tpl', text)).toEqual(['4:13 runnerRegistrationToken']);
    expect(matchRule(token, 'roles/runner/templates/main.tf.j2', text)).toEqual(['4:13 runnerRegistrationToken']);
    expect(matchRule(token, 'infra/runner.tf.bak', text)).toEqual([]);
    expect(matchRule(token, 'infra/runner.tpl', text)).toEqual([]);
    expect(matchRule(token, 'write-tf.sh', `cat > main.tf <<'EOF'\n${text}EOF\n`)).toEqual([]);
  });

  it('with a value, compares a set block’s value, trimmed, and needs one', () => {
    const block = runnerRelease;
    expect(matchRule(locked, 'main.tf', block('  set { name = "runners.locked", value = true }'))).toEqual([
      '3:16 runners.locked=true',
    ]);
    expect(matchRule(locked, 'main.tf', block('  set {\n    name  = "runners.locked"\n    value = "true"\n  }'))).toEqual([
      '4:13 runners.locked=true',
    ]);
    expect(matchRule(locked, 'main.tf', block('  set { name = "runners.locked", value = false }'))).toEqual([]);
    expect(matchRule(locked, 'main.tf', block('  set { name = "runners.locked" }'))).toEqual([]);
  });

  it('skips a commented-out set block', () => {
    const text = runnerRelease('  # set {', '  #   name  = "runnerRegistrationToken"', '  # }');
    expect(matchRule(token, 'main.tf', text)).toEqual([]);
  });

  it('reads values written tight, in any element of the list, with quoted keys, each key after the last', () => {
    const release = (values: string) => runnerRelease(`  values=[${values}]`);
    expect(
      matchRule(token, 'main.tf', release('yamlencode({ a = 1 }), yamlencode({ runnerRegistrationToken = var.token })')),
    ).toEqual(['3:47 runnerRegistrationToken']);
    expect(matchRule(token, 'main.tf', release('yamlencode({ "runnerRegistrationToken" = var.token })'))).toEqual([
      '3:25 runnerRegistrationToken',
    ]);
    const create = { kind: 'chart-value', chart: 'gitlab-runner', path: 'rbac.create' };
    expect(
      matchRule(create, 'main.tf', release('yamlencode({ serviceAccount = { create = false }, rbac = { create = true } })')),
    ).toEqual(['3:70 rbac.create']);
    // A path none of whose keys, or only whose first keys, the values hold.
    expect(matchRule(create, 'main.tf', release('yamlencode({ gitlabUrl = var.url })'))).toEqual([]);
    expect(matchRule(create, 'main.tf', release('yamlencode({ rbac = { enabled = true } })'))).toEqual([]);
  });

  it('with a value, compares the value right after the path in HCL or YAML values', () => {
    const concurrent = { kind: 'chart-value', chart: 'gitlab-runner', path: 'concurrent', value: '4' };
    const release = (values: string) => runnerRelease(`  values = [${values}]`);
    expect(matchRule(concurrent, 'main.tf', release('yamlencode({ concurrent = 4 })'))).toEqual(['3:26 concurrent=4']);
    expect(matchRule(concurrent, 'main.tf', release('yamlencode({ concurrent = "4", x = 1 })'))).toEqual(['3:26 concurrent=4']);
    expect(matchRule(concurrent, 'main.tf', release('yamlencode({ concurrent = 40 })'))).toEqual([]);
    expect(matchRule(concurrent, 'main.tf', release('<<EOF\nconcurrent: 4\nEOF\n'))).toEqual(['4:1 concurrent=4']);
    expect(matchRule(concurrent, 'main.tf', release('<<EOF\nconcurrent: 10\nEOF\n'))).toEqual([]);
  });

  it('skips a commented-out key of the values', () => {
    const text = tf(
      'resource "helm_release" "runner" {',
      '  chart  = "gitlab-runner"',
      '  values = [yamlencode({',
      '    # runnerRegistrationToken = var.token',
      '    gitlabUrl = var.url',
      '  })]',
      '}',
    );
    expect(matchRule(token, 'main.tf', text)).toEqual([]);
    // The same key commented out before a real one does not hide it, nor a parent key commented out before its real one.
    const both = text.replace('    gitlabUrl = var.url', '    runnerRegistrationToken = var.token');
    expect(matchRule(token, 'main.tf', both)).toEqual(['5:5 runnerRegistrationToken']);
    const create = { kind: 'chart-value', chart: 'gitlab-runner', path: 'rbac.create' };
    const nested = runnerRelease(
      '  values = [yamlencode({',
      '    # rbac = { create = true }',
      '    rbac = { create = true }',
      '  })]',
    );
    expect(matchRule(create, 'main.tf', nested)).toEqual(['5:14 rbac.create']);
  });

  it('reports a helm command written in a release’s values once, though both readings find it', () => {
    const text = tf(
      'resource "helm_release" "runner" {',
      '  chart  = "gitlab-runner"',
      '  values = [<<-EOT',
      '    podAnnotations:',
      '      installed-by: helm upgrade runner gitlab/gitlab-runner --set runnerRegistrationToken=x',
      '  EOT',
      '  ]',
      '}',
    );
    expect(matchRule(token, 'main.tf', text)).toEqual(['5:68 runnerRegistrationToken']);
  });

  it('reports in the order of the file, a helm command before the release too', () => {
    const text = tf(
      'resource "null_resource" "register" {',
      '  provisioner "local-exec" {',
      '    command = "helm upgrade r gitlab/gitlab-runner --set runnerRegistrationToken=x"',
      '  }',
      '}',
      'resource "helm_release" "runner" {',
      '  chart = "gitlab-runner"',
      '  set {',
      '    name  = "runnerRegistrationToken"',
      '    value = var.token',
      '  }',
      '}',
    );
    expect(matchRule(token, 'main.tf', text)).toEqual(['3:58 runnerRegistrationToken', '9:13 runnerRegistrationToken']);
  });
});
