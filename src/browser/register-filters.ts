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
  const update = () => {
    const filter = readForm();
    apply(filter);
    history.replaceState(null, '', `${location.pathname}${filterToQuery(filter)}${location.hash}`);
  };

  const initial = parseFilter(location.search);
  for (const field of FILTER_FIELDS) {
    const select = form.elements.namedItem(field) as HTMLSelectElement | null;
    const value = initial[field];
    if (select && value && [...select.options].some((option) => option.value === value)) select.value = value;
  }
  form.hidden = false;
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  // A reset clears the selects after this event, so read the form on the next task.
  form.addEventListener('reset', () => setTimeout(update));
  apply(readForm());
}
