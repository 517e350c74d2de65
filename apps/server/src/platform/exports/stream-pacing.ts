/**
 * Pacing an export writer (a statement's, a table's) by its reader. A writer pulls the next line
 * only while the stream the reader takes from can take more: a slow download holds the database
 * cursor back instead of filling memory, and a download that is abandoned stops the writer (and
 * closes the lines' source).
 */
import type { EventEmitter } from 'node:events';
import type { Duplex, Readable } from 'node:stream';

/**
 * Resolves on `target`'s next 'drain', or once `reader` closes: a reader that went away will never
 * drain anything, and the writer must wake up to notice it and stop.
 */
export function drained(target: EventEmitter, reader: Readable): Promise<void> {
  if (reader.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      target.off('drain', settle);
      reader.off('close', settle);
      resolve();
    };
    target.on('drain', settle);
    reader.on('close', settle);
  });
}

/**
 * Writes one chunk (a CSV record) into a stream that is also what the reader takes from, and waits
 * while that stream's buffers are full. A stream the reader destroyed takes nothing more.
 */
export async function writePaced(stream: Duplex, chunk: unknown): Promise<void> {
  if (!stream.destroyed && !stream.write(chunk)) await drained(stream, stream);
}

/**
 * Runs a writer in the background of the reader's stream. The writer's failure (a database error
 * half-way through) destroys the stream with it, so that the download is cut short and never looks
 * like a complete statement.
 */
export function startWriting(body: Readable, write: () => Promise<void>): void {
  write().catch((error: unknown) => {
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
}
