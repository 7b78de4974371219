import { fileURLToPath } from 'node:url';
import type { RenderFormat } from './protocol';

/** Our Python scripts, beside src/ and dist/ alike. */
export const SCRIPTS_DIR = fileURLToPath(new URL('../blender/', import.meta.url));
export const scriptPath = (name: string) => `${SCRIPTS_DIR}${name}`;

/** The exit code our scripts' uncaught exceptions give (a missing file made fatal, a bad argument). */
export const SCRIPT_FAILED_EXIT_CODE = 3;

/**
 * The start of every Blender command line. The order is Blender's, which runs its arguments one
 * after another:
 * - `-Y` (--disable-autoexec) is read before any file loads wherever it stands, but a later `-y`
 *   would win, so nothing after it may enable auto-run; `--factory-startup` keeps the machine's
 *   user preferences (which may allow auto-run, or trust a folder) out of it too. Scene Python
 *   (registered text blocks, drivers) then never runs; our own scripts, named with `--python`, do.
 * - the scene loads where it stands, so it comes before `--python` (a script run before it would
 *   change the factory scene, then the file load would replace it);
 * - `--python-exit-code` applies only to the scripts after it: before `--python`, an exception in
 *   our script ends Blender with that code; after it, Blender carries on and renders anyway.
 */
function start(scene: string, threads: number | undefined): string[] {
  return [
    '-b',
    '--factory-startup',
    '-Y',
    ...(threads ? ['-t', String(threads)] : []),
    scene,
    '--python-exit-code',
    String(SCRIPT_FAILED_EXIT_CODE),
  ];
}

/** check_scene.py prints the findings after timing one frame at the scene's own settings. */
export function checkArguments(scene: string, threads?: number): string[] {
  return [...start(scene, threads), '--python', scriptPath('check_scene.py')];
}

export interface RenderArguments {
  scene: string;
  frames: number[];
  /** Output path pattern: `<task folder>/frame_####` (Blender adds the extension). */
  output: string;
  format: RenderFormat;
  resolutionPercentage?: number | undefined;
  samples?: number | null | undefined;
  denoise?: boolean | undefined;
  /** A missing texture, library or cache fails the task instead of rendering pink. */
  failOnMissing?: boolean;
  threads?: number | undefined;
}

/** apply_settings.py changes the loaded scene, then `-f` renders the frames (after the script). */
export function renderArguments(args: RenderArguments): string[] {
  const settings = ['--output', args.output, '--format', args.format];
  if (args.resolutionPercentage !== undefined)
    settings.push('--percentage', String(args.resolutionPercentage));
  if (args.samples !== undefined && args.samples !== null) settings.push('--samples', String(args.samples));
  if (args.denoise) settings.push('--denoise');
  if (args.failOnMissing) settings.push('--fail-on-missing');
  return [
    ...start(args.scene, args.threads),
    '--python',
    scriptPath('apply_settings.py'),
    '-f',
    frameList(args.frames),
    // Blender leaves what follows `--` to Python (sys.argv).
    '--',
    ...settings,
  ];
}

/** `-f`'s list: `1..3,7,9..10` (Blender ≥ 2.90 reads commas and `..` ranges). */
export function frameList(frames: number[]): string {
  const sorted = [...new Set(frames)].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    parts.push(j > i ? `${sorted[i]}..${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(',');
}

/** The file extension Blender gives each format. */
export const EXTENSIONS: Record<RenderFormat, string> = { PNG: '.png', JPEG: '.jpg', OPEN_EXR: '.exr' };
