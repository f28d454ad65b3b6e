import { describe, expect, it } from 'vitest';
import { demoFixtures } from '../../src/reference/platform/world.ts';
import { DEMO_APP_ID, DEMO_PROJECT_ID, DEMO_TOKEN, DEMO_TOKENS, LOAD_PATH } from '../../src/site/demo-world.ts';

const world = demoFixtures();
const tokenOf = (token: string) => world.tokens.find((candidate) => candidate.token === token);
const userOf = (token: string) => world.users.find((user) => user.id === tokenOf(token)?.userId);

describe('the demo world as the site names it', () => {
  it('offers exactly the demo world’s tokens', () => {
    expect([...DEMO_TOKENS].sort()).toEqual(world.tokens.map((token) => token.token).sort());
  });

  it('names each token for what it may do', () => {
    expect(userOf(DEMO_TOKEN.admin)?.admin).toBe(true);
    expect(tokenOf(DEMO_TOKEN.maintainer)?.scopes).toEqual(['api']);
    expect(userOf(DEMO_TOKEN.maintainer)?.groupRoles[10]).toBe('maintainer');
    expect(tokenOf(DEMO_TOKEN.developer)?.scopes).toEqual(['api']);
    expect(userOf(DEMO_TOKEN.developer)?.groupRoles[10]).toBe('developer');
    expect(tokenOf(DEMO_TOKEN.read)?.scopes).toEqual(['read_api']);
    expect(userOf(DEMO_TOKEN.read)?.groupRoles[10]).toBe('maintainer');
  });

  it('works in project 1, demo-app', () => {
    const project = world.projects.find((candidate) => candidate.id === DEMO_PROJECT_ID);
    expect(project?.name).toBe(DEMO_APP_ID);
    expect(LOAD_PATH).toBe(`/api/v4/projects/${DEMO_PROJECT_ID}/product_analytics/request/load?queryType=multi`);
  });
});
