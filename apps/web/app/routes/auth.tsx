import { AuthPage, authTypeOf, pageTexts } from '#web/auth/auth-page.tsx';
import { Island, islandsPage } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/auth';

export const handle = islandsPage;

export const meta = ({ params }: Route.MetaArgs) => {
  const type = authTypeOf(params.type);
  return [
    ...pageMeta({ title: pageTexts[type].title, path: `/auth/${type}` }),
    { name: 'robots', content: 'noindex' },
  ];
};

export default function AuthRoute() {
  return <Island name="auth-page" component={AuthPage} />;
}
