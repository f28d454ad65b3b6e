import { MAX_FINDINGS, MAX_REPORT_BYTES, PLACES_KEPT, type ScanReport } from './scan-report.ts';

/** Why a file is not a report the checklist can use; `message` is shown to the reader as is. */
export class ScanReportError extends Error {
  override name = 'ScanReportError';
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const RELEASE = /^\d{1,4}\.\d{1,4}$/;

function fail(fileName: string, where: string, what: string): never {
  throw new ScanReportError(`${fileName}: ${where ? `${where} ` : ''}${what}`);
}

function release(fileName: string, value: unknown, where: string): string {
  if (typeof value !== 'string' || !RELEASE.test(value)) fail(fileName, where, 'is not a release such as "17.0"');
  return value;
}

function place(fileName: string, file: unknown, line: unknown, where: string): string {
  if (typeof file !== 'string' || file.length === 0 || file.length > 4096) fail(fileName, `${where}file`, 'is not a path');
  if (!Number.isInteger(line) || (line as number) < 1) fail(fileName, `${where}line`, 'is not a line number');
  return `${file}:${line}`;
}

/** Adds one finding's place under its entry, keeping at most {@link PLACES_KEPT} per entry. */
function collect(report: Pick<ScanReport, 'found' | 'counts'>, ruleId: string, at: string): void {
  const places = report.found[ruleId] ?? [];
  report.found[ruleId] = places;
  report.counts[ruleId] = (report.counts[ruleId] ?? 0) + 1;
  if (places.length < PLACES_KEPT && !places.includes(at)) places.push(at);
}

function fromJson(fileName: string, data: Json): ScanReport {
  const range = data.range;
  if (!isObject(range)) fail(fileName, 'range', 'is missing: is this the JSON report of sunset check?');
  if (!Array.isArray(data.findings)) fail(fileName, 'findings', 'is not a list');
  if (data.findings.length > MAX_FINDINGS) fail(fileName, 'findings', `holds more than ${MAX_FINDINGS} findings`);
  const report: ScanReport = {
    format: 'json',
    fileName,
    from: release(fileName, range.from, 'range.from'),
    to: release(fileName, range.to, 'range.to'),
    ...(typeof range.offering === 'string' ? { offering: range.offering } : {}),
    found: {},
    counts: {},
  };
  data.findings.forEach((finding: unknown, index) => {
    const where = `findings[${index}]`;
    if (!isObject(finding) || typeof finding.ruleId !== 'string') fail(fileName, `${where}.ruleId`, 'is missing');
    collect(report, finding.ruleId, place(fileName, finding.file, finding.line, `${where}.`));
  });
  return report;
}

function fromSarif(fileName: string, data: Json): ScanReport {
  const runs = data.runs;
  if (!Array.isArray(runs) || runs.length === 0) fail(fileName, 'runs', 'is empty');
  const run = runs.find(
    (candidate: unknown) =>
      isObject(candidate) &&
      isObject(candidate.tool) &&
      isObject(candidate.tool.driver) &&
      candidate.tool.driver.name === 'sunset',
  );
  if (!isObject(run)) fail(fileName, 'runs[].tool.driver.name', 'is not "sunset": this SARIF file comes from another tool');
  const properties = isObject(run.properties) ? run.properties : {};
  const driver = (run.tool as Json).driver as Json;
  const rules = Array.isArray(driver.rules) ? driver.rules : [];
  const results = Array.isArray(run.results) ? run.results : fail(fileName, 'runs[].results', 'is not a list');
  if (results.length > MAX_FINDINGS) fail(fileName, 'runs[].results', `holds more than ${MAX_FINDINGS} results`);
  const report: ScanReport = {
    format: 'sarif',
    fileName,
    from: release(fileName, properties.from, 'runs[].properties.from'),
    to: release(fileName, properties.to, 'runs[].properties.to'),
    ...(typeof properties.offering === 'string' ? { offering: properties.offering } : {}),
    found: {},
    counts: {},
    ran: rules.flatMap((rule: unknown) => (isObject(rule) && typeof rule.id === 'string' ? [rule.id] : [])),
  };
  results.forEach((result: unknown, index) => {
    const where = `runs[].results[${index}]`;
    if (!isObject(result) || typeof result.ruleId !== 'string') fail(fileName, `${where}.ruleId`, 'is missing');
    const location = Array.isArray(result.locations) && isObject(result.locations[0]) ? result.locations[0] : {};
    const physical = isObject(location.physicalLocation) ? location.physicalLocation : {};
    const artifact = isObject(physical.artifactLocation) ? physical.artifactLocation : {};
    const region = isObject(physical.region) ? physical.region : {};
    const uri = typeof artifact.uri === 'string' ? safeDecode(artifact.uri) : artifact.uri;
    collect(report, result.ruleId, place(fileName, uri, region.startLine, `${where}.locations[0].physicalLocation.region.`));
  });
  return report;
}

function safeDecode(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/**
 * Reads the JSON or SARIF report of `sunset check` into a {@link ScanReport}, or throws a
 * {@link ScanReportError} that names the file and the field at fault. Fields the checklist does not use
 * (project and commit metadata, summaries) are ignored, so later additions to the report do not break it.
 */
export function parseScanReport(fileName: string, text: string): ScanReport {
  if (text.length > MAX_REPORT_BYTES) fail(fileName, '', `is larger than ${MAX_REPORT_BYTES / 1024 / 1024} MB`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fail(fileName, '', `is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isObject(data)) fail(fileName, '', 'is not a JSON object: expected the JSON or SARIF report of sunset check');
  if (Array.isArray(data.runs)) return fromSarif(fileName, data);
  if (isObject(data.tool) && data.tool.name === 'sunset') return fromJson(fileName, data);
  fail(fileName, 'tool.name', 'is not "sunset": expected the JSON or SARIF report of sunset check');
}
