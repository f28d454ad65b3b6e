import type { OutStream } from './cli-io.ts';

/** A progress line on standard error; see {@link progressLine}. */
export interface Progress {
  /** Tells `done` of `total`, or `done` alone when the total is not known yet (shown at most every 200 ms). */
  update(done: number, total?: number): void;
  /** Clears the line. */
  end(): void;
}

/**
 * A line that shows how far a long run has come (`sunset: reading reports 12,000 of 100,000`), rewritten
 * in place, on a terminal only: in a CI log or a file it would be noise, so there it shows nothing. The
 * stream is asked for on the first update: a short run never touches standard error, which Node builds
 * on first use at a cost every start-up would pay.
 */
export function progressLine(streamOf: () => OutStream, label: string, now: () => number = Date.now): Progress {
  let stream: OutStream | undefined;
  let shownAt = 0;
  let shown = false;
  return {
    update(done, total) {
      stream ??= streamOf();
      if (!stream.isTTY) return;
      const time = now();
      if (time - shownAt < 200 && (total === undefined || done < total)) return;
      shownAt = time;
      shown = true;
      const of = total === undefined ? '' : ` of ${total.toLocaleString('en')}`;
      stream.write(`\r\x1b[Ksunset: ${label} ${done.toLocaleString('en')}${of}`);
    },
    end() {
      if (shown) stream?.write('\r\x1b[K');
      shown = false;
    },
  };
}
