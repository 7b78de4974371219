import type { RenderSettingsText, SceneFindings } from './contracts';

const OUTPUT_FORMATS: Record<string, 'PNG' | 'JPEG' | 'OPEN_EXR'> = {
  PNG: 'PNG',
  JPEG: 'JPEG',
  OPEN_EXR: 'OPEN_EXR',
  OPEN_EXR_MULTILAYER: 'OPEN_EXR',
};

/** The form's first values for a checked scene: its own frame range, output and resolution. */
export function defaultsOf(findings: SceneFindings | null): RenderSettingsText {
  const start = typeof findings?.frame_start === 'number' ? findings.frame_start : 1;
  const end = typeof findings?.frame_end === 'number' ? findings.frame_end : start;
  const step = typeof findings?.frame_step === 'number' && findings.frame_step > 1 ? findings.frame_step : 1;
  const first = Math.max(1, start);
  const last = Math.max(first, end);
  return {
    frames: first === last ? String(first) : `${first}-${last}${step > 1 ? `x${step}` : ''}`,
    chunk: '5',
    format: OUTPUT_FORMATS[String(findings?.output_format ?? '')] ?? 'PNG',
    resolution: String(
      typeof findings?.resolution_percentage === 'number' ? findings.resolution_percentage : 100,
    ),
    samples: '',
    priority: 'standard',
  };
}
