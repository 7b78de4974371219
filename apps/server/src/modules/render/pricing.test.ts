import { describe, expect, it } from 'vitest';
import { estimateCost, scaledFrameSeconds, startupSecondsOf, taskCost } from './pricing';

describe('render pricing', () => {
  it('charges a task its render seconds at the per-minute price, rounded up to a Rial', () => {
    expect(taskCost(60, 1_500)).toBe(1_500);
    expect(taskCost(30, 1_500)).toBe(750);
    expect(taskCost(1, 1_500)).toBe(25);
    // 0.04 s × 1,500 / 60 = 1 exactly; a hair more rounds up.
    expect(taskCost(0.04, 1_500)).toBe(1);
    expect(taskCost(0.041, 1_500)).toBe(2);
    // Floating point would make this 11.000000000000002 and round up to 12.
    expect(taskCost(1.1, 600)).toBe(11);
    expect(taskCost(0, 1_500)).toBe(0);
    expect(taskCost(-3, 1_500)).toBe(0);
    expect(taskCost(10 * 24 * 3600, 100_000_000)).toBe(1_440_000_000_000);
  });

  it('estimates frames × measured frame time × price, with its range', () => {
    // 250 frames × 12 s = 3,000 s = 50 min × 1,500 Rial.
    expect(estimateCost(250, 12, 1_500)).toEqual({
      estimate: 75_000,
      low: 56_250,
      high: 112_500,
      seconds: 3_000,
    });
    expect(estimateCost(6, 0.5, 3_000)).toEqual({ estimate: 150, low: 112, high: 225, seconds: 3 });
    expect(estimateCost(0, 12, 1_500).estimate).toBe(0);
  });

  it('scales the measured frame by the pixels and the samples chosen', () => {
    const timing = { frameSeconds: 8, sceneResolutionPercent: 100, sceneSamples: 64 };
    expect(scaledFrameSeconds(timing, { resolutionPercent: 100 })).toBe(8);
    expect(scaledFrameSeconds(timing, { resolutionPercent: 50 })).toBe(2);
    expect(scaledFrameSeconds(timing, { resolutionPercent: 100, samples: 128 })).toBe(16);
    expect(scaledFrameSeconds({ frameSeconds: 8 }, { resolutionPercent: 200, samples: 16 })).toBe(32);
  });

  it('charges each task its start-up as well as its frames in the estimate', () => {
    // 6 frames of 0.3 s in 3 tasks of 3 s start-up each at 1,500 Rial a minute: 10.8 s → 270 Rial.
    expect(estimateCost(6, 0.3, 1_500, { tasks: 3, seconds: 3 }).estimate).toBe(270);
    expect(estimateCost(6, 0.3, 1_500).estimate).toBe(45);
    expect(startupSecondsOf({ startup_seconds: 2.5 })).toBe(2.5);
    expect(startupSecondsOf({ startup_seconds: 'x' })).toBe(0);
    expect(startupSecondsOf(null)).toBe(0);
  });
});
