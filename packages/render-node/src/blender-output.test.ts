import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BlenderEvent, BlenderOutput, frameFromName } from './blender-output';

// Output captured from Debian's Blender 3.4.1 rendering the test scene (64×48, Cycles, 4 samples).
const fixture = (name: string) =>
  readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8').split('\n');

function readAll(lines: string[]): { output: BlenderOutput; events: BlenderEvent[] } {
  const output = new BlenderOutput();
  const events = lines.flatMap((line) => output.read(line));
  return { output, events };
}

describe('reading Blender 3.4 output', () => {
  it('follows frames, samples and saved files of a two-frame render', () => {
    const { output, events } = readAll(fixture('blender-3.4-cycles-frames-1-2.txt'));
    expect(events.filter((e) => e.type === 'frame')).toEqual([
      { type: 'frame', frame: 1 },
      { type: 'frame', frame: 2 },
    ]);
    expect(events.filter((e) => e.type === 'sample')).toEqual([
      { type: 'sample', frame: 1, done: 0, of: 4 },
      { type: 'sample', frame: 1, done: 1, of: 4 },
      { type: 'sample', frame: 1, done: 4, of: 4 },
      { type: 'sample', frame: 2, done: 0, of: 4 },
      { type: 'sample', frame: 2, done: 1, of: 4 },
      { type: 'sample', frame: 2, done: 4, of: 4 },
    ]);
    expect(output.saved).toEqual([
      { frame: 1, path: '/tmp/rout/frame_0001.png' },
      { frame: 2, path: '/tmp/rout/frame_0002.png' },
    ]);
    expect(output.frame).toBe(2);
    expect(output.sample).toEqual([4, 4]);
    expect(output.errors).toEqual([]);
  });

  it('starts a new frame with no samples yet', () => {
    const output = new BlenderOutput();
    output.read(
      'Fra:7 Mem:9.44M (Peak 10.20M) | Time:00:00.23 | Remaining:00:00.00 | Scene, ViewLayer | Sample 3/8',
    );
    expect(output.sample).toEqual([3, 8]);
    output.read(
      'Fra:8 Mem:8.48M (Peak 10.20M) | Time:00:00.01 | Scene, ViewLayer | Synchronizing object | Cube',
    );
    expect(output.frame).toBe(8);
    expect(output.sample).toBeNull();
  });

  it("reads EEVEE's sample lines", () => {
    const output = new BlenderOutput();
    output.read('Fra:3 Mem:20.1M (Peak 22.0M) | Time:00:01.02 | Rendering 12 / 64 samples');
    expect(output.sample).toEqual([12, 64]);
  });

  it('keeps the error of a render that fails for want of a denoiser', () => {
    const { output } = readAll(fixture('blender-3.4-denoise-unavailable.txt'));
    expect(output.errors).toEqual(['Build without OpenImageDenoiser']);
    expect(output.saved).toEqual([]);
  });

  it('keeps the missing files our settings script refused to render without', () => {
    const { output } = readAll(fixture('blender-3.4-missing-texture-fatal.txt'));
    expect(output.errors).toContain(
      'RENDERFARM_MISSING_FILES missing external files: image //textures/missing.png',
    );
  });

  it('reads the findings line of check_scene.py, and not a cut one', () => {
    const output = new BlenderOutput();
    expect(output.read('RENDERFARM_FINDINGS {"engine": "CYCLES", "samples": 4')).toEqual([]);
    expect(output.findings).toBeNull();
    output.read('RENDERFARM_FINDINGS {"engine": "CYCLES", "samples": 4}');
    expect(output.findings).toEqual({ engine: 'CYCLES', samples: 4 });
  });

  it('takes a saved frame number from the file name', () => {
    expect(frameFromName('/w/frame_0012.png')).toBe(12);
    expect(frameFromName('/w/frame_10001.exr')).toBe(10001);
    expect(frameFromName('/w/cover.png')).toBeNull();
  });
});
