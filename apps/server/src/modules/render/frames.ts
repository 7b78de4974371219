import { toLatinDigits } from '../../lib/digits';
import { faNumber } from '../../lib/persian';
import type { RenderFormat } from './tables';

/**
 * The frames of a render as the customer types them (docs/render-jobs.md): parts joined by commas
 * (`,` or the Persian `،`), each a frame (`7`), a range (`1-250`) or a range with a step (`1-100x5`:
 * every fifth frame, 1, 6, 11 … 96; `×` works too). Persian and Arabic digits are read as Latin
 * ones; spaces are ignored; overlapping parts count each frame once. The step lives in the spec,
 * not in a field of its own: one text says the whole set, as Blender's own frame fields do.
 */

/** One render holds at most this many frames (bigger work is several jobs). */
export const MAX_FRAMES = 10_000;
/** Blender's last frame number (MAXFRAME). */
export const MAX_FRAME_NUMBER = 1_048_574;

export type FramesResult = { ok: true; frames: number[] } | { ok: false; error: string };

const PART = /^(\d+)(?:-(\d+)(?:[x×](\d+))?)?$/;

const HOW = 'مثل ۱-۲۵۰، ۱،۵،۱۰-۲۰ یا ۱-۱۰۰x۵ (هر پنج فریم یکی)';

/** The frames `spec` names, sorted, each once; or the Persian reason it is refused. */
export function parseFrames(spec: string): FramesResult {
  const text = toLatinDigits(spec)
    .replace(/[\s\u200c\u200f\u200e]/g, '')
    .replace(/[،]/g, ',')
    .replace(/[–—−]/g, '-')
    .replace(/X/g, 'x');
  if (text === '') return { ok: false, error: `فریم‌هایی را که می‌خواهید رندر شوند بنویسید؛ ${HOW}.` };
  const frames = new Set<number>();
  for (const part of text.split(',')) {
    const match = PART.exec(part);
    if (!match) return { ok: false, error: `فریم‌ها را با عدد بنویسید؛ ${HOW}.` };
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    const step = match[3] === undefined ? 1 : Number(match[3]);
    if (start < 1 || end < 1) return { ok: false, error: 'شمارهٔ فریم از ۱ شروع می‌شود؛ فریم ۰ پذیرفته نیست.' };
    if (start > MAX_FRAME_NUMBER || end > MAX_FRAME_NUMBER) {
      return { ok: false, error: `شمارهٔ فریم حداکثر ${faNumber(MAX_FRAME_NUMBER)} است.` };
    }
    if (start > end) {
      return {
        ok: false,
        error: `در هر بازه، فریم آغاز باید از فریم پایان کوچک‌تر باشد (آغاز ${faNumber(start)} از پایان ${faNumber(end)} بزرگ‌تر است).`,
      };
    }
    if (step < 1) return { ok: false, error: 'گام بازه دست‌کم ۱ است (مثل ۱-۱۰۰x۵).' };
    // Counted before the frames are listed, so `1-1000000` costs no memory to refuse.
    const count = Math.floor((end - start) / step) + 1;
    if (count > MAX_FRAMES) return tooMany(count);
    for (let frame = start; frame <= end; frame += step) frames.add(frame);
    if (frames.size > MAX_FRAMES) return tooMany(null);
  }
  return { ok: true, frames: [...frames].sort((a, b) => a - b) };
}

const tooMany = (count: number | null): FramesResult => ({
  ok: false,
  error:
    count === null
      ? `یک رندر حداکثر ${GROUPED(MAX_FRAMES)} فریم دارد؛ فریم‌ها را در چند رندر بفرستید.`
      : `یک رندر حداکثر ${GROUPED(MAX_FRAMES)} فریم دارد و این فهرست ${GROUPED(count)} فریم است؛ فریم‌ها را در چند رندر بفرستید.`,
});

const GROUPED = (n: number) => n.toLocaleString('fa-IR');

/** A task's frames: `start` to `end` every `step` (Blender's `-s`, `-e`, `-j`). */
export interface FrameChunk {
  start: number;
  end: number;
  step: number;
}

/**
 * Splits sorted, distinct frames into tasks of at most `chunk` frames each. A task is one
 * arithmetic run (Blender renders `-s start -e end -j step`), so a gap that changes the spacing
 * starts a new task even when the last one is not full.
 */
export function chunkFrames(frames: readonly number[], chunk: number): FrameChunk[] {
  if (!Number.isInteger(chunk) || chunk < 1)
    throw new RangeError(`chunk must be a positive integer: ${chunk}`);
  const chunks: FrameChunk[] = [];
  let current: { start: number; end: number; step: number; count: number } | null = null;
  for (const frame of frames) {
    if (current) {
      const gap = frame - current.end;
      const fits = current.count < chunk && gap > 0 && (current.count === 1 || gap === current.step);
      if (fits) {
        if (current.count === 1) current.step = gap;
        current.end = frame;
        current.count++;
        continue;
      }
      chunks.push({ start: current.start, end: current.end, step: current.step });
    }
    current = { start: frame, end: frame, step: 1, count: 1 };
  }
  if (current) chunks.push({ start: current.start, end: current.end, step: current.step });
  return chunks;
}

/** The frames a chunk renders. */
export function framesOf(chunk: FrameChunk): number[] {
  const frames: number[] = [];
  for (let frame = chunk.start; frame <= chunk.end; frame += chunk.step) frames.push(frame);
  return frames;
}

export const FORMAT_EXTENSIONS: Record<RenderFormat, string> = { PNG: 'png', JPEG: 'jpg', OPEN_EXR: 'exr' };

/** The file a frame is saved as (Blender's `frame_####`: four digits at least). */
export function outputName(frame: number, format: RenderFormat): string {
  return `frame_${String(frame).padStart(4, '0')}.${FORMAT_EXTENSIONS[format]}`;
}
