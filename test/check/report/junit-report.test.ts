import { describe, expect, it } from 'vitest';
import { junitReport } from '../../../src/check/report/junit-report.ts';
import { reportInput } from './report-fixture.ts';

describe('junit report', () => {
  it('has one test case per finding; those at the fail level fail, the others pass with their text', () => {
    const xml = junitReport(reportInput());
    expect(xml).toContain('<testsuites name="sunset" tests="2" failures="1">');
    expect(xml).toContain(
      '<testcase classname=".gitlab-ci.yml" name=".gitlab-ci.yml:3:24 ci-job-jwt-removed" file=".gitlab-ci.yml">\n      <failure type="error" message="The old job JSON web tokens are removed">',
    );
    expect(xml).toContain('name="src/api &amp; &quot;queries&quot;.js:10:5 graphql-old-mutation-deprecated"');
    expect(xml).toContain('<system-out>warning: A &lt;mutation&gt; is deprecated');
  });

  it('fails warnings too with --fail-on deprecated', () => {
    expect(junitReport(reportInput(false, { failOn: 'deprecated' }))).toContain('failures="2"');
  });

  it('has one passing case when clean', () => {
    const xml = junitReport(reportInput(true));
    expect(xml).toContain('tests="1" failures="0"');
    expect(xml).toContain('<testcase classname="sunset" name="no removed or deprecated uses up to 17.0"/>');
  });
});
