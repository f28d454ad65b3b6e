import type { ReadinessModel } from './readiness-model.ts';

/**
 * `readiness.json`: the numbers of the site for other tools (the reference's own shape). Per project the
 * newest counted report; `unread` lists every file that was not counted and why.
 */
export function readinessJson(model: ReadinessModel): string {
  const data = {
    target: model.target,
    generatedAt: model.generatedAt,
    register: { version: model.registerVersion },
    projects: model.projects.map((status) => ({
      project: status.project,
      ready: status.ready,
      findings: status.report.findings,
      errors: status.errors,
      warnings: status.warnings,
      checkByHand: status.byHand.length,
      scannedAt: status.report.time,
      ...(status.report.commit ? { commit: status.report.commit } : {}),
      file: status.report.file,
    })),
    totals: {
      projects: model.totals.projects,
      ready: model.totals.ready,
      notReady: model.totals.notReady,
      findings: model.totals.findings,
      errors: model.totals.errors,
      warnings: model.totals.warnings,
      missing: model.missing.length,
      unread: model.unread.length,
    },
    entries: model.entries.map((impact) => ({
      id: impact.id,
      title: impact.title,
      projects: impact.projects,
      blocking: impact.blocking,
      findings: impact.findings,
    })),
    checkByHand: model.byHand,
    missing: model.missing,
    unread: model.unread,
    ...(model.trend ? { trend: { points: model.trend.points, byEntry: Object.fromEntries(model.trend.byEntry) } } : {}),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}
