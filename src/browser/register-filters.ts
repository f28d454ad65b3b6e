import {
  FILTER_FIELDS,
  filterToQuery,
  matchesFilter,
  parseFilter,
  type RegisterFilter,
  rowFromDataset,
} from '../site/register-filter.ts';

/**
 * The `/register/` island: shows the filter form, filters the rendered list in place and keeps the choice in
 * the URL query so a filtered view can be shared. Without JavaScript the page is the full list.
 */
export function bindRegisterFilters(): void {
  const form = document.querySelector<HTMLFormElement>('#register-filters');
  const list = document.querySelector<HTMLElement>('#register-list');
  const count = document.querySelector<HTMLElement>('#register-count');
  if (!form || !list || !count) return;
  const rows = [...list.querySelectorAll<HTMLElement>('li[data-release]')].map((element) => ({
    element,
    row: rowFromDataset(element.dataset),
  }));

  const readForm = (): RegisterFilter => {
    const filter: RegisterFilter = {};
    for (const field of FILTER_FIELDS) {
      const value = (form.elements.namedItem(field) as HTMLSelectElement | null)?.value;
      if (value) filter[field] = value;
    }
    return filter;
  };
  const apply = (filter: RegisterFilter) => {
    let shown = 0;
    for (const { element, row } of rows) {
      const match = matchesFilter(row, filter);
      element.hidden = !match;
      if (match) shown++;
    }
    count.textContent = shown === rows.length ? `${rows.length} entries.` : `${shown} of ${rows.length} entries match.`;
  };
  // Each change is a step in the history, so Back undoes the last filter instead of leaving the page.
  const update = () => {
    const filter = readForm();
    apply(filter);
    const url = `${location.pathname}${filterToQuery(filter)}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.pushState(null, '', url);
  };

  /** Sets the form from the URL; says which values the register does not know instead of ignoring them. */
  const fromUrl = () => {
    const wanted = parseFilter(location.search);
    const unknown: string[] = [];
    for (const field of FILTER_FIELDS) {
      const select = form.elements.namedItem(field) as HTMLSelectElement | null;
      if (!select) continue;
      const value = wanted[field];
      const known = value !== undefined && [...select.options].some((option) => option.value === value);
      select.value = known ? (value ?? '') : '';
      if (value !== undefined && !known) unknown.push(`${field} "${value}"`);
    }
    if (notice) {
      notice.textContent =
        unknown.length === 0
          ? ''
          : `The register has no ${unknown.join(' and no ')}, so ${unknown.length === 1 ? 'that filter is' : 'those filters are'} not applied.`;
      notice.hidden = unknown.length === 0;
    }
    apply(readForm());
  };
  const notice = document.querySelector<HTMLElement>('#register-filter-notice');
  fromUrl();
  window.addEventListener('popstate', fromUrl);
  form.hidden = false;
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  // A reset clears the selects after this event, so read the form on the next task.
  form.addEventListener('reset', () => setTimeout(update));
}
