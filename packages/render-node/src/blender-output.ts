/**
 * Reads Blender's background output line by line (Blender 3.4, Cycles and EEVEE):
 *   Fra:1 Mem:9.44M (Peak 10.20M) | Time:00:00.23 | Remaining:00:00.00 | … | Scene, ViewLayer | Sample 1/4
 *   Saved: '/work/tasks/…/frame_0001.png'
 *   Error: Build without OpenImageDenoiser
 * and our scripts' lines (RENDERFARM_FINDINGS <json>, RENDERFARM_MISSING_FILES …).
 */
export type BlenderEvent =
  | { type: 'frame'; frame: number }
  | { type: 'sample'; frame: number | null; done: number; of: number }
  | { type: 'saved'; frame: number | null; path: string }
  | { type: 'error'; message: string }
  | { type: 'findings'; findings: Record<string, unknown> };

const FRAME = /^Fra:(\d+)\s/;
const CYCLES_SAMPLE = /\|\s*Sample (\d+)\/(\d+)/;
const EEVEE_SAMPLE = /\|\s*Rendering (\d+) \/ (\d+) samples/;
const SAVED = /^Saved: '(.+)'\s*$/;
const ERROR = /^(?:Error: |RuntimeError: )(.+)$/;
const FINDINGS = /^RENDERFARM_FINDINGS (\{.*\})\s*$/;

export class BlenderOutput {
  /** The frame Blender is rendering (from its last `Fra:` line). */
  frame: number | null = null;
  /** Samples done and planned of the current frame. */
  sample: [number, number] | null = null;
  readonly saved: { frame: number | null; path: string }[] = [];
  readonly errors: string[] = [];
  findings: Record<string, unknown> | null = null;

  /** Reads one line; returns what it told (a progress line is a frame and maybe a sample). */
  read(line: string): BlenderEvent[] {
    const events: BlenderEvent[] = [];
    const frame = FRAME.exec(line);
    if (frame) {
      const number = Number(frame[1]);
      if (number !== this.frame) {
        this.frame = number;
        this.sample = null;
        events.push({ type: 'frame', frame: number });
      }
      const sample = CYCLES_SAMPLE.exec(line) ?? EEVEE_SAMPLE.exec(line);
      if (sample) {
        this.sample = [Number(sample[1]), Number(sample[2])];
        events.push({ type: 'sample', frame: number, done: this.sample[0], of: this.sample[1] });
      }
      return events;
    }
    const saved = SAVED.exec(line);
    if (saved?.[1]) {
      const entry = { frame: frameFromName(saved[1]) ?? this.frame, path: saved[1] };
      this.saved.push(entry);
      events.push({ type: 'saved', ...entry });
      return events;
    }
    const findings = FINDINGS.exec(line);
    if (findings?.[1]) {
      try {
        this.findings = JSON.parse(findings[1]) as Record<string, unknown>;
        events.push({ type: 'findings', findings: this.findings });
      } catch {
        // A cut line is not findings; the check then fails for want of them.
      }
      return events;
    }
    const error = ERROR.exec(line.trim());
    if (error?.[1]) {
      this.errors.push(error[1].trim());
      events.push({ type: 'error', message: error[1].trim() });
    }
    return events;
  }
}

/** `…/frame_0012.png` → 12: the frame number Blender put in front of the extension. */
export function frameFromName(path: string): number | null {
  const match = /(\d+)\.[A-Za-z]+$/.exec(path);
  return match ? Number(match[1]) : null;
}
