/** An error event as the reference keeps it, after normalization. Frames are oldest first. */

/** One stack frame. */
export interface StackFrame {
  filename?: string;
  function?: string;
  module?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
}

/** One exception of an event. */
export interface ExceptionValue {
  type?: string;
  value?: string;
  module?: string;
  /** Oldest first; the last frame is the crash site. */
  frames: StackFrame[];
}

/** Who the event happened to. */
export interface EventUser {
  id?: string;
  username?: string;
  email?: string;
  /** The client's address when the SDK sent `{{auto}}`. */
  ip_address?: string;
}

/** A normalized error event. */
export interface ErrorEvent {
  /** 32 lower-case hex digits. */
  eventId: string;
  /** When it happened, ms since the epoch. */
  timestamp: number;
  /** When the reference received it, ms since the epoch. */
  receivedAt: number;
  platform: string;
  level: string;
  /** The message of a message event, or a message sent beside an exception. */
  message?: string;
  /** Oldest first; the last is the exception that was raised. */
  exceptions: ExceptionValue[];
  user?: EventUser;
  release?: string;
  environment?: string;
  fingerprint?: string[];
  transaction?: string;
  /** A culprit the SDK computed itself (older SDKs send one). */
  culprit?: string;
  /**
   * Fields cut to their limit (see `event-trimming.ts`), by path, with their size as sent (characters, or
   * items for lists), as Sentry's `_meta` records it. Absent when nothing was cut.
   */
  trimmed?: Record<string, number>;
}

/** The exception an error is about: the last one sent (the one raised). */
export const mainException = (event: ErrorEvent): ExceptionValue | undefined => event.exceptions.at(-1);

/** The crash frame: the last frame of the main exception, or of the last exception that has frames. */
export function crashFrame(event: ErrorEvent): StackFrame | undefined {
  for (let index = event.exceptions.length - 1; index >= 0; index--) {
    const frames = event.exceptions[index]?.frames;
    if (frames && frames.length > 0) return frames.at(-1);
  }
  return undefined;
}

/**
 * The key that tells users apart for "users affected": id, else username, else e-mail, else address,
 * as the spec lists them. Events without any of these count no user.
 */
export function userKey(user: EventUser | undefined): string | undefined {
  if (!user) return undefined;
  if (user.id) return `id:${user.id}`;
  if (user.username) return `username:${user.username}`;
  if (user.email) return `email:${user.email}`;
  if (user.ip_address) return `ip:${user.ip_address}`;
  return undefined;
}
