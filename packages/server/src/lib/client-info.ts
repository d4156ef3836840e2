/** A coarse browser and OS name from a User-Agent, for the login log and online list. */
export function describeClient(userAgent: string | undefined): { browser: string; os: string } {
  const ua = userAgent ?? '';
  return { browser: browserOf(ua), os: osOf(ua) };
}

function browserOf(ua: string): string {
  const rules: Array<[RegExp, string]> = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Chrome|HeadlessChrome|Chromium)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+).*Safari/, 'Safari'],
    [/curl\/(\d+)/, 'curl'],
  ];
  for (const [re, name] of rules) {
    const m = re.exec(ua);
    if (m) return `${name} ${m[1]}`;
  }
  return ua ? 'Unknown' : '';
}

function osOf(ua: string): string {
  if (/Windows/.test(ua)) return 'Windows';
  if (/Android/.test(ua)) return 'Android';
  if (/iPhone|iPad|iOS/.test(ua)) return 'iOS';
  if (/Mac OS X/.test(ua)) return 'Mac OS X';
  if (/Linux/.test(ua)) return 'Linux';
  return ua ? 'Unknown' : '';
}
