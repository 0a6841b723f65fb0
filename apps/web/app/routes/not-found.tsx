import { useLocation } from 'react-router';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'Page not found', path: '/404' });

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">The page {pathname} could not be found</h1>
      <p className="mt-6">
        <a className="link" href="/">
          Go back home
        </a>
      </p>
    </section>
  );
}
