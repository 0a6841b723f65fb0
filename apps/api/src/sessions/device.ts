import type { SignInSession } from '@launchkit/api-contract';
import Bowser from 'bowser';

export type Device = Pick<SignInSession, 'browser' | 'operatingSystem' | 'deviceType'>;

// Bowser's longer names, as a person calls them in a list of their own devices.
const shortNames: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Chrome OS': 'ChromeOS',
};

const unknownDevice: Device = {
  browser: 'Unknown browser',
  operatingSystem: 'Unknown system',
  deviceType: 'unknown',
};

const deviceTypes = new Set<Device['deviceType']>(['desktop', 'mobile', 'tablet']);

/**
 * A session's name in the list, from its browser's User-Agent, read by a maintained parser (Bowser:
 * headless and embedded browsers, new systems): the browser, the system and the kind of device, which
 * is all a person needs to tell their sessions apart. Nothing finer (versions, models) and no place:
 * no lookup of the address is made.
 */
export function describeDevice(userAgent: string): Device {
  // Bowser throws on an empty string; a request without the header is an unknown device.
  if (userAgent.trim() === '') return unknownDevice;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const named = (name: string | undefined, unknown: string) => (name ? (shortNames[name] ?? name) : unknown);
  const type = platform.type as Device['deviceType'] | undefined;
  return {
    browser: named(browser.name, unknownDevice.browser),
    operatingSystem: named(os.name, unknownDevice.operatingSystem),
    deviceType: type && deviceTypes.has(type) ? type : unknownDevice.deviceType,
  };
}
