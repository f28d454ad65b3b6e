import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../src/register/index.ts';
import { buildPlan } from '../../src/register/plan/build-plan.ts';
import { planToMarkdown } from '../../src/register/plan/render/plan-markdown.ts';
import { REPOS, runCli } from '../check/run-cli.ts';

const cwd = path.join(REPOS, 'clean');

describe('sunset plan', () => {
  it('prints a Markdown checklist by default, the same the site exports', async () => {
    const { code, stdout } = await runCli(['plan', '--from', '16.11', '--to', '17.0', '--offering', 'self-managed'], cwd);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^## Upgrade plan: 16\.11 → 17\.0 \(self-managed\)\n/);
    expect(stdout).toContain(
      '- [ ] [The old job JSON web tokens CI_JOB_JWT, CI_JOB_JWT_V1 and CI_JOB_JWT_V2 are removed](https://sunset.example.com/register/ci-job-jwt-removed/) (**breaking**, removal in 17.0); find uses: `npx sunset-register check . --to 17.0 --rule ci-job-jwt-removed`',
    );
    expect(stdout).toContain('### Plan ahead');
    expect(stdout).not.toContain('### Hosted offering');
    // The site's export calls the same two functions, so the checklist is the same text in both places.
    const register = await loadRegister();
    const plan = buildPlan(register, { from: '16.11', to: '17.0', offering: 'self-managed' });
    expect(stdout).toBe(planToMarkdown(plan, { siteUrl: register.settings.site_url }));
  });

  it('prints JSON with stable item keys and links, and text for a terminal', async () => {
    const json = JSON.parse((await runCli(['plan', '--from', '16.11', '--to', '17.0', '--format', 'json'], cwd)).stdout);
    const items = json.mustDo.flatMap((group: { items: { key: string; url: string }[] }) => group.items);
    expect(items.find((item: { key: string }) => item.key === 'ci-job-jwt-removed')?.url).toBe(
      'https://sunset.example.com/register/ci-job-jwt-removed/',
    );
    expect(json.hostedNote).toMatch(/month before/);
    const text = (await runCli(['plan', '--from', '16.11', '--to', '17.0', '--format', 'text'], cwd)).stdout;
    expect(text).toContain('Must do before upgrading (');
    expect(text).toContain('[ ] breaking The old job JSON web tokens');
  });

  it('refuses downgrades, equal and unknown releases with exit 2 and the shared message', async () => {
    const cases: [string[], RegExp][] = [
      [['plan', '--from', '17.0', '--to', '16.0'], /16\.0 is older than 17\.0: the register plans upgrades only/],
      [['plan', '--from', '17.0', '--to', '17.0'], /from and to are both 17\.0/],
      [['plan', '--from', '16.0', '--to', '42.0'], /"42\.0" \(to\) is not a release the register knows/],
      [['plan', '--to', '17.0'], /--from and --to are both required/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });
});
