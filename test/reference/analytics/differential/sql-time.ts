/**
 * Time in the SQL formulation: events carry `ms` (epoch milliseconds, BIGINT) and `happened` (TIMESTAMPTZ); a query
 * names instants as wall-clock text in its time zone, which DuckDB's ICU turns into instants.
 */

/** A SQL string literal. */
export function text(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The wall-clock text a bound means (PROTOCOLS.md, "Filter semantics"): a date alone is the start of that
 * day when it opens a range and its last millisecond when it closes one; a time is taken as written.
 */
export function wallClockOf(value: string, end: 'start' | 'end'): string {
  if (DATE_ONLY.test(value)) return `${value}T${end === 'start' ? '00:00:00.000' : '23:59:59.999'}`;
  return value;
}

/** The epoch milliseconds of a bound read as a wall clock in `zone`. */
export function boundMs(value: string, end: 'start' | 'end', zone: string): string {
  return `epoch_ms(timezone(${text(zone)}, CAST(${text(wallClockOf(value, end).replace('T', ' '))} AS TIMESTAMP)))`;
}

/** The event's wall clock in `zone` (a TIMESTAMP without zone). */
export function localTime(zone: string): string {
  return `timezone(${text(zone)}, happened)`;
}

/** How the query layer writes a time: `YYYY-MM-DDTHH:mm:ss.SSS`, no zone. */
export function formatted(timestamp: string): string {
  return `strftime(${timestamp}, '%Y-%m-%dT%H:%M:%S.%g')`;
}
