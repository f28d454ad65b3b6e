import { countBySeverity, failsGate, type ReportInput, unreadableSkipped } from './report-input.ts';

/** Escapes text for an XML attribute or element. */
function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters.
      .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '')
  );
}

/**
 * JUnit XML: one test case per finding, named `file:line:column ruleId` and classed by file. A finding that
 * fails the gate (at the `--fail-on` level; `removed` when that is `never`, see {@link failsGate}) is a
 * `<failure>`; one below it passes with its text in `<system-out>`. A clean run has one passing case.
 */
export function junitReport(input: ReportInput): string {
  const { errors, warnings } = countBySeverity(input.findings);
  const failing = input.findings.filter((finding) => failsGate(finding.severity, input.failOn)).length;
  const suite = `sunset check --to ${input.range.to}`;
  const cases = input.findings.map((finding) => {
    const name = escapeXml(`${finding.file}:${finding.line}:${finding.column} ${finding.ruleId}`);
    const detail = escapeXml(
      [`${finding.severity}: ${finding.message}`, finding.fix && `Fix: ${finding.fix}`, finding.helpUri]
        .filter(Boolean)
        .join('\n'),
    );
    const head = `    <testcase classname="${escapeXml(finding.file)}" name="${name}" file="${escapeXml(finding.file)}">`;
    if (failsGate(finding.severity, input.failOn)) {
      return `${head}\n      <failure type="${finding.severity}" message="${escapeXml(finding.message)}">${detail}</failure>\n    </testcase>`;
    }
    return `${head}\n      <system-out>${detail}</system-out>\n    </testcase>`;
  });
  if (cases.length === 0) {
    cases.push(`    <testcase classname="sunset" name="no removed or deprecated uses up to ${escapeXml(input.range.to)}"/>`);
  }
  // With --skip-unreadable, each file not read is a skipped case, so a test view shows what was not checked.
  const unread = input.skipUnreadable ? unreadableSkipped(input) : [];
  for (const note of unread) {
    cases.push(
      `    <testcase classname="${escapeXml(note.path)}" name="${escapeXml(`${note.path} not checked`)}" file="${escapeXml(note.path)}">\n      <skipped message="${escapeXml(`${note.reason}; passed over with --skip-unreadable`)}"/>\n    </testcase>`,
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sunset" tests="${cases.length}" failures="${failing}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${cases.length}" failures="${failing}" errors="0" skipped="${unread.length}">`,
    `    <properties><property name="errors" value="${errors}"/><property name="warnings" value="${warnings}"/>${input.skipUnreadable ? '<property name="skip-unreadable" value="true"/>' : ''}</properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
