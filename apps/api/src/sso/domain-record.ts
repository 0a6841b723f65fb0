// The DNS TXT record that proves a domain (docs/sso.md): its name under the domain and its value, made
// from the random token kept with the domain. The prefixed name keeps the proof out of the domain's own
// TXT records (SPF and the like) and names what it is for.

export const recordPrefix = '_launchkit-verification';

export const domainRecord = (domain: string, token: string) => ({
  recordName: `${recordPrefix}.${domain}`,
  recordValue: `launchkit-verification=${token}`,
});
