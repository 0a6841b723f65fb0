import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '#web/lib/page-router.tsx';
import { preloadSession, useAuth } from './auth-context.tsx';
import { AuthForm, type AuthType } from './auth-form.tsx';
import { loadIdentity } from './identity-client.ts';
import { safeNextPath } from './safe-next.ts';

const authTypes: AuthType[] = ['signup', 'signin', 'forgotpass', 'changepass'];

/** docs/product.md §2: signup, signin, forgotpass or changepass; anything else shows signup. */
export function authTypeOf(param: string | undefined): AuthType {
  return authTypes.find((type) => type === param) ?? 'signup';
}

export const pageTexts: Record<AuthType, { title: string; intro: string }> = {
  signup: { title: 'Sign up', intro: 'Create your account to get started.' },
  signin: { title: 'Sign in', intro: 'Welcome back. Sign in to your account.' },
  forgotpass: {
    title: 'Get a new password',
    intro: 'Enter the email of your account and we will send you a link to choose a new password.',
  },
  changepass: { title: 'Choose a new password', intro: 'Enter the new password for your account.' },
};

const firstInteractions = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The sign-up, sign-in and password pages (routes/auth.tsx). On a prerendered page it is an island
 * (docs/decisions/0010): every link and the move to `next` are then document navigations.
 */
export function AuthPage() {
  const type = authTypeOf(useParams().type);
  const [searchParams] = useSearchParams();
  const rawNext = searchParams.get('next');
  const next = safeNextPath(rawNext);
  const { user } = useAuth();
  const navigate = useNavigate();

  // Fetches the sign-in code and auth0-js (about 50 KB) once the visitor starts using the page, not
  // for everyone who opens it; a provider's popup must open straight from the click, or the browser
  // may block it, and the visitor has reached for the page before clicking.
  useEffect(() => {
    const preload = () => {
      preloadSession();
      loadIdentity().catch(() => undefined);
    };
    for (const type of firstInteractions) {
      document.addEventListener(type, preload, { capture: true, passive: true, once: true });
    }
    return () => {
      for (const type of firstInteractions) document.removeEventListener(type, preload, { capture: true });
    };
  }, []);

  // A successful sign-in or sign-up, or a visitor who was already signed in, goes on to `next`.
  useEffect(() => {
    if (user && (type === 'signin' || type === 'signup')) navigate(next, { replace: true });
  }, [user, type, next, navigate]);

  const withNext = (path: string) => (rawNext ? `${path}?next=${encodeURIComponent(rawNext)}` : path);
  const { title, intro } = pageTexts[type];
  return (
    <section className="bg-linear-to-b from-brand-50 to-white px-4 py-12 sm:py-20">
      <div className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 mb-8 text-sm text-slate-600">{intro}</p>
        <AuthForm key={type} type={type} />
        <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
          {type === 'signin' && (
            <>
              <p>
                <Link className="link" to={withNext('/auth/forgotpass')}>
                  Forgot password?
                </Link>
              </p>
              <p>
                Don't have an account?{' '}
                <Link className="link" to={withNext('/auth/signup')}>
                  Sign up
                </Link>
              </p>
            </>
          )}
          {type === 'signup' && (
            <p>
              Already have an account?{' '}
              <Link className="link" to={withNext('/auth/signin')}>
                Sign in
              </Link>
            </p>
          )}
          {(type === 'forgotpass' || (type === 'changepass' && !user)) && (
            <p>
              Remembered your password?{' '}
              <Link className="link" to={withNext('/auth/signin')}>
                Sign in
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
