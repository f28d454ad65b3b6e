import { countBySeverity, failsGate, type ReportInput, unreadableSkipped } from './report-input.ts';

/** Control characters XML 1.0 cannot hold: all but tab and line ends. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to drop.
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f]/g;
/** Code units XML 1.0 cannot hold either: U+FFFE, U+FFFF and surrogates not in a pair. */
const NOT_CHARACTERS = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes text for an XML element; characters XML 1.0 cannot hold (controls, U+FFFE, U+FFFF, lone surrogates) are dropped. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(CONTROLS, '')
    .replace(NOT_CHARACTERS, '');
}

/**
 * Escapes text for an XML attribute: as {@link escapeXml}, and line breaks and tabs as character
 * references, which a parser keeps (written as such, it turns each into a space).
 */
function escapeAttribute(text: string): string {
  return escapeXml(text).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
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
    const name = escapeAttribute(`${finding.file}:${finding.line}:${finding.column} ${finding.ruleId}`);
    const detail = escapeXml(
      [`${finding.severity}: ${finding.message}`, finding.fix && `Fix: ${finding.fix}`, finding.helpUri]
        .filter(Boolean)
        .join('\n'),
    );
    const head = `    <testcase classname="${escapeAttribute(finding.file)}" name="${name}" file="${escapeAttribute(finding.file)}">`;
    if (failsGate(finding.severity, input.failOn)) {
      return `${head}\n      <failure type="${finding.severity}" message="${escapeAttribute(finding.message)}">${detail}</failure>\n    </testcase>`;
    }
    return `${head}\n      <system-out>${detail}</system-out>\n    </testcase>`;
  });
  if (cases.length === 0) {
    cases.push(
      `    <testcase classname="sunset" name="no removed or deprecated uses up to ${escapeAttribute(input.range.to)}"/>`,
    );
  }
  // With --skip-unreadable, each file not read is a skipped case, so a test view shows what was not checked.
  const unread = input.skipUnreadable ? unreadableSkipped(input) : [];
  for (const note of unread) {
    cases.push(
      `    <testcase classname="${escapeAttribute(note.path)}" name="${escapeAttribute(`${note.path} not checked`)}" file="${escapeAttribute(note.path)}">\n      <skipped message="${escapeAttribute(`${note.reason}; passed over with --skip-unreadable`)}"/>\n    </testcase>`,
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sunset" tests="${cases.length}" failures="${failing}">`,
    `  <testsuite name="${escapeAttribute(suite)}" tests="${cases.length}" failures="${failing}" errors="0" skipped="${unread.length}">`,
    `    <properties><property name="errors" value="${errors}"/><property name="warnings" value="${warnings}"/>${input.skipUnreadable ? '<property name="skip-unreadable" value="true"/>' : ''}</properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
