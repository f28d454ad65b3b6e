// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the texts under test are shell, JavaScript and Python sources that use ${…}
import { describe, expect, it } from 'vitest';
import { pathAnchor, pathPattern } from '../../../src/check/rules/rest.ts';
import { matchRule } from './match-rule.ts';

describe('rest rule', () => {
  it('matches path shapes with variable segments written in any style', () => {
    const pattern = pathPattern('/projects/:id/ci/lint');
    for (const url of [
      'https://host/api/v4/projects/42/ci/lint',
      '`/api/v4/projects/${id}/ci/lint`',
      "'/projects/' + id + '/ci/lint'",
      'f"/projects/{pid}/ci/lint"',
      "api.post('projects/7/ci/lint')",
    ]) {
      expect(url.match(pattern), url).not.toBeNull();
    }
    expect('/projects/1/ci/lint_old'.match(pathPattern('/projects/:id/ci/lint'))).toBeNull();
    expect('/projects/group%2Fapp/packages'.match(pathPattern('/projects/:id/packages'))).not.toBeNull();
    expect(
      '"tests/projects/workspace/packages/*"'.match(pathPattern('/projects/:id/packages')),
      'a word is not an id',
    ).toBeNull();
    expect('/users/12'.match(pathPattern('/users'))).toBeNull();
    expect('/users?page=2'.match(pathPattern('/users'))).not.toBeNull();
  });

  it('starts a path at the API root unless the rule allows a suffix', () => {
    const users = { kind: 'rest', path: '/users' };
    expect(matchRule(users, 'a.sh', 'curl "https://h.example/api/v4/users"\n')).toHaveLength(1);
    expect(matchRule(users, 'a.sh', 'curl "$CI_API_V4_URL/users"\n')).toHaveLength(1);
    expect(matchRule(users, 'a.js', 'get(`${base}/users`)\n')).toHaveLength(1);
    expect(matchRule(users, 'a.js', "get('/users')\n")).toHaveLength(1);
    expect(matchRule(users, 'a.sh', 'curl "$CI_API_V4_URL/projects/1/users"\n')).toEqual([]);
    expect(matchRule(users, 'a.py', 'get(f"{api}/projects/{pid}/users")\n')).toEqual([]);
    expect(matchRule(users, 'a.js', 'get("https://sso.example/api/v1/users")\n')).toEqual([]);
    expect(matchRule({ ...users, suffix: true }, 'a.sh', 'curl "$CI_API_V4_URL/projects/1/users"\n')).toHaveLength(1);
  });

  it('reads a method set apart from the URL by a blank line inside one call, not across commands', () => {
    const del = { kind: 'rest', method: 'DELETE', path: '/v2/:name/tags/reference/:tag' };
    const call = 'requests.request(\n    "DELETE",\n\n    f"{r}/v2/{n}/tags/reference/{t}",\n)\n';
    expect(matchRule(del, 'a.py', call)).toHaveLength(1);
    expect(matchRule(del, 'a.sh', 'curl -X DELETE "$R/v2/a/manifests/x"\n\ncurl "$R/v2/$N/tags/reference/$T"\n')).toEqual([]);
  });

  it('needs every parameter in the request’s own statement or one a variable ties to it', () => {
    const rule = { kind: 'rest', path: '/projects/:id/ci/lint', params: ['ref', 'sha'] };
    const script =
      'curl -X POST "$API/projects/1/ci/lint" \\\n  --data "ref=main" \\\n  --data "sha=abc"\n\ncurl "$API/projects/1/ci/lint?ref=main"\n';
    expect(matchRule(rule, 'lint.sh', script)).toEqual(['1:20 projects/1/ci/lint']);
    // The line before uses ref and sha; this request does not.
    const neighbours = [
      'curl "$API/projects/1/ci/lint?ref=main&sha=$SHA"',
      'curl "$API/projects/1/ci/lint?content_ref=main&dry_run_ref=main"',
      '',
    ].join('\n');
    expect(matchRule(rule, 'lint.sh', neighbours)).toEqual(['1:12 projects/1/ci/lint']);
    const python = [
      'def lint(api, sha):',
      '    query = {"ref": "main", "sha": sha}',
      '',
      '    return requests.get(f"{api}/projects/1/ci/lint", params=query)',
      '',
    ].join('\n');
    expect(matchRule(rule, 'lint.py', python)).toEqual(['4:33 projects/1/ci/lint']);
  });

  it('reads each command alone: a method on the line before is another request’s', () => {
    const jwks = { kind: 'rest', method: 'GET', path: '/-/jwks' };
    const script = 'curl --request POST "$URL/oauth/token" --data "a=b"\ncurl "$URL/-/jwks" > keys.json\n';
    expect(matchRule(jwks, 'keys.sh', script)).toEqual(['2:12 -/jwks']);
    const chained = 'curl -X POST "$URL/x" && curl "$URL/-/jwks"\n';
    expect(matchRule(jwks, 'keys.sh', chained)).toEqual(['1:37 -/jwks']);
  });

  it('ties a path assigned to a variable to the call that uses it, blank lines between', () => {
    const reset = { kind: 'rest', method: 'POST', path: '/groups/:id/runners/reset_registration_token' };
    const go = [
      'func (s *RunnersService) ResetGroup(gid string) error {',
      '\tu := fmt.Sprintf("groups/%s/runners/reset_registration_token", PathEscape(gid))',
      '',
      '\treq, err := s.client.NewRequest(http.MethodPost, u, nil, nil)',
      '\treturn err',
      '}',
      '',
    ].join('\n');
    expect(matchRule(reset, 'runners.go', go)).toEqual(['2:20 groups/%s/runners/reset_registration_token']);
    expect(matchRule(reset, 'runners.go', go.replace('MethodPost', 'MethodGet'))).toEqual([]);
    const js =
      "const url = `${base}/groups/${id}/runners/reset_registration_token`;\nconst options = { method: 'POST' };\n\nawait fetch(url, options);\n";
    expect(matchRule(reset, 'reset.js', js)).toHaveLength(1);
    const ruby = [
      'uri = URI("#{base}/groups/#{id}/runners/reset_registration_token")',
      'request = Net::HTTP::Post.new(uri)',
      'http.request(request)',
      '',
    ].join('\n');
    expect(matchRule(reset, 'reset.rb', ruby)).toHaveLength(1);
  });

  it('checks the method: stated on the line, implied by curl data, or GET by default', () => {
    const post = { kind: 'rest', method: 'POST', path: '/runners/reset_registration_token' };
    expect(matchRule(post, 'a.sh', 'curl --request POST "$API/runners/reset_registration_token"\n')).toHaveLength(1);
    expect(matchRule(post, 'a.py', 'requests.post(f"{api}/runners/reset_registration_token")\n')).toHaveLength(1);
    expect(matchRule(post, 'a.sh', 'curl "$API/runners/reset_registration_token"\n')).toEqual([]);
    const get = { kind: 'rest', method: 'GET', path: '/users', params: ['page'] };
    expect(matchRule(get, 'a.sh', 'curl "$API/users?page=2"\n')).toHaveLength(1);
    expect(matchRule(get, 'a.sh', 'curl -X DELETE "$API/users?page=2"\n')).toEqual([]);
    expect(matchRule(get, 'a.sh', 'curl "$API/users?per_page=20&pagination=keyset"\n')).toEqual([]);
  });

  it('reads the method from earlier lines of the same command, however far the continuations reach', () => {
    const post = { kind: 'rest', method: 'POST', path: '/runners/reset_registration_token' };
    const script = [
      'curl --request POST \\',
      '  --header "A: 1" \\',
      '  --header "B: 2" \\',
      '  --header "C: 3" \\',
      '  --header "D: 4" \\',
      '  "$API/runners/reset_registration_token"',
      '',
    ].join('\n');
    expect(matchRule(post, 'a.sh', script)).toEqual(['6:9 runners/reset_registration_token']);
  });

  it('anchors on the last literal run of the path', () => {
    expect(pathAnchor('/projects/:id/ci/lint')).toBe('ci/lint');
    expect(pathAnchor('/v2/:name/tags/reference/:tag')).toBe('tags/reference');
    expect(pathAnchor('/-/jwks')).toBe('-/jwks');
  });
});
