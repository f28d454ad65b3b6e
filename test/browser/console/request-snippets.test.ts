import { describe, expect, it } from 'vitest';
import type { ConsoleRequest } from '../../../src/browser/console/console-request.ts';
import { curlSnippet, fetchSnippet, pythonSnippet } from '../../../src/browser/console/request-snippets.ts';

const request: ConsoleRequest = {
  method: 'POST',
  url: 'http://localhost:8787/api/v4/runners',
  headers: [
    ['Content-Type', 'application/json'],
    ['X-Platform-Release', '17.0'],
  ],
  body: '{"token": "demo-registration-token", "maintenance_note": "it\'s \\"quoted\\""}',
};

describe('request snippets', () => {
  it('write curl with shell quoting that survives single quotes', () => {
    expect(curlSnippet(request)).toBe(
      [
        "curl --include --request POST 'http://localhost:8787/api/v4/runners' \\",
        "  --header 'Content-Type: application/json' \\",
        "  --header 'X-Platform-Release: 17.0' \\",
        `  --data-raw '{"token": "demo-registration-token", "maintenance_note": "it'\\''s \\"quoted\\""}'`,
      ].join('\n'),
    );
  });

  it('write fetch with a JSON body as an object and a plain body as a string', () => {
    const snippet = fetchSnippet(request);
    expect(snippet).toContain('const response = await fetch("http://localhost:8787/api/v4/runners", {');
    expect(snippet).toContain('"X-Platform-Release": "17.0",');
    expect(snippet).toContain('body: JSON.stringify({\n    "token": "demo-registration-token",');
    const body = new Function(`return ${/body: JSON\.stringify\(([\s\S]*)\),\n\}\);/.exec(snippet)?.[1]}`)();
    expect(body).toEqual(JSON.parse(request.body as string));
    const text = fetchSnippet({ ...request, headers: [], body: 'a\nb' });
    expect(text).toContain('body: "a\\nb",');
    expect(fetchSnippet({ method: 'GET', url: 'http://x/y', headers: [] })).toBe(
      'const response = await fetch("http://x/y", {\n  method: "GET",\n});\nconsole.log(response.status, await response.text());',
    );
  });

  it('write Python requests with the body and headers as string literals', () => {
    const snippet = pythonSnippet(request);
    expect(snippet.split('\n').slice(0, 5)).toEqual([
      'import requests',
      '',
      'response = requests.request(',
      '    "POST",',
      '    "http://localhost:8787/api/v4/runners",',
    ]);
    expect(snippet).toContain('        "X-Platform-Release": "17.0",');
    expect(snippet).toContain(`    data=${JSON.stringify(request.body)},`);
    expect(snippet.endsWith(')\nprint(response.status_code, response.text)')).toBe(true);
  });
});
