/** The mark a cut string ends with, as Sentry SDKs write it. */
export const TRUNCATION_MARK = '...';

/**
 * `text` cut to at most `max` characters, its end replaced by {@link TRUNCATION_MARK} so a reader sees it is
 * not whole; text within the limit comes back as it is. Never splits a surrogate pair.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - TRUNCATION_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}${TRUNCATION_MARK}`;
}
