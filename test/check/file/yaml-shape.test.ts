import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { mayHaveShape, yamlShapes } from '../../../src/check/file/yaml-shape.ts';

const shapesOf = (text: string) => {
  expect(mayHaveShape(text), 'the quick look lets it through').toBe(true);
  return [...yamlShapes(parseAllDocuments(text) as ReturnType<typeof parseAllDocuments> & unknown[])];
};

describe('YAML shapes', () => {
  it('knows CI configuration by a job, a CI include or stages beside global keys', () => {
    expect(shapesOf('.deploy:\n  image: alpine\n  script:\n    - ./deploy.sh\n  <<: *defaults\n')).toEqual(['ci']);
    expect(shapesOf('include:\n  - local: ci/build.yml\n')).toEqual(['ci']);
    expect(shapesOf('stages: [build, test]\nvariables:\n  A: "1"\n')).toEqual(['ci']);
    expect(shapesOf('spec:\n  inputs:\n    to: {}\n---\ncheck:\n  trigger:\n    include: x.yml\n')).toEqual(['ci']);
  });

  it('does not take YAML that only looks similar for CI', () => {
    // A compose file's include, an Azure pipeline's stages, a deploy map with a script and a host, a workflow's steps.
    expect(shapesOf('include:\n  - other-compose.yml\nservices:\n  web:\n    image: nginx\n')).toEqual([]);
    expect(shapesOf('stages:\n  - stage: Build\n    jobs: []\ntrigger: [main]\n')).toEqual([]);
    expect(shapesOf('deploy:\n  script: ./deploy.sh\n  host: example.com\n')).toEqual([]);
    expect(shapesOf('stages: [build]\n')).toEqual([]);
    expect(mayHaveShape('on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n')).toBe(false);
  });

  it('knows security policies and registry configuration, and not their look-alikes', () => {
    expect(shapesOf('approval_policy:\n  - name: Review\n    rules: []\n')).toEqual(['security-policy']);
    expect(shapesOf('scan_execution_policy:\n- name: Nightly\n  actions: []\n')).toEqual(['security-policy']);
    expect(shapesOf('approval_policy: strict\n')).toEqual([]);
    expect(shapesOf('approval_policy:\n  - reviewers\n')).toEqual([]);
    expect(shapesOf('version: 0.1\nstorage:\n  filesystem: {}\nnotifications:\n  endpoints: []\n')).toEqual(['registry-config']);
    expect(shapesOf('version: "3"\nservices:\n  registry:\n    image: registry:2\n')).toEqual([]);
  });
});
