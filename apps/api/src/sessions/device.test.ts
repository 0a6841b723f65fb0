import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.ts';

// User-Agents as the browsers send them (2026), and what the session list calls each.
describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      { browser: 'Chrome', operatingSystem: 'Linux', deviceType: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
      { browser: 'Edge', operatingSystem: 'Windows', deviceType: 'desktop' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', operatingSystem: 'iOS', deviceType: 'tablet' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', operatingSystem: 'Android', deviceType: 'mobile' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:140.0) Gecko/20100101 Firefox/140.0',
      { browser: 'Firefox', operatingSystem: 'macOS', deviceType: 'desktop' },
    ],
    ['curl/8.11.1', { browser: 'Unknown browser', operatingSystem: 'Unknown system', deviceType: 'unknown' }],
    ['', { browser: 'Unknown browser', operatingSystem: 'Unknown system', deviceType: 'unknown' }],
  ])('%s', (userAgent, device) => {
    expect(describeDevice(userAgent)).toEqual(device);
  });
});
