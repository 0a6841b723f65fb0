import { useAuth } from '#web/auth/auth-context.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import { pageMeta } from '#web/lib/meta.ts';

export const meta = () => [
  ...pageMeta({ title: 'Dashboard', path: '/dashboard' }),
  { name: 'robots', content: 'noindex' },
];

/**
 * §2: the signed-in home. The item list, the plan panel and the trial banner arrive with the items
 * and billing work; until then the page shows who is signed in.
 */
export default function Dashboard() {
  const { user } = useAuth();
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  const methods = user.providers.map((method) => signInMethodLabels[method]).join(', ') || 'Unknown';
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-2 text-slate-600">Welcome back, {user.name}.</p>
      {/* Trial banner (§9: shown while CurrentTrial) goes here, above the panels. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="dashboard-user-title"
          className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
          data-testid="dashboard-user"
        >
          <h2 id="dashboard-user-title" className="text-lg font-semibold text-slate-900">
            Your account
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <Detail term="Name" value={user.name} />
            <Detail term="Email" value={user.email} />
            <Detail term="User ID" value={user.uid} />
            <Detail term="Sign-in method" value={methods} />
            <Detail term="Email verified" value={user.emailVerified ? 'Yes' : 'No'} />
          </dl>
        </section>
        {/* The plan panel (§2: plan and user info) comes next to this one with the billing work, and
            the item list below them across the whole width with the items work. */}
      </div>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="mt-0.5 break-all text-slate-900">{value}</dd>
    </div>
  );
}
