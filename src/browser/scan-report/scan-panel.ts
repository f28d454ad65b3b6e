import type { Plan } from '../../register/plan/build-plan.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import { handFocusOn } from '../keep-focus.ts';
import { scanStorageKey } from '../plan-storage.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { identifierCode } from '../try/identifier-code.ts';
import { keptScanReport } from './kept-report.ts';
import { parseScanReport, ScanReportError } from './parse-scan-report.ts';
import { SCAN_MARKED } from './scan-marked.ts';
import { MAX_REPORT_BYTES, type ScanReport } from './scan-report.ts';
import { rangeMismatch, type ScanStatus, scanStatus, scanStatusText } from './scan-status.ts';

function placesList(status: ScanStatus): HTMLElement | undefined {
  if (status.kind !== 'found') return undefined;
  const more = status.count - status.places.length;
  return h(
    'ul',
    { class: 'places' },
    ...status.places.map((place) => h('li', {}, identifierCode(place))),
    ...(more > 0 ? [h('li', {}, `and ${more} more`)] : []),
  );
}

/**
 * The scan panel of a checklist: the reader drops or picks the JSON or SARIF report of `sunset check`;
 * the file is read here (never uploaded), checked against the checklist's range, kept with the ticks of
 * that upgrade, and each item then says whether the scan found it and where.
 */
export function bindScanReport(
  root: HTMLElement,
  upgrade: { from: string; to: string },
  plan: () => Promise<Plan>,
  storage: () => Storage | undefined,
): void {
  const section = root.querySelector<HTMLElement>('[data-scan]');
  const input = root.querySelector<HTMLInputElement>('[data-scan-file]');
  const status = root.querySelector<HTMLElement>('[data-scan-status]');
  const tools = root.querySelector<HTMLElement>('[data-scan-tools]');
  const foundFilter = root.querySelector<HTMLElement>('[data-found-filter]');
  const onlyFound = foundFilter?.querySelector<HTMLInputElement>('[data-only-found]');
  if (!section || !input || !status || !tools) return;
  const marked = () => root.dispatchEvent(new Event(SCAN_MARKED));
  const key = scanStorageKey(upgrade);
  section.hidden = false;

  const clear = () => {
    for (const item of root.querySelectorAll<HTMLElement>('li[data-item]')) {
      item.removeAttribute('data-scan-kind');
      const result = item.querySelector<HTMLElement>('[data-scan-result]');
      if (result) {
        result.hidden = true;
        replaceChildren(result);
      }
    }
    if (onlyFound) onlyFound.checked = false;
    if (foundFilter) foundFilter.hidden = true;
    // "Forget the report" hides itself: the focus goes on to the file picker, not back to the page.
    handFocusOn(tools, input);
    tools.hidden = true;
    marked();
  };

  const apply = async (report: ScanReport) => {
    const entries = new Map<string, RegisterEntry>();
    const current = await plan();
    for (const group of [...current.mustDo, ...current.planAhead])
      for (const item of group.items) entries.set(item.key, item.entry);
    const tally: Record<ScanStatus['kind'], number> = { found: 0, 'not-found': 0, 'no-rule': 0, 'not-scanned': 0 };
    for (const item of root.querySelectorAll<HTMLElement>('li[data-item]')) {
      const entry = entries.get(item.dataset.item ?? '');
      const result = item.querySelector<HTMLElement>('[data-scan-result]');
      if (!entry || !result) continue;
      const itemStatus = scanStatus(entry, report);
      tally[itemStatus.kind]++;
      item.dataset.scanKind = itemStatus.kind;
      const list = placesList(itemStatus);
      replaceChildren(result, h('strong', {}, scanStatusText(itemStatus)), ...(list ? [list] : []));
      result.hidden = false;
    }
    tools.hidden = false;
    if (foundFilter) foundFilter.hidden = false;
    marked();
    const kind = report.format === 'sarif' ? 'SARIF' : 'JSON';
    status.textContent = `${report.fileName} (${kind}, scan of ${report.from} → ${report.to}${report.offering ? `, ${report.offering}` : ''}): ${tally.found} found in your repository, ${tally['not-found']} not found by the scan, ${tally['no-rule']} with no rule to check by hand${tally['not-scanned'] > 0 ? `, ${tally['not-scanned']} not part of this scan` : ''}.`;
  };

  const read = async (file: File) => {
    status.classList.remove('problem');
    const refuse = (message: string) => {
      status.textContent = message;
      status.classList.add('problem');
    };
    if (file.size > MAX_REPORT_BYTES)
      return refuse(`${file.name} is larger than ${MAX_REPORT_BYTES / 1024 / 1024} MB: it is not a report of sunset check.`);
    let report: ScanReport;
    try {
      report = parseScanReport(file.name, await file.text());
    } catch (error) {
      return refuse(error instanceof ScanReportError ? error.message : `${file.name} could not be read: ${String(error)}`);
    }
    const mismatch = rangeMismatch(report, upgrade);
    if (mismatch) return refuse(mismatch);
    clear();
    try {
      storage()?.setItem(key, JSON.stringify(report));
    } catch {
      // Storage full or off: the report still shows, for this visit only.
    }
    await apply(report);
  };

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void read(file);
  });
  section.addEventListener('dragover', (event) => {
    event.preventDefault();
    section.classList.add('dragging');
  });
  section.addEventListener('dragleave', () => section.classList.remove('dragging'));
  section.addEventListener('drop', (event) => {
    event.preventDefault();
    section.classList.remove('dragging');
    const file = event.dataTransfer?.files[0];
    if (file) void read(file);
  });
  tools.querySelector('[data-scan-forget]')?.addEventListener('click', () => {
    storage()?.removeItem(key);
    clear();
    input.value = '';
    status.textContent = 'The report is forgotten.';
  });

  const kept = keptScanReport(storage(), upgrade);
  if (kept) void apply(kept).catch((error) => (status.textContent = `The kept report could not be shown: ${String(error)}`));
}
