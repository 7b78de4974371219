import { describe, expect, it } from 'vitest';
import { checkArguments, frameList, renderArguments } from './blender-command';

describe('the Blender command line', () => {
  const args = renderArguments({
    scene: '/cache/abc.blend',
    frames: [3, 1, 2, 7],
    output: '/work/t/frame_####',
    format: 'PNG',
    resolutionPercentage: 50,
    samples: 16,
    failOnMissing: true,
  });
  const at = (arg: string) => args.indexOf(arg);

  it('forbids scene scripts and never allows them later on the line', () => {
    expect(at('-Y')).toBeGreaterThan(-1);
    expect(at('-Y')).toBeLessThan(at('/cache/abc.blend'));
    expect(args).toContain('--factory-startup');
    expect(args).not.toContain('-y');
    expect(args).not.toContain('--enable-autoexec');
    expect(checkArguments('/cache/abc.blend')).toContain('-Y');
  });

  it('loads the scene, then sets our exit code, then runs our script, then renders', () => {
    expect(at('/cache/abc.blend')).toBeLessThan(at('--python-exit-code'));
    expect(at('--python-exit-code')).toBeLessThan(at('--python'));
    expect(at('--python')).toBeLessThan(at('-f'));
    expect(args[at('-f') + 1]).toBe('1..3,7');
    expect(args.slice(at('--'))).toEqual([
      '--',
      '--output',
      '/work/t/frame_####',
      '--format',
      'PNG',
      '--percentage',
      '50',
      '--samples',
      '16',
      '--fail-on-missing',
    ]);
  });

  it('writes frame lists as Blender reads them', () => {
    expect(frameList([5])).toBe('5');
    expect(frameList([1, 2, 3, 4, 5, 6])).toBe('1..6');
    expect(frameList([1, 3, 5])).toBe('1,3,5');
    expect(frameList([10, 9, 9, 1, 2])).toBe('1..2,9..10');
  });
});
