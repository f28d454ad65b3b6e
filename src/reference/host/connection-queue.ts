/**
 * Backpressure per connection. HTTP/1.1 answers a connection's requests in order, so a client that pipelines
 * requests and never reads the answers would have every answer computed and held in memory. Here a
 * connection's requests run one at a time: the next starts once the previous answer has been written out
 * (its `close`), so a connection whose answers are not read has one answer in memory and costs no more work.
 * Past {@link MAX_PIPELINED} requests waiting, the connection is not read any further until they drain; past
 * {@link MAX_WAITING} it is closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Requests of one connection parsed and waiting for their turn before it is no longer read. */
export const MAX_PIPELINED = 16;

/**
 * Requests one connection may have waiting at all: Node parses every request of a chunk it has read (a 64 KiB
 * chunk holds a thousand tiny ones) before reading stops; a client that sends more without reading is cut off.
 */
export const MAX_WAITING = 1024;

interface Queue {
  busy: boolean;
  waiting: (() => void)[];
  paused: boolean;
  /** Called when the request running has its answer written out: one function per connection, not per request. */
  onClose: () => void;
}

/** Runs each connection's requests one after the other; `handle` answers one request. */
export function connectionQueue(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const queues = new WeakMap<Socket, Queue>();

  const finished = (queue: Queue, socket: Socket) => {
    const next = queue.waiting.shift();
    if (queue.paused && queue.waiting.length < MAX_PIPELINED / 2) {
      queue.paused = false;
      socket.resume();
    }
    // The next request starts on a later turn of the event loop, so other connections' requests get theirs.
    if (next) setImmediate(next);
    else queue.busy = false;
  };

  const start = (queue: Queue, socket: Socket, req: IncomingMessage, res: ServerResponse) => {
    queue.busy = true;
    // A connection closed meanwhile: nobody waits for the answers still queued on it.
    if (socket.destroyed) {
      finished(queue, socket);
      return;
    }
    // An answer closes once, so a plain listener does (`once` would wrap and unwrap it per request).
    res.on('close', queue.onClose);
    handle(req, res);
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const socket = req.socket;
    let queue = queues.get(socket);
    if (!queue) {
      const created: Queue = { busy: false, waiting: [], paused: false, onClose: () => finished(created, socket) };
      queue = created;
      queues.set(socket, queue);
    }
    if (!queue.busy) {
      start(queue, socket, req, res);
      return;
    }
    const waiting = queue;
    if (waiting.waiting.length >= MAX_WAITING) {
      socket.destroy();
      return;
    }
    waiting.waiting.push(() => start(waiting, socket, req, res));
    if (waiting.waiting.length >= MAX_PIPELINED && !waiting.paused) {
      waiting.paused = true;
      socket.pause();
    }
  };
}
