/**
 * `node scripts/rule-coverage.ts [content-dir]`: the register's detection coverage by rule kind — how many
 * rules of each kind there are and how many entries have at least one — and how many entries have any rule.
 */
import path from 'node:path';
import { loadRegister } from '../src/register/index.ts';

const register = await loadRegister(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
const byKind = new Map<string, { rules: number; entries: number }>();
for (const entry of register.entries) {
  const kinds = new Set<string>();
  for (const rule of entry.detect) {
    const counts = byKind.get(rule.kind) ?? { rules: 0, entries: 0 };
    counts.rules++;
    if (!kinds.has(rule.kind)) counts.entries++;
    kinds.add(rule.kind);
    byKind.set(rule.kind, counts);
  }
}
const rows = [...byKind].sort(([a, x], [b, y]) => y.rules - x.rules || a.localeCompare(b));
for (const [kind, { rules, entries }] of rows)
  console.log(`${kind.padEnd(20)} ${String(rules).padStart(4)} rules / ${entries} entries`);
const covered = register.entries.filter((entry) => entry.detect.length > 0).length;
console.log(`entries with rules: ${covered} of ${register.entries.length}`);
