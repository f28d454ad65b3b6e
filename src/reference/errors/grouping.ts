/**
 * Which error an event belongs to. The spec's rule: the event's `fingerprint` when given; otherwise
 * exception type + culprit + platform. Reference design where the spec is silent: a message event has
 * no exception type, so its message stands in for the type; `{{ default }}` in a fingerprint expands to
 * the default components, as Sentry SDK users expect.
 */
import { crashFrame, type ErrorEvent, mainException } from './error-event.ts';

const UNLABELED = '<unlabeled event>';
const TITLE_MAX = 200;

/** The culprit: the transaction, else the crash frame's function and module, else the SDK's own. */
export function culpritOf(event: ErrorEvent): string {
  if (event.transaction) return event.transaction;
  const frame = crashFrame(event);
  if (frame) {
    const where = frame.module ?? frame.filename;
    const fn = frame.function ?? '?';
    return where ? `${fn} in ${where}` : fn;
  }
  return event.culprit ?? '';
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** The type that groups the event: the main exception's type, or for a message event its message. */
export function groupingType(event: ErrorEvent): string {
  return mainException(event)?.type ?? event.message ?? '';
}

/** The title shown in lists: `Type: value`, else the message's first line. */
export function titleOf(event: ErrorEvent): string {
  const exception = mainException(event);
  if (exception?.type || exception?.value) {
    const text = [exception.type, exception.value].filter(Boolean).join(': ');
    return firstLine(text);
  }
  if (event.message) return firstLine(event.message);
  return UNLABELED;
}

/** The default grouping components: type, culprit, platform. */
export const defaultComponents = (event: ErrorEvent): string[] => [groupingType(event), culpritOf(event), event.platform];

const DEFAULT_MARKER = /^\{\{\s*default\s*\}\}$/;

/** The grouping key within a project. Equal keys mean the same error. */
export function groupingKey(event: ErrorEvent): string {
  if (!event.fingerprint) return JSON.stringify(['default', groupingType(event), culpritOf(event), event.platform]);
  const parts = event.fingerprint.flatMap((part) => (DEFAULT_MARKER.test(part) ? defaultComponents(event) : [part]));
  return JSON.stringify(['fingerprint', ...parts]);
}
