import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { mountedKeySpelling } from '../../../src/check/file/embedded-yaml.ts';
import { nodesAt, parseKeyPath } from '../../../src/check/file/yaml-path.ts';
import { unmount } from '../../../src/check/rules/yaml-key.ts';

/** Where `threshold` keys of embedded documents sit, as `line mount`. */
function thresholds(file: string, text: string): string[] {
  const analyzed = analyzeFile(file, file, text, 'yaml');
  return analyzed
    .embeddedYaml()
    .flatMap(({ document, mount }) =>
      unmount(parseKeyPath('notifications.endpoints[].threshold'), mount).flatMap((steps) =>
        nodesAt(document.contents, steps).map((hit) => `${analyzed.source.position(hit.offset).line} ${mount.join('.')}`),
      ),
    );
}

describe('YAML in strings', () => {
  it('spells each key a registry variable mounts its document under as it stands in the variable', () => {
    const variable = 'REGISTRY_NOTIFICATIONS_ENDPOINTS';
    const text = ['services:', '  registry:', '    environment:', `      ${variable}: |`, '        - name: audit', ''].join('\n');
    const [embedded] = analyzeFile('compose.yaml', 'compose.yaml', text, 'yaml').embeddedYaml();
    expect(embedded?.mount).toEqual(['notifications', 'endpoints']);
    for (const key of embedded?.mount ?? []) expect(variable).toContain(mountedKeySpelling(key));
    // A key no variable name can hold (an underscore is the variable's separator, upper case is not a key's).
    expect(mountedKeySpelling('match_on_inclusion')).toBeUndefined();
    expect(mountedKeySpelling('deliveryMethod')).toBeUndefined();
  });

  it('reads a registry configuration held in a config map, a Helm template’s included', () => {
    const configMap = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: {{ .Release.Name }}-registry',
      'data:',
      '  config.yml: |',
      '    version: 0.1',
      '    storage:',
      '      filesystem: {}',
      '    notifications:',
      '      endpoints:',
      '        - name: audit',
      '          {{- if .Values.retries }}',
      '          threshold: {{ .Values.retries }}',
      '          {{- end }}',
      '',
    ].join('\n');
    expect(thresholds('chart/templates/registry-configmap.yaml', configMap)).toEqual(['14 ']);
  });

  it('mounts a document set by a registry environment variable at the keys the variable names', () => {
    const compose = [
      'services:',
      '  registry:',
      '    image: registry:2',
      '    environment:',
      '      REGISTRY_NOTIFICATIONS_ENDPOINTS: |',
      '        - name: audit',
      '          url: https://audit.example.com/events',
      '          threshold: 5',
      '',
    ].join('\n');
    expect(thresholds('compose.yaml', compose)).toEqual(['8 notifications.endpoints']);
    const pod = [
      'spec:',
      '  containers:',
      '    - name: registry',
      '      env:',
      '        - name: REGISTRY_NOTIFICATIONS_ENDPOINTS',
      '          value: |',
      '            - name: audit',
      '              threshold: 5',
      '',
    ].join('\n');
    expect(thresholds('pod.yaml', pod)).toEqual(['8 notifications.endpoints']);
  });

  it('leaves alone strings whose key does not name the registry’s configuration', () => {
    const text = [
      'description: |',
      '  notifications:',
      '    endpoints:',
      '      - threshold: 5',
      'data:',
      '  alerting.yml: |',
      '    notifications:',
      '      endpoints:',
      '        - threshold: 5',
      '',
    ].join('\n');
    expect(thresholds('values.yaml', text)).toEqual([]);
  });

  it('walks a key path past the keys a document is mounted under', () => {
    const steps = parseKeyPath('notifications.endpoints[].threshold');
    expect(unmount(steps, ['notifications', 'endpoints'])).toEqual([[{ anyItem: true }, { key: 'threshold' }]]);
    expect(unmount(steps, ['storage'])).toEqual([]);
    expect(unmount(parseKeyPath('**.delivery_method'), ['incoming_email'])).toEqual([
      [{ anyDepth: true }, { key: 'delivery_method' }],
    ]);
  });
});
