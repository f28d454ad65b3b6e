import { describe, expect, it } from 'vitest';
import { anchorOf, matchRule } from './match-rule.ts';

const rule = { kind: 'chart-value', chart: 'gitlab-runner', path: 'runnerRegistrationToken', signs: ['gitlabUrl'] };

describe('chart-value rule', () => {
  it('reads a values file known by its path, by a sign key, or mounted under the chart in an umbrella chart', () => {
    expect(matchRule(rule, 'deploy/gitlab-runner/values.yaml', 'runnerRegistrationToken: abc\n')).toEqual([
      '1:1 runnerRegistrationToken',
    ]);
    expect(matchRule(rule, 'helm/runner.yaml', 'gitlabUrl: https://gitlab.example.com/\nrunnerRegistrationToken: abc\n')).toEqual(
      ['2:1 runnerRegistrationToken'],
    );
    expect(matchRule(rule, 'values.yaml', 'global:\n  edition: ce\ngitlab-runner:\n  runnerRegistrationToken: abc\n')).toEqual([
      '4:3 runnerRegistrationToken',
    ]);
  });

  it('reads a value merged in from an anchor, as Helm does', () => {
    const values = 'base: &base\n  runnerRegistrationToken: GR1348941abc\n<<: *base\ngitlabUrl: https://gitlab.example.com/\n';
    expect(matchRule(rule, 'deploy/gitlab-runner/values.yaml', values)).toEqual(['2:3 runnerRegistrationToken']);
    // The anchor alone, merged nowhere, sets nothing of the chart.
    expect(matchRule(rule, 'deploy/gitlab-runner/values.yaml', values.replace('<<: *base\n', ''))).toEqual([]);
  });

  it('leaves out the same key in another chart’s values and a commented-out key', () => {
    expect(
      matchRule(rule, 'charts/other-runner/values.yaml', 'serverUrl: https://ci.example.com\nrunnerRegistrationToken: x\n'),
    ).toEqual([]);
    expect(matchRule(rule, 'gitlab-runner/values.yaml', '# runnerRegistrationToken: x\nrunnerToken: y\n')).toEqual([]);
  });

  it('reads the values of a Flux HelmRelease, an Argo CD application and a helmfile release naming the chart', () => {
    const flux = [
      'apiVersion: helm.toolkit.fluxcd.io/v2',
      'kind: HelmRelease',
      'spec:',
      '  chart:',
      '    spec:',
      '      chart: gitlab-runner',
      '  values:',
      '    runnerRegistrationToken: abc',
      '',
    ].join('\n');
    expect(matchRule(rule, 'clusters/prod/runner.yaml', flux)).toEqual(['8:5 runnerRegistrationToken']);
    const argo = [
      'apiVersion: argoproj.io/v1alpha1',
      'kind: Application',
      'spec:',
      '  source:',
      '    chart: gitlab-runner',
      '    helm:',
      '      values: |',
      '        gitlabUrl: https://gitlab.example.com',
      '        runnerRegistrationToken: abc',
      '',
    ].join('\n');
    expect(matchRule(rule, 'apps/runner.yaml', argo)).toEqual(['9:9 runnerRegistrationToken']);
    const other = flux.replace('chart: gitlab-runner', 'chart: actions-runner');
    expect(matchRule(rule, 'clusters/prod/runner.yaml', other)).toEqual([]);
    const helmfile = [
      'releases:',
      '  - name: runner',
      '    chart: gitlab/gitlab-runner',
      '    set:',
      '      - name: runnerRegistrationToken',
      '        value: abc',
      '  - name: other',
      '    chart: bitnami/redis',
      '    values:',
      '      - runnerRegistrationToken: x',
      '',
    ].join('\n');
    expect(matchRule(rule, 'helmfile.yaml', helmfile)).toEqual(['5:15 runnerRegistrationToken']);
  });

  it('reads --set and --set-string of a helm command that names the chart', () => {
    const script = [
      'helm upgrade --install runner gitlab/gitlab-runner \\',
      '  --set gitlabUrl=https://gitlab.example.com,runnerRegistrationToken=$TOKEN',
      'helm install runner gitlab/gitlab-runner --set-string runnerRegistrationToken="$TOKEN"',
      'helm install cache bitnami/redis --set runnerRegistrationToken=x',
      'echo --set runnerRegistrationToken=x gitlab-runner',
      '',
    ].join('\n');
    expect(matchRule(rule, 'deploy.sh', script)).toEqual(['2:46 runnerRegistrationToken', '3:55 runnerRegistrationToken']);
  });

  it('reads a Terraform helm_release of the chart: set blocks and yamlencode values', () => {
    const tf = [
      'resource "helm_release" "runner" {',
      '  chart = "gitlab-runner"',
      '  set {',
      '    name  = "runnerRegistrationToken"',
      '    value = var.token',
      '  }',
      '}',
      'resource "helm_release" "runner2" {',
      '  repository = "https://charts.gitlab.io"',
      '  chart      = "gitlab-runner"',
      '  values = [yamlencode({',
      '    gitlabUrl               = "https://gitlab.example.com"',
      '    runnerRegistrationToken = var.token',
      '  })]',
      '}',
      'resource "helm_release" "other" {',
      '  chart = "redis"',
      '  set {',
      '    name  = "runnerRegistrationToken"',
      '    value = "x"',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(matchRule(rule, 'infra/runner.tf', tf)).toEqual(['4:13 runnerRegistrationToken', '13:5 runnerRegistrationToken']);
  });

  it('with a value and a nested path, matches only that value', () => {
    const locked = { kind: 'chart-value', chart: 'gitlab-runner', path: 'runners.locked', value: 'true' };
    expect(matchRule(locked, 'gitlab-runner-values.yaml', 'runners:\n  locked: true\n')).toEqual(['2:11 runners.locked=true']);
    expect(matchRule(locked, 'gitlab-runner-values.yaml', 'runners:\n  locked: false\n')).toEqual([]);
    expect(anchorOf(locked)).toBe('runners');
    expect(anchorOf({ kind: 'chart-value', chart: 'gitlab', path: 'global.grafana.enabled' })).toBe('grafana');
    expect(anchorOf(rule)).toBe('runnerRegistrationToken');
  });
});
