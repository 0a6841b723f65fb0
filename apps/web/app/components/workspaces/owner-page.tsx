import type { ReactNode } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import type { AuthUser } from '#web/auth/session.ts';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { OwnWorkspaceOnly } from './own-workspace-only.tsx';

type OwnerPageProps = { title: string; intro: string; panel: (user: AuthUser) => ReactNode };

/** A signed-in page whose one panel only the workspace's owner sees (OwnWorkspaceOnly). */
export function OwnerPage({ title, intro, panel }: OwnerPageProps) {
  const { user } = useAuth();
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  return (
    <AppPage title={title} intro={intro}>
      <div className="mt-8 max-w-3xl">
        <OwnWorkspaceOnly>{panel(user)}</OwnWorkspaceOnly>
      </div>
    </AppPage>
  );
}
