import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

const token = { kind: 'env-var', name: 'REGISTRATION_TOKEN', command: 'gitlab-runner' };
const locked = { kind: 'env-var', name: 'REGISTER_LOCKED', command: 'gitlab-runner', value: 'true' };
const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('env-var rule: what names the command in YAML', () => {
  it('reads the command from a list, such as a compose command', () => {
    const compose = lines(
      'services:',
      '  runner:',
      '    image: registry.example.com/base:1',
      '    command: [gitlab-runner, run]',
      '    environment:',
      '      REGISTRATION_TOKEN: abc',
    );
    expect(matchRule(token, 'docker-compose.yml', compose)).toEqual(['6:7 REGISTRATION_TOKEN']);
    expect(matchRule(token, 'docker-compose.yml', compose.replace('gitlab-runner, run', 'drone-runner, run'))).toEqual([]);
  });

  it('does not take the command from the environment itself', () => {
    const compose = lines(
      'services:',
      '  agent:',
      '    image: busybox',
      '    environment:',
      '      RUNNER_BINARY: gitlab-runner',
      '      REGISTRATION_TOKEN: abc',
    );
    expect(matchRule(token, 'docker-compose.yml', compose)).toEqual([]);
  });

  it('takes only strings as naming the command: a boolean does not name `true`', () => {
    const truthy = { kind: 'env-var', name: 'TRACE', command: 'true' };
    const compose = (tty: string) =>
      lines('services:', '  shell:', '    image: busybox', `    tty: ${tty}`, '    environment:', '      TRACE: 1');
    expect(matchRule(truthy, 'docker-compose.yml', compose('true'))).toEqual([]);
    expect(matchRule(truthy, 'docker-compose.yml', compose('"true"'))).toEqual(['6:7 TRACE']);
  });

  it('reads no data patterns in YAML: a quoted label is not an environment', () => {
    const compose = lines(
      'services:',
      '  runner:',
      '    image: gitlab/gitlab-runner:alpine',
      '    labels: {"REGISTRATION_TOKEN": "abc"}',
    );
    expect(matchRule(token, 'docker-compose.yml', compose)).toEqual([]);
  });

  it('reports a setting found both by structure and by text once', () => {
    const compose = lines('services:', '  runner: {image: gitlab/gitlab-runner, environment: [REGISTRATION_TOKEN=abc]}');
    expect(matchRule(token, 'docker-compose.yml', compose)).toEqual(['2:55 REGISTRATION_TOKEN']);
    // A list item whose value names the command is a script line that names it too.
    const config = { kind: 'env-var', name: 'CONFIG_FILE', command: 'gitlab-runner' };
    const list = lines(
      'services:',
      '  runner:',
      '    image: gitlab/gitlab-runner:alpine',
      '    environment:',
      '      - CONFIG_FILE=/etc/gitlab-runner/config.toml',
    );
    expect(matchRule(config, 'docker-compose.yml', list)).toEqual(['5:9 CONFIG_FILE']);
  });

  it('reports in the order of the file, a script line before the variables too', () => {
    const ci = lines(
      'register:',
      '  image: gitlab/gitlab-runner:alpine',
      '  script:',
      '    - REGISTRATION_TOKEN="$T" gitlab-runner register -n',
      '  variables:',
      '    REGISTRATION_TOKEN: abc',
    );
    expect(matchRule(token, '.gitlab-ci.yml', ci)).toEqual(['4:7 REGISTRATION_TOKEN', '6:5 REGISTRATION_TOKEN']);
  });
});

