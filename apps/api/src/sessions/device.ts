import type { SignInSession } from '@launchkit/api-contract';

export type Device = Pick<SignInSession, 'browser' | 'operatingSystem' | 'deviceType'>;

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\bWindows NT\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A session's name in the list, from its browser's User-Agent: the browser, the system and the kind of
 * device, which is all a person needs to tell their sessions apart. Nothing finer (versions, models)
 * and no place: no lookup of the address is made.
 */
export function describeDevice(userAgent: string): Device {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown browser';
  const operatingSystem = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown system';
  let deviceType: Device['deviceType'] = 'unknown';
  if (
    /\biPad\b|\bTablet\b/.test(userAgent) ||
    (/\bAndroid\b/.test(userAgent) && !/\bMobile\b/.test(userAgent))
  )
    deviceType = 'tablet';
  else if (/\bMobi|\biPhone\b|\biPod\b/.test(userAgent)) deviceType = 'mobile';
  else if (operatingSystem !== 'Unknown system') deviceType = 'desktop';
  return { browser, operatingSystem, deviceType };
}
