import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { escapeHtml } from '@launchkit/emulator-kit';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { certificateBody, type KeyAndCertificate } from '#identity/storage/saml-keys.ts';

/**
 * The SAML identity provider the emulator plays for tests and local runs: the customer's IdP (Okta,
 * Entra ID…) that a `samlp` connection sends people to. It reads the AuthnRequest, lets the person
 * choose who they are, and answers a Response whose assertion xml-crypto signs (exclusive
 * canonicalisation, RSA-SHA256): nothing here builds a signature by hand.
 */

export type AuthnRequestInfo = { id: string; acsUrl: string; spEntityId: string };

/** The HTTP-Redirect binding's SAMLRequest (deflated, base64) read; undefined when it is not one. */
export function readAuthnRequest(samlRequest: string): AuthnRequestInfo | undefined {
  try {
    // Bounded: a few bytes of deflate can claim gigabytes.
    const xml = inflateRawSync(Buffer.from(samlRequest, 'base64'), { maxOutputLength: 1_000_000 }).toString(
      'utf8',
    );
    const document = new DOMParser().parseFromString(xml, 'text/xml');
    const request = document.documentElement;
    if (request?.localName !== 'AuthnRequest') return undefined;
    const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0];
    const id = request.getAttribute('ID');
    const acsUrl = request.getAttribute('AssertionConsumerServiceURL');
    const spEntityId = issuer?.textContent?.trim();
    if (!id || !acsUrl || !spEntityId) return undefined;
    return { id, acsUrl, spEntityId };
  } catch {
    return undefined;
  }
}

export type AssertionInput = {
  idpEntityId: string;
  /** The service provider's entity id, the assertion's audience. */
  audience: string;
  acsUrl: string;
  inResponseTo?: string;
  nameId: string;
  attributes: Record<string, string>;
  /** Defaults: now - 1 minute and now + 5 minutes; tests move them to check the conditions. */
  notBefore?: Date;
  notOnOrAfter?: Date;
  assertionId?: string;
};

const samlId = () => `_${randomBytes(20).toString('hex')}`;
const attribute = (name: string, value: string) =>
  `<saml:Attribute Name="${escapeHtml(name)}"><saml:AttributeValue>${escapeHtml(value)}</saml:AttributeValue></saml:Attribute>`;

/** The unsigned assertion (tests also use it to forge an injected one). */
export function assertionXml(input: AssertionInput): string {
  const now = new Date();
  const notBefore = (input.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
  const notOnOrAfter = (input.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${escapeHtml(input.inResponseTo)}"` : '';
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${input.assertionId ?? samlId()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${escapeHtml(input.idpEntityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeHtml(input.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeHtml(input.acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeHtml(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${samlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${Object.entries(input.attributes)
      .map(([name, value]) => attribute(name, value))
      .join('')}</saml:AttributeStatement>` +
    '</saml:Assertion>'
  );
}

/** The assertion signed by xml-crypto (enveloped signature after its Issuer, as SAML places it). */
export function signAssertion(assertion: string, key: KeyAndCertificate): string {
  const signer = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "/*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(assertion, {
    location: { reference: "/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

/** A Response around (already signed) assertions, base64 as the HTTP-POST binding carries it. */
export function samlResponse(
  input: Pick<AssertionInput, 'idpEntityId' | 'acsUrl' | 'inResponseTo'>,
  assertions: string[],
): string {
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${escapeHtml(input.inResponseTo)}"` : '';
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${samlId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeHtml(input.acsUrl)}"${inResponseTo}>` +
    `<saml:Issuer>${escapeHtml(input.idpEntityId)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    assertions.join('') +
    '</samlp:Response>';
  return Buffer.from(xml).toString('base64');
}

/** The whole answer: one assertion signed with the provider's key, in a Response. */
export function signedSamlResponse(input: AssertionInput, key: KeyAndCertificate): string {
  return samlResponse(input, [signAssertion(assertionXml(input), key)]);
}

/** The provider's metadata, what a customer pastes into the connection (`metadataXml`). */
export function identityProviderMetadata(entityId: string, ssoUrl: string, certificate: string): string {
  return (
    `<?xml version="1.0"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeHtml(entityId)}">` +
    '<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">' +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certificateBody(certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    '<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>' +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeHtml(ssoUrl)}"/>` +
    '</md:IDPSSODescriptor></md:EntityDescriptor>\n'
  );
}
