import { pathToFileURL } from 'node:url';
import { type ReportInput, unreadableSkipped } from './report-input.ts';

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** Percent-encodes a relative path for a SARIF `uri`, keeping its slashes. */
function relativeUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

/**
 * SARIF 2.1.0: one run whose driver lists every rule that ran (id = entry id, descriptions, help link and
 * the migration as help text), and one result per finding with its level, location and a
 * `partialFingerprints` value that survives line moves. Paths are relative to `%SRCROOT%`, the working
 * directory.
 */
export function sarifReport(input: ReportInput): string {
  const rules = [...input.rules].sort((a, b) => a.id.localeCompare(b.id));
  const index = new Map(rules.map((rule, at) => [rule.id, at]));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'sunset',
            version: input.version,
            informationUri: input.siteUrl,
            rules: rules.map((rule) => ({
              id: rule.id,
              name: rule.id,
              shortDescription: { text: rule.title },
              fullDescription: { text: rule.description },
              ...(rule.helpUri ? { helpUri: rule.helpUri } : {}),
              help: { text: rule.fix ?? rule.title },
              ...(rule.removedIn ? { properties: { removedIn: rule.removedIn } } : {}),
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(`${input.cwd.replace(/\/+$/, '')}/`).href } },
        properties: {
          from: input.range.from,
          to: input.range.to,
          ...(input.range.offering ? { offering: input.range.offering } : {}),
          ...(input.skipUnreadable ? { skipUnreadable: true } : {}),
          // The settings' rules: (an entry's severity changed, or its findings left out), said as the JSON report does.
          ...(input.severityOverrides ? { severityOverrides: input.severityOverrides } : {}),
        },
        // With --skip-unreadable, each file not read is a warning notification of the run, as SARIF tells
        // a tool's own trouble apart from its results.
        ...(input.skipUnreadable
          ? {
              invocations: [
                {
                  executionSuccessful: true,
                  toolExecutionNotifications: unreadableSkipped(input).map((note) => ({
                    level: 'warning',
                    message: { text: `${note.path} was not checked: ${note.reason} (--skip-unreadable)` },
                    locations: [
                      { physicalLocation: { artifactLocation: { uri: relativeUri(note.path), uriBaseId: '%SRCROOT%' } } },
                    ],
                  })),
                },
              ],
            }
          : {}),
        results: input.findings.map((finding) => ({
          ruleId: finding.ruleId,
          ...(index.has(finding.ruleId) ? { ruleIndex: index.get(finding.ruleId) } : {}),
          level: finding.severity,
          message: { text: `${finding.message}${finding.fix ? ` Fix: ${finding.fix}` : ''}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: relativeUri(finding.file), uriBaseId: '%SRCROOT%' },
                region: { startLine: finding.line, startColumn: finding.column, snippet: { text: finding.match } },
              },
            },
          ],
          partialFingerprints: { 'sunsetFingerprint/v1': finding.fingerprint },
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
