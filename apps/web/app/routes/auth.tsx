import { AuthPage, authTypeOf, pageTexts } from '#web/auth/auth-page.tsx';
import { Island, islandsPage } from '#web/islands/island.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/auth';

export const handle = islandsPage;

export const meta = ({ params }: Route.MetaArgs) => {
  const type = authTypeOf(params.type);
  return unlistedPageMeta({ title: pageTexts[type].title, path: `/auth/${type}` });
};

export default function AuthRoute() {
  return <Island name="auth-page" component={AuthPage} />;
}
