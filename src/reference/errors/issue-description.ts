/**
 * The description of an issue created from an error: what the error is, its counts, and its stack
 * trace (the spec: "creates an issue whose description contains the stack trace"). Frames are printed
 * newest first, the way stack traces are usually read, in a fenced block so Markdown keeps them intact.
 */
import type { ExceptionValue, StackFrame } from './error-event.ts';
import type { ErrorDetails } from './error-views.ts';

function location(frame: StackFrame): string {
  const file = frame.filename ?? frame.module ?? '?';
  const line = frame.lineno === undefined ? '' : `:${frame.lineno}${frame.colno === undefined ? '' : `:${frame.colno}`}`;
  return `${file}${line}`;
}

/** One frame as a stack-trace line, such as `  at handler (src/app.js:10:5)`. */
export function frameLine(frame: StackFrame): string {
  return `  at ${frame.function ?? '?'} (${location(frame)})`;
}

/** A stack trace as text: for each exception, newest first, its heading and its frames newest first. */
export function stackTraceText(exceptions: ExceptionValue[], message: string | null): string {
  if (exceptions.length === 0) return message ?? '(this event has no stack trace)';
  return [...exceptions]
    .reverse()
    .map((exception) => {
      const heading = [exception.type, exception.value].filter(Boolean).join(': ') || '(exception)';
      return [heading, ...[...exception.frames].reverse().map(frameLine)].join('\n');
    })
    .join('\n\n');
}

/**
 * Text from an event made inert in Markdown: HTML's `&`, `<` and `>` become entities (no raw tags), every
 * Markdown punctuation character is backslash-escaped (no links, emphasis or headings), and line breaks become
 * spaces (a field stays on its line). Event fields are written by whoever holds a DSN, which is public in a
 * browser app.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\r\n]+/g, ' ');
}

/**
 * The longest description the reference writes, in characters: 64 KiB (reference design; the platform's own
 * limit is far above what a stack trace needs). A longer stack trace is cut, and says so.
 */
export const MAX_ISSUE_DESCRIPTION = 64 * 1024;

/** `trace` cut so the description stays within {@link MAX_ISSUE_DESCRIPTION}, ending in a line that says how much was left out. */
function boundedTrace(trace: string, room: number): string {
  if (trace.length <= room) return trace;
  const note = (left: number) => `\n... (the stack trace is cut here: ${left} more characters)`;
  // The note's own length depends on the count; one that fits the largest count fits every smaller one.
  let keep = room - note(trace.length).length;
  const last = trace.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return `${trace.slice(0, keep)}${note(trace.length - keep)}`;
}

/** The Markdown description of an issue created from an error, at most {@link MAX_ISSUE_DESCRIPTION} characters. */
export function issueDescription(error: ErrorDetails, errorUrl: string): string {
  const release = error.first_seen.release ? ` (commit ${escapeMarkdown(error.first_seen.release)})` : '';
  const trace = stackTraceText(error.stack_trace, error.latest_event.message).replaceAll('```', '`\u200b``');
  const head = [
    `**Error:** [${escapeMarkdown(error.title)}](${errorUrl})`,
    '',
    `- Occurrences: ${error.occurrences}`,
    `- Users affected: ${error.users_affected}`,
    `- First seen: ${error.first_seen.at}${release}`,
    `- Last seen: ${error.last_seen}`,
    `- Culprit: ${error.culprit ? escapeMarkdown(error.culprit) : '(unknown)'}`,
    '',
    '### Stack trace',
    '',
    '```',
  ].join('\n');
  const fence = '\n```';
  return `${head}\n${boundedTrace(trace, MAX_ISSUE_DESCRIPTION - head.length - 1 - fence.length)}${fence}`;
}
