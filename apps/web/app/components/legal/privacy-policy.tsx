import { config } from '#web/config.ts';
import { LegalSection } from './legal-section.tsx';

// Placeholder text: to be replaced by the policy written for the product.
export function PrivacyPolicy() {
  const name = config.appName;
  return (
    <>
      <LegalSection title="1. Who we are">
        <p>
          This policy explains how {name} collects and uses personal data when you visit our website or use
          our Service, and which choices you have.
        </p>
      </LegalSection>
      <LegalSection title="2. Data we collect">
        <p>
          Account data you give us (name, email address, profile picture), billing data handled by our payment
          provider, the content you create in the Service, messages you send us, and basic usage data such as
          pages visited and the type of device and browser.
        </p>
      </LegalSection>
      <LegalSection title="3. How we use it">
        <p>
          To provide and improve the Service, to process payments, to answer your messages, to send the
          newsletter you subscribed to, and to keep the Service secure. We never sell your personal data.
        </p>
      </LegalSection>
      <LegalSection title="4. Sharing with service providers">
        <p>
          We share data only with providers that help us run the Service, such as hosting, sign-in, payment
          and email providers, each bound by a data processing agreement.
        </p>
      </LegalSection>
      <LegalSection title="5. Cookies and analytics">
        <p>
          We use the storage of your browser to keep you signed in. Analytics, when enabled, counts page views
          to help us understand which pages are useful.
        </p>
      </LegalSection>
      <LegalSection title="6. Your rights">
        <p>
          You may ask for a copy of your data, its correction or its deletion, and you may object to its use
          or unsubscribe from the newsletter at any time. Write to us through the contact page.
        </p>
      </LegalSection>
      <LegalSection title="7. Retention">
        <p>
          We keep your data while your account is open and delete it within 30 days after you close it, except
          where the law requires us to keep it longer.
        </p>
      </LegalSection>
    </>
  );
}
