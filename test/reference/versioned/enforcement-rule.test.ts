/** The register entry's `enforcement` field: what content may say about versioned behaviour. */
import { describe, expect, it } from 'vitest';
import { type RegisterEntryInput, registerEntrySchema } from '../../../src/schemas/register-entry.ts';
import { theRegister } from './harness.ts';

const entry = (overrides: Partial<RegisterEntryInput>) => ({
  id: 'sample-entry',
  title: 'A sample change',
  area: 'ci',
  kind: 'removal',
  removed_in: '18.0',
  breaking: true,
  breaking_reason: 'Requests to the sample endpoint are refused.',
  offerings: ['hosted'],
  summary: 'Gone.',
  migration: 'Use the other one.',
  endpoints: ['sample-endpoint'],
  ...overrides,
});

const problems = (overrides: Partial<RegisterEntryInput>) => {
  const result = registerEntrySchema.safeParse(entry(overrides));
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the enforcement field of a register entry', () => {
  it('is optional and accepts reject and rate-limit rules', () => {
    expect(problems({})).toEqual([]);
    expect(
      problems({
        enforcement: [
          { kind: 'reject', endpoint: 'sample-endpoint', when: { query_all: ['a', 'b'] }, status: 400, message: 'no' },
          { kind: 'rate-limit', path_prefixes: ['/api/v4/projects'], requests: 5, window_seconds: 60 },
        ],
      }),
    ).toEqual([]);
  });

  it('needs a reject rule to name an endpoint the entry lists', () => {
    expect(problems({ enforcement: [{ kind: 'reject', endpoint: 'other-endpoint', status: 410, message: 'gone' }] })).toEqual([
      'enforcement.0.endpoint: endpoint "other-endpoint" is not in this entry\'s `endpoints`; add it there first',
    ]);
  });

  it('refuses a status outside 4xx, an empty `when`, a prefix with a trailing slash and an unknown kind', () => {
    expect(problems({ enforcement: [{ kind: 'reject', endpoint: 'sample-endpoint', status: 500, message: 'x' }] })).toEqual([
      'enforcement.0.status: a rejection status is a 4xx client error',
    ]);
    expect(
      problems({ enforcement: [{ kind: 'reject', endpoint: 'sample-endpoint', when: {}, status: 410, message: 'x' }] }),
    ).toEqual(['enforcement.0.when: `when` needs `query_all` or `body_any`; leave `when` out to concern every request']);
    expect(
      problems({ enforcement: [{ kind: 'rate-limit', path_prefixes: ['/api/v4/users/'], requests: 1, window_seconds: 1 }] }),
    ).toEqual([
      'enforcement.0.path_prefixes.0: a path prefix starts with "/", does not end with "/", and has no "*", "?" or "#"',
    ]);
    expect(problems({ enforcement: [{ kind: 'throttle' } as never] })).toHaveLength(1);
  });

  it('is filled in for the entries whose endpoints the reference serves, and for the default rate limits', async () => {
    const register = await theRegister();
    const rules = register.entries.flatMap((candidate) =>
      (candidate.enforcement ?? []).map(
        (rule) =>
          `${candidate.id} ${rule.kind} ${rule.kind === 'reject' ? `${rule.endpoint} ${rule.status}` : rule.path_prefixes.join(',')}`,
      ),
    );
    expect(rules.sort()).toEqual([
      'ci-lint-ref-and-sha-blocked reject ci-lint 400',
      'rate-limits-on-by-default rate-limit /api/v4/users,/api/v4/user,/api/v4/projects,/api/v4/groups',
      'runner-register-arguments-removed reject runners-create 410',
      'runner-registration-token-removed reject runners-create 410',
      'runner-reset-registration-token-endpoints-gone reject groups-runners-reset-registration-token 410',
      'runner-reset-registration-token-endpoints-gone reject projects-runners-reset-registration-token 410',
      'runner-reset-registration-token-endpoints-gone reject runners-reset-registration-token 410',
    ]);
  });
});
