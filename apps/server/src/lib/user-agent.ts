/**
 * Profile/Show's browser sessions show "Chrome on Windows": a few well-known tokens are enough for
 * a person to recognise their own devices; anything else reads «ناشناخته».
 */
export interface AgentSummary {
  platform: string;
  browser: string;
  is_desktop: boolean;
}

const PLATFORMS: [RegExp, string][] = [
  [/Windows/i, 'Windows'],
  [/Android/i, 'Android'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg\//i, 'Edge'],
  [/OPR\/|Opera/i, 'Opera'],
  [/Firefox\//i, 'Firefox'],
  [/Chrome\/|CriOS\//i, 'Chrome'],
  [/Safari\//i, 'Safari'],
];

export function summarizeAgent(userAgent: string | null | undefined): AgentSummary {
  const ua = userAgent ?? '';
  const platform = PLATFORMS.find(([re]) => re.test(ua))?.[1] ?? 'ناشناخته';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'ناشناخته';
  const mobile = /Mobile|Android|iPhone|iPad|iPod/i.test(ua);
  return { platform, browser, is_desktop: ua !== '' && !mobile };
}
