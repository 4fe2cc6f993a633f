import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, invalid } from '../../http/errors.ts';

/** Bytes kept to recognise the format and check the content past its header. */
const HEAD_BYTES = 64 * 1024;

export interface Received {
  temp: string;
  size: number;
  head: Buffer;
}

/**
 * Streams an upload to a temporary file under the recordings directory (same file system, so the final
 * move is a rename), counting bytes and keeping the first ones to recognise the format. Past `maxBytes`
 * it stops and answers 'audio too large'.
 */
export async function receive(dir: string, body: Readable, maxBytes: number): Promise<Received> {
  const incoming = join(dir, '.incoming');
  await mkdir(incoming, { recursive: true });
  const temp = join(incoming, randomBytes(12).toString('hex'));
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(invalid('audioTooLarge'));
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  const out = createWriteStream(temp, { mode: 0o600 });
  try {
    await pipeline(body, counter, out);
  } catch (e) {
    // The file may still be opening when the body fails: remove it only once the stream has let go.
    if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()));
    await rm(temp, { force: true });
    // A body that breaks off (a multipart form ending inside its file) is the sender's, not a disk failure.
    if (!(e instanceof AppError) && !(e as { syscall?: unknown }).syscall) throw invalid('audioUnsupported');
    throw e;
  }
  return { temp, size, head };
}

/** The absolute path of a stored file, refusing anything that would leave the directory. */
export function pathOf(dir: string, file: string) {
  const root = resolve(dir);
  const full = resolve(root, file);
  if (!full.startsWith(root + sep)) throw new Error('recording path outside the recordings directory');
  return full;
}

export async function keep(dir: string, temp: string, file: string) {
  const target = pathOf(dir, file);
  await mkdir(dirname(target), { recursive: true });
  await rename(temp, target);
}

export const discard = (path: string) => rm(path, { force: true });

/** Size of a stored file, or null when it is gone (removed by hand, or another instance's disk). */
export async function sizeOf(dir: string, file: string) {
  try {
    return (await stat(pathOf(dir, file))).size;
  } catch {
    return null;
  }
}

export const openRange = (dir: string, file: string, start: number, end: number) =>
  createReadStream(pathOf(dir, file), { start, end });
