import { useEffect, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { CustomerSearch } from '#web/components/operators/customer-search.tsx';
import { OperatorAuditLog } from '#web/components/operators/operator-audit-log.tsx';
import { OperatorGate } from '#web/components/operators/operator-gate.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'Back office', path: '/admin' });

/**
 * The back office (docs/operations.md): for operators only, never a workspace role. Find a customer,
 * and read what the operators did.
 */
export default function Admin() {
  const [viewEnded, setViewEnded] = useState(false);
  useEffect(() => setViewEnded(new URLSearchParams(window.location.search).get('view') === 'ended'), []);
  return (
    <AppPage title="Back office">
      <OperatorGate>
        {() => (
          <div className="mt-8 max-w-3xl space-y-8">
            {viewEnded && (
              <Alert variant="success" title="The “view as” session has ended">
                It was ended, or its time ran out. Start another from a workspace if you still need it.
              </Alert>
            )}
            <CustomerSearch />
            <OperatorAuditLog />
          </div>
        )}
      </OperatorGate>
    </AppPage>
  );
}
