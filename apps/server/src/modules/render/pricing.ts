/**
 * What a render costs (docs/render-jobs.md): a node's time at the tier's price per minute, in Rial.
 * A completed task is charged `ceil(render_seconds × price per minute / 60)`, rounded up per task;
 * the estimate shown before submitting is the frames × the seconds one frame took in the scene
 * check (scaled to the chosen resolution and samples) × the same price, with a range around it.
 */

/** The range shown around an estimate: a frame's time varies across a shot (motion, lights). */
export const ESTIMATE_LOW = 0.75;
export const ESTIMATE_HIGH = 1.5;

/**
 * Rial for `renderSeconds` of a node at `pricePerMinute`, rounded up. Counted in whole
 * milliseconds with integers: 1.1 s × 600 Rial/min is 11 Rial, not the 12 that floating point's
 * 11.000000000000002 would round up to.
 */
export function taskCost(renderSeconds: number, pricePerMinute: number): number {
  if (!(renderSeconds > 0) || !(pricePerMinute > 0)) return 0;
  const ms = BigInt(Math.round(renderSeconds * 1000));
  const price = BigInt(Math.round(pricePerMinute));
  return Number((ms * price + 59_999n) / 60_000n);
}

/** What the scene check measured, and at which settings (the findings' own). */
export interface FrameTiming {
  /** Seconds one sample frame took, at the scene's resolution % and samples. */
  frameSeconds: number;
  sceneResolutionPercent?: number | null | undefined;
  sceneSamples?: number | null | undefined;
}

/**
 * Seconds a frame should take at the chosen settings: Cycles' time grows with the pixels (the
 * square of the resolution %) and with the samples.
 */
export function scaledFrameSeconds(
  timing: FrameTiming,
  settings: { resolutionPercent: number; samples?: number | null | undefined },
): number {
  const sceneRes =
    timing.sceneResolutionPercent && timing.sceneResolutionPercent > 0 ? timing.sceneResolutionPercent : 100;
  const pixels = (settings.resolutionPercent / sceneRes) ** 2;
  const samples =
    settings.samples && timing.sceneSamples && timing.sceneSamples > 0
      ? settings.samples / timing.sceneSamples
      : 1;
  return Math.max(0, timing.frameSeconds) * pixels * samples;
}

export interface Estimate {
  /** Rial: the point estimate, and its low–high range. */
  estimate: number;
  low: number;
  high: number;
  /** Node seconds the estimate stands for. */
  seconds: number;
}

/**
 * (frames × seconds per frame + tasks × a task's start-up) × price per minute / 60, in Rial, with
 * its range. The start-up (Blender starting and loading the scene, once a task) is charged like the
 * frames, since a task's render seconds count from Blender's start: for a tiny scene it is most of
 * the cost (3 s of start-up against 0.3 s a frame).
 */
export function estimateCost(
  frames: number,
  frameSeconds: number,
  pricePerMinute: number,
  startup: { tasks: number; seconds: number } = { tasks: 0, seconds: 0 },
): Estimate {
  const seconds =
    Math.max(0, frames) * Math.max(0, frameSeconds) +
    Math.max(0, startup.tasks) * Math.max(0, startup.seconds);
  const estimate = taskCost(seconds, pricePerMinute);
  return {
    estimate,
    low: Math.floor(estimate * ESTIMATE_LOW),
    high: Math.ceil(estimate * ESTIMATE_HIGH),
    seconds,
  };
}

/** A task's start-up the scene check measured (its whole run less its sample frame), in seconds. */
export function startupSecondsOf(findings: unknown): number {
  const value = (findings as { startup_seconds?: unknown } | null)?.startup_seconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
