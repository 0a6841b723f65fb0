import type { ComponentType } from 'react';
import { PrivacyPolicy } from './privacy-policy.tsx';
import { TermsOfService } from './terms-of-service.tsx';

export type LegalSectionId = 'terms-of-service' | 'privacy-policy';
export type LegalDocument = { id: LegalSectionId; title: string; updated: string; Content: ComponentType };

const terms: LegalDocument = {
  id: 'terms-of-service',
  title: 'Terms of Service',
  updated: 'January 15, 2025',
  Content: TermsOfService,
};
const privacy: LegalDocument = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  updated: 'January 15, 2025',
  Content: PrivacyPolicy,
};

export const legalDocuments: LegalDocument[] = [terms, privacy];

/** docs/product.md §2: any section other than privacy-policy shows the terms of service. */
export function legalDocumentFor(section: string | undefined): LegalDocument {
  return legalDocuments.find((document) => document.id === section) ?? terms;
}
