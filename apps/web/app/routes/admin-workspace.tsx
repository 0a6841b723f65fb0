import { Link, useParams } from 'react-router';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { CustomerWorkspace } from '#web/components/operators/customer-workspace.tsx';
import { OperatorGate } from '#web/components/operators/operator-gate.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'Workspace · Back office', path: '/admin' });

/** One customer's workspace in the back office (docs/operations.md). */
export default function AdminWorkspace() {
  const { id = '' } = useParams();
  return (
    <AppPage title="Customer workspace">
      <p className="mt-2 text-sm">
        <Link to="/admin" className="text-brand-700 underline hover:text-brand-800">
          Back to the back office
        </Link>
      </p>
      <OperatorGate>
        {() => (
          <div className="mt-8 max-w-3xl">
            <CustomerWorkspace key={id} id={id} />
          </div>
        )}
      </OperatorGate>
    </AppPage>
  );
}
