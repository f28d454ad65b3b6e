import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, loadRegister, readContent } from '../../src/register/index.ts';
import { type ContentCopy, copyContent } from '../register/content-copy.ts';

/**
 * The README's policy for the spec's self-contradictions: the entry is filed under the release the spec
 * calls the removal, both releases are quoted in `spec_conflict`, and every related error condition is
 * dated the same way and says so too.
 */
describe('the policy for releases the spec gives twice', async () => {
  const register = await loadRegister();

  it('files each known case under the release the spec calls the removal, quoting the other', () => {
    const cases = {
      'projects-api-ci-job-token-scope-enabled-removed': { filed: '17.0', other: '18.0' },
      'user-email-lookup-limit-removed': { filed: '16.7', other: '17.0' },
      'runner-registration-token-removed': { filed: '18.0', other: '17.0' },
      'runner-register-arguments-removed': { filed: '18.0', other: '17.0' },
    };
    for (const [id, { filed, other }] of Object.entries(cases)) {
      const entry = register.entry(id);
      expect(entry?.removed_in, id).toBe(filed);
      expect(entry?.spec_conflict, id).toContain(other);
      expect(entry?.spec_conflict, id).toContain(filed);
    }
  });

  it('dates every error condition of such an entry as the entry is dated, and says both releases there', () => {
    const conflicted = register.entries.filter((entry) => entry.spec_conflict);
    const conditions = register.errors.filter((error) => error.related.some((id) => conflicted.some((entry) => entry.id === id)));
    expect(conditions.map((error) => error.id)).toContain('runner-registration-token-gone');
    for (const error of conditions) {
      const entries = conflicted.filter((entry) => error.related.includes(entry.id));
      for (const entry of entries) expect(error.since, error.id).toBe(entry.removed_in);
      expect(error.spec_conflict, error.id).toMatch(/17\.0[\s\S]*18\.0|18\.0[\s\S]*17\.0/);
    }
  });

  it('spells the runner registration arguments as the spec does, in the entry and the error condition', () => {
    const spelled = ['locked', 'access-level', 'run-untagged', 'maximum-timeout', 'paused', 'tag-list', 'maintenance-note'];
    expect(register.errors.find((error) => error.id === 'runner-registration-token-gone')?.names.parameters).toEqual(spelled);
    expect(register.entry('runner-register-arguments-removed')?.names.parameters).toEqual(spelled);
    expect(register.errors.find((error) => error.id === 'runner-registration-token-gone')?.condition).toContain('access-level');
  });

  describe('npm run check', () => {
    let copy: ContentCopy | undefined;
    afterEach(async () => copy?.remove());

    it('fails, at the field, when an error condition is dated apart from its conflicted entry', async () => {
      copy = await copyContent();
      await copy.edit('errors.yaml', (text) =>
        text.replace(/(- id: runner-registration-token-gone[\s\S]*?since: )"18\.0"/, '$1"17.0"'),
      );
      const { problems } = await readContent(copy.dir);
      const printed = problems.map(formatProblem).join('\n');
      expect(printed).toContain(
        'content/errors.yaml:15:3 [1].since: "17.0" differs from related entry "runner-registration-token-removed"',
      );
      expect(printed).toContain('date both the same way');
    });

    it('fails when the error condition leaves the conflict unsaid', async () => {
      copy = await copyContent();
      await copy.edit('errors.yaml', (text) => text.replace(/ {2}spec_conflict: \|\n( {4}.*\n)+/, ''));
      const { problems } = await readContent(copy.dir);
      expect(problems.some((problem) => problem.path?.endsWith('spec_conflict'))).toBe(true);
    });
  });
});
