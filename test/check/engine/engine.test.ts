import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { activeRule as active } from '../active-rule.ts';

const engine = createEngine(
  [
    active('jwt', { kind: 'ci-variable', name: 'CI_JOB_JWT' }),
    active('jwt', { kind: 'text', literal: 'CI_JOB_JWT' }),
    active('dep', { kind: 'ci-keyword', path: '*.after_script' }, 'warning'),
    active('old-field', { kind: 'graphql', element: 'field', name: 'oldField' }),
  ],
  { configDir: '.gitlab' },
);
const check = (file: string, text: string) =>
  engine.checkText({ path: file, rootPath: file }, text, engine.prefilter.anchorsIn(Buffer.from(text)));

describe('createEngine with an automaton built elsewhere', () => {
  it('takes one built for its rules’ anchors, and refuses one of other anchors', () => {
    const rules = [active('jwt', { kind: 'ci-variable', name: 'CI_JOB_JWT' })];
    const table = createEngine(rules, { configDir: '.gitlab' }).prefilter.table();
    expect(createEngine(rules, { configDir: '.gitlab' }, table).prefilter.table()).toBe(table);
    const other = [active('old', { kind: 'ci-variable', name: 'OLD_VAR' })];
    expect(() => createEngine(other, { configDir: '.gitlab' }, table)).toThrow('built for other anchors');
  });
});

describe('engine', () => {
  it('reports each entry once per place even when two of its rules match there', () => {
    const { findings } = check('run.sh', 'echo $CI_JOB_JWT\n');
    expect(findings.map((finding) => [finding.ruleId, finding.line, finding.column])).toEqual([['jwt', 1, 7]]);
    expect(findings[0]).toMatchObject({
      severity: 'error',
      message: 'jwt title',
      fix: 'jwt fix',
      helpUri: 'https://s/register/jwt/',
    });
  });

  it('reports one finding per use when two rules of an entry match the same line at different columns', () => {
    const two = createEngine(
      [active('lint', { kind: 'rest', path: '/projects/:id/ci/lint' }), active('lint', { kind: 'text', literal: 'dry_run_ref' })],
      { configDir: '.gitlab' },
    );
    const text = 'curl "$API/projects/1/ci/lint?dry_run_ref=main"\ncurl "$API/projects/1/ci/lint"\n';
    const { findings } = two.checkText({ path: 'a.sh', rootPath: 'a.sh' }, text);
    expect(findings.map((finding) => [finding.line, finding.column])).toEqual([
      [1, 12],
      [2, 12],
    ]);
  });

  it('reports a CI file of more anchors and aliases than it reads as a parse error, which fails the check', () => {
    const jobs = Array.from({ length: 2100 }, (_, index) => `job${index}:\n  variables: *vars\n  after_script: [x]`);
    const { findings } = check('.gitlab-ci.yml', ['.vars: &vars', '  A: "1"', ...jobs, ''].join('\n'));
    expect(findings.map((finding) => [finding.ruleId, finding.severity, finding.line])).toEqual([['parse-error', 'error', 1]]);
    expect(findings[0]?.message).toBe(
      'YAML not read: it holds more than 2,000 anchors and aliases (reading them takes time growing with the square of their number)',
    );
  });

  it('reports a CI file that does not parse as a parse-error finding, not a silent skip', () => {
    const { findings } = check('.gitlab-ci.yml', 'job:\n  after_script: [\n');
    expect(findings.map((finding) => [finding.ruleId, finding.severity])).toEqual([['parse-error', 'error']]);
    expect(findings[0]?.message).toMatch(/^YAML does not parse: /);
  });

  it('reports a broken gql template in code as a parse error when a GraphQL rule reads the file', () => {
    const { findings } = check('src/a.js', 'const q = gql`query { oldField( }`;\n');
    expect(findings.map((finding) => [finding.ruleId, finding.line, finding.column])).toEqual([['parse-error', 1, 33]]);
  });

  it('leaves an untagged string that only looks like GraphQL alone', () => {
    expect(check('src/a.js', 'const q = "query { oldField( }";\n').findings).toEqual([]);
  });

  it('applies inline suppression and counts what it suppressed', () => {
    const result = check('run.sh', '# sunset-ignore jwt\necho $CI_JOB_JWT\necho $CI_JOB_JWT\n');
    expect(result.findings.map((finding) => finding.line)).toEqual([3]);
    expect(result.suppressed).toBe(1);
  });

  it('gives fingerprints that survive lines moving but tell repeated uses apart', () => {
    const first = check('run.sh', 'echo $CI_JOB_JWT\necho $CI_JOB_JWT\n').findings.map((finding) => finding.fingerprint);
    const moved = check('run.sh', '\n\n# new lines\necho   $CI_JOB_JWT\necho $CI_JOB_JWT\n').findings.map(
      (finding) => finding.fingerprint,
    );
    expect(moved).toEqual(first);
    expect(new Set(first).size).toBe(2);
  });

  it('reads YAML that is CI configuration by its shape as CI, wherever it lies, and no other YAML', () => {
    const template = 'deploy:\n  image: alpine\n  script: [./deploy.sh]\n  after_script: [./cleanup.sh]\n';
    expect(check('templates/deploy.yml', template).findings.map((finding) => [finding.ruleId, finding.line])).toEqual([
      ['dep', 4],
    ]);
    const workflow = 'on: push\njobs:\n  build:\n    after_script: [./cleanup.sh]\n    steps: [{ run: make }]\n';
    expect(check('.github/workflows/build.yml', workflow).findings).toEqual([]);
    // Known by its shape, it is still not called broken when it does not parse: only a path says that.
    expect(check('templates/broken.yml', 'deploy:\n  script: [\n').findings).toEqual([]);
  });

  it('reads a security policy by its shape wherever it lies, and a look-alike not at all', () => {
    const policies = createEngine(
      [
        active('split', {
          kind: 'text',
          literal: 'newly_detected',
          files: ['.gitlab/security-policies/**'],
          shapes: ['security-policy'],
        }),
      ],
      { configDir: '.gitlab' },
    );
    const policy = 'approval_policy:\n  - name: Review\n    rules:\n      - vulnerability_states: [newly_detected]\n';
    const run = (file: string, text: string) =>
      policies.checkText({ path: file, rootPath: file }, text).findings.map((finding) => `${finding.file}:${finding.line}`);
    expect(run('policies/review.yml', policy)).toEqual(['policies/review.yml:4']);
    expect(run('config/app.yml', 'approval_policy: newly_detected\n')).toEqual([]);
    expect(run('.gitlab/security-policies/old.yml', 'states: [newly_detected]\n')).toEqual([
      '.gitlab/security-policies/old.yml:1',
    ]);
  });
});
