import { describe, expect, it } from 'vitest';
import { AppError } from '#api/http/app-error.ts';
import { ownSiteAddress } from './return-url.ts';

const site = { origins: ['https://app.example.com'] };

function refusal(address: string) {
  try {
    ownSiteAddress(site, address, 'successUrl');
  } catch (error) {
    return error;
  }
  throw new Error(`${address} was accepted`);
}

describe('ownSiteAddress', () => {
  it('rebuilds an address of the site from its configured origin, with the path, query and fragment', () => {
    expect(ownSiteAddress(site, 'https://app.example.com/dashboard?paid=true#top', 'successUrl')).toBe(
      'https://app.example.com/dashboard?paid=true#top',
    );
    expect(ownSiteAddress(site, 'https://app.example.com', 'successUrl')).toBe('https://app.example.com/');
  });

  it('reads the origin as a browser does: case, default port and user info do not make another site', () => {
    expect(ownSiteAddress(site, 'HTTPS://APP.EXAMPLE.COM:443/pricing', 'cancelUrl')).toBe(
      'https://app.example.com/pricing',
    );
    expect(ownSiteAddress(site, 'https://someone:secret@app.example.com/pricing', 'cancelUrl')).toBe(
      'https://app.example.com/pricing',
    );
  });

  it.each([
    ['https://evil.example/dashboard', 'another site'],
    ['https://app.example.com.evil.example/dashboard', 'a host that only begins with the site’s'],
    ['https://app.example.com@evil.example/dashboard', 'the site’s host as user info'],
    ['http://app.example.com/dashboard', 'plain http'],
    ['https://app.example.com:8443/dashboard', 'another port'],
    ['https://sub.app.example.com/dashboard', 'a subdomain'],
  ])('refuses %s (%s) as a 400 validation_failed naming the field', (address) => {
    const error = refusal(address);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: 'The return address must be a page of this site.',
      fields: { successUrl: 'The return address must be a page of this site.' },
    });
  });
});
