/** The link of an entry's page on the site. */
export function entryUrl(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/register/${id}/`;
}
