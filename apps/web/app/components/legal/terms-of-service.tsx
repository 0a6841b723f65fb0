import { config } from '#web/config.ts';
import { LegalSection } from './legal-section.tsx';

// Placeholder text: to be replaced by the terms written for the product.
export function TermsOfService() {
  const name = config.appName;
  return (
    <>
      <LegalSection title="1. Agreement to these terms">
        <p>
          By creating an account or using {name} (the “Service”), you agree to these Terms of Service. If you
          use the Service on behalf of an organisation, you agree to them on its behalf and confirm you may do
          so.
        </p>
      </LegalSection>
      <LegalSection title="2. Your account">
        <p>
          You are responsible for the activity on your account and for keeping your sign-in details safe. Tell
          us at once if you suspect unauthorised use. Accounts are for people aged 16 and over.
        </p>
      </LegalSection>
      <LegalSection title="3. Plans, billing and cancellation">
        <p>
          Paid plans are billed in advance for each billing period and renew automatically until cancelled.
          You can cancel at any time from your account; the plan then stays active until the end of the paid
          period. Fees already paid are not refunded except where the law requires it.
        </p>
        <p>
          The number of team members you can add is limited by the seats of your plan. Prices may change with
          at least 30 days’ notice before your next renewal.
        </p>
      </LegalSection>
      <LegalSection title="4. Acceptable use">
        <p>
          You agree not to misuse the Service: no unlawful content, no attempts to break or overload it, no
          access to other customers’ data and no reselling without our written permission.
        </p>
      </LegalSection>
      <LegalSection title="5. Your content">
        <p>
          You keep all rights to the content you put into the Service. You give us only the permission we need
          to host, process and display it to provide the Service to you.
        </p>
      </LegalSection>
      <LegalSection title="6. Liability">
        <p>
          The Service is provided “as is”. To the extent the law allows, our total liability for any claim is
          limited to the amount you paid us in the twelve months before the claim arose.
        </p>
      </LegalSection>
      <LegalSection title="7. Changes and contact">
        <p>
          We may update these terms; when a change is significant we will tell you by email or in the app
          before it takes effect. Questions about these terms can be sent through our contact page.
        </p>
      </LegalSection>
    </>
  );
}
