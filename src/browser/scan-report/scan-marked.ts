/** The event a checklist's scan panel sends when it marked items found or not, so the filters apply again. */
export const SCAN_MARKED = 'sunset:scan-marked';