describe('env-var rule: environments in YAML', () => {
  const service = (...environment: string[]) =>
    lines('services:', '  runner:', '    image: gitlab/gitlab-runner:alpine', ...environment);

  it('reads an empty environment as setting nothing, and skips empty and number items of a list', () => {
    expect(matchRule(token, 'docker-compose.yml', service('    environment:'))).toEqual([]);
    expect(matchRule(token, 'docker-compose.yml', service('    environment: none'))).toEqual([]);
    expect(
      matchRule(
        token,
        'docker-compose.yml',
        service('    environment:', '      -', '      - 42', '      - CI_SERVER_URL=https://x', '      - REGISTRATION_TOKEN=abc'),
      ),
    ).toEqual(['8:9 REGISTRATION_TOKEN']);
  });

  it('with a value, compares all of it after the first `=` in a list item', () => {
    const url = { kind: 'env-var', name: 'CI_SERVER_URL', command: 'gitlab-runner', value: 'https://x/?a=b' };
    expect(
      matchRule(
        url,
        'docker-compose.yml',
        service('    environment:', '      - CI_SERVER_URL=https://x/?a=b', '      - CI_SERVER_URL=https://x/?a'),
      ),
    ).toEqual(['5:9 CI_SERVER_URL=https://x/?a=b']);
  });

  it('strips quotes only when they wrap the whole value', () => {
    const text = service(
      '    environment:',
      '      - REGISTER_LOCKED="true"',
      "      - REGISTER_LOCKED='true'",
      '      - REGISTER_LOCKED=tr"ue"',
      '      - REGISTER_LOCKED="tr"ue',
      '      - REGISTER_LOCKED="true\'',
    );
    expect(matchRule(locked, 'docker-compose.yml', text)).toEqual(['5:9 REGISTER_LOCKED=true', '6:9 REGISTER_LOCKED=true']);
  });

  it('reads name and value pairs in either order, and only the pair of the name', () => {
    const manifest = lines(
      'containers:',
      '  - name: runner',
      '    image: gitlab/gitlab-runner:alpine',
      '    env:',
      '      - name: CI_SERVER_URL',
      '        value: https://x',
      '      - valueFrom: { secretKeyRef: { name: runner, key: token } }',
      '      - value: abc',
      '        name: REGISTRATION_TOKEN',
    );
    expect(matchRule(token, 'k8s/runner.yaml', manifest)).toEqual(['9:15 REGISTRATION_TOKEN']);
  });

  it('with a value, compares the pair’s value, whichever key comes first', () => {
    const manifest = lines(
      'containers:',
      '  - name: runner',
      '    image: gitlab/gitlab-runner:alpine',
      '    env:',
      '      - name: REGISTER_LOCKED',
      '        value: "true"',
      '      - value: "true"',
      '        name: REGISTER_LOCKED',
      '      - name: REGISTER_LOCKED',
      '        value: "false"',
      '      - name: REGISTER_LOCKED',
      '      - name: REGISTER_LOCKED',
      '        value:',
    );
    expect(matchRule(locked, 'k8s/runner.yaml', manifest)).toEqual(['5:15 REGISTER_LOCKED=true', '8:15 REGISTER_LOCKED=true']);
    // A pair without a value, or with an empty one, sets the variable to the empty string.
    const empty = { ...locked, value: '' };
    expect(matchRule(empty, 'k8s/runner.yaml', manifest)).toEqual(['11:15 REGISTER_LOCKED=', '12:15 REGISTER_LOCKED=']);
  });

  it('reads only the environment keys at the top of chart values, once even where the values name the command', () => {
    const values = lines(
      'image: gitlab/gitlab-runner:alpine',
      'podAnnotations:',
      '  REGISTRATION_TOKEN: x',
      'envVars:',
      '  - name: REGISTRATION_TOKEN',
      '    value: abc',
    );
    expect(matchRule(token, 'deploy/gitlab-runner/values.yaml', values)).toEqual(['5:11 REGISTRATION_TOKEN']);
    expect(matchRule(token, 'deploy/gitlab-runner/values.yaml', values.replace('gitlab/gitlab-runner', 'example/base'))).toEqual([
      '5:11 REGISTRATION_TOKEN',
    ]);
  });
});

describe('env-var rule: other text', () => {
  it('reads no prose: a README showing the commands', () => {
    const text = 'export REGISTRATION_TOKEN=abc\ngitlab-runner register\n';
    expect(matchRule(token, 'README.md', text)).toEqual([]);
    expect(matchRule(token, 'register.sh', text)).toEqual(['1:8 REGISTRATION_TOKEN']);
  });

  it('takes no command named only in a comment', () => {
    expect(matchRule(token, 'setup.sh', '# then run gitlab-runner register\nexport REGISTRATION_TOKEN=abc\n')).toEqual([]);
  });

  it('reads an environment directory file’s first line without its line end, leading spaces kept', () => {
    const at = 'docker/gitlab-runner/env/REGISTER_LOCKED';
    expect(matchRule(locked, at, 'true\r\n')).toEqual(['1:1 REGISTER_LOCKED=true']);
    expect(matchRule(locked, at, 'true \n')).toEqual(['1:1 REGISTER_LOCKED=true']);
    expect(matchRule(locked, at, ' true\n')).toEqual([]);
  });
});
