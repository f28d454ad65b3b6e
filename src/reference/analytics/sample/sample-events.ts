import { DAY_MS } from '../time/civil-date.ts';
import { offsetAt, type ZoneOffsets, zoneOffsetsBetween } from '../time/zone-offsets.ts';
import { PAGEVIEW, type TrackedEvent } from '../tracked-events.ts';
import { type Random, seededRandom } from './prng.ts';
import { MOVES, type Move, POSTS, PRODUCTS, pageTitle, SAMPLE_HOST, SEARCHES } from './sample-site.ts';

/** How much sample data to make. */
export interface SampleOptions {
  /** The seed; the same seed and options give the same events. */
  seed: number;
  /** The last instant (ms) events may have; usually the clock's now. */
  end: number;
  /** Days of history before `end`. */
  days: number;
  /** Distinct visitors. */
  users: number;
  /** The tracking app id the events carry. */
  appId: string;
}

/** The default sample: 60 days, 400 visitors, seed 20240601. */
export const DEFAULT_SAMPLE = { seed: 20240601, days: 60, users: 400 } as const;

const ZONES = ['Europe/Berlin', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'UTC'] as const;
const VIEWPORTS = ['1920x969', '1440x789', '1366x657', '390x844', '412x915', '768x1024'] as const;
const TRACKER = 'js-4.10.1';

function userId(random: Random): string {
  const hex = () => random.int(0, 0xffff).toString(16).padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-a${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}

function pickMove(random: Random, moves: readonly Move[]): Move {
  const total = moves.reduce((sum, move) => sum + move.weight, 0);
  let roll = random.next() * total;
  for (const move of moves) {
    roll -= move.weight;
    if (roll < 0) return move;
  }
  return moves[moves.length - 1] as Move;
}

function concretePath(random: Random, path: string): string {
  if (path === '*product') return `/products/${random.pick(PRODUCTS)}`;
  if (path === '*post') return `/blog/${random.pick(POSTS)}`;
  return path;
}

const kindOf = (path: string) => (path.startsWith('/products/') ? '*product' : path.startsWith('/blog/') ? '*post' : path);

/**
 * Generates the sample visits and hands each event to `emit`, visitor by visitor (not in time order). Visits
 * land in the visitor's daytime, pages follow {@link MOVES}, and page views are 10 seconds to 3 minutes apart.
 */
export function generateSampleEvents(options: SampleOptions, emit: (event: TrackedEvent) => void): void {
  const random = seededRandom(options.seed);
  const start = options.end - options.days * DAY_MS;
  const offsets = new Map<string, ZoneOffsets>(
    ZONES.map((zone) => [zone, zoneOffsetsBetween(zone, start - DAY_MS, options.end)]),
  );
  for (let user = 0; user < options.users; user++) {
    const id = userId(random);
    const zone = random.pick(ZONES);
    const viewport = random.pick(VIEWPORTS);
    const zoneOffsets = offsets.get(zone) as ZoneOffsets;
    const visits = random.chance(0.35) ? 1 : random.int(2, 9);
    for (let visit = 0; visit < visits; visit++) {
      const day = random.int(0, options.days - 1);
      const localHour = random.int(8, 22);
      const approximate = start + day * DAY_MS + localHour * 3_600_000 + random.int(0, 3_599_999);
      let time = approximate - offsetAt(zoneOffsets, approximate);
      // A visit in the visitor's morning can fall before the window in UTC: start it at the window instead.
      if (time < start) time = start + random.int(0, 3_599_999);
      let path = random.chance(0.6) ? '/' : random.chance(0.6) ? '/products' : concretePath(random, '*post');
      for (let step = 0; step < 25 && time <= options.end; step++) {
        const search = path === '/search' ? `?q=${random.pick(SEARCHES)}` : null;
        const base = {
          docEncoding: 'UTF-8',
          docHost: SAMPLE_HOST,
          docPath: path,
          docSearch: search,
          localTzOffset: Math.round(offsetAt(zoneOffsets, time) / 60_000),
          pageTitle: pageTitle(path),
          src: TRACKER,
          vpSize: viewport,
          apiKey: options.appId,
          userAnonymousId: id,
        };
        emit({ ...base, eventType: PAGEVIEW, utcTime: time });
        const move = pickMove(random, MOVES[kindOf(path)] ?? [{ end: true, weight: 1 }]);
        if ('end' in move) break;
        time += random.int(10_000, 180_000);
        if ('event' in move) {
          if (time > options.end) break;
          emit({ ...base, eventType: move.event, utcTime: time });
          time += random.int(1_000, 20_000);
          path = concretePath(random, move.next);
        } else path = concretePath(random, move.to);
      }
    }
  }
}

/** The sample events in time order. */
export function sampleEvents(options: SampleOptions): TrackedEvent[] {
  const events: TrackedEvent[] = [];
  generateSampleEvents(options, (event) => events.push(event));
  return events.sort((a, b) => a.utcTime - b.utcTime);
}
