import type { ComponentType } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { GitHubIcon, LinkedInIcon, XLogoIcon } from '#web/components/icons.tsx';
import { NewsletterForm } from '#web/components/newsletter/newsletter-form.tsx';
import { config } from '#web/config.ts';
import { Link } from '#web/lib/page-router.tsx';
import { Logo } from './logo.tsx';
import { footerGroups } from './navigation.ts';

// Placeholder profiles until the product has real ones.
const socialLinks: { label: string; href: string; Icon: ComponentType<{ className?: string }> }[] = [
  { label: 'X (Twitter)', href: 'https://x.com/example', Icon: XLogoIcon },
  { label: 'GitHub', href: 'https://github.com/example', Icon: GitHubIcon },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/example', Icon: LinkedInIcon },
];

/**
 * docs/product.md §2: the footer is for visitors; while the state is unknown it stays, as prerendered.
 */
export function VisitorFooter() {
  const { user } = useAuth();
  return user ? null : <SiteFooter />;
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="below-fold border-t border-slate-200 bg-slate-50" data-testid="site-footer">
      <div className="container-page py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-12 lg:gap-8">
          <div className="lg:col-span-4">
            <Logo />
            <p className="mt-4 max-w-xs text-sm text-slate-600">
              Everything you need to launch, sell and grow a subscription product.
            </p>
            <ul className="mt-6 flex gap-2">
              {socialLinks.map(({ label, href, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 lg:col-span-4">
            {footerGroups.map((group) => (
              <div key={group.label}>
                <h2 className="text-sm font-semibold text-slate-900">{group.label}</h2>
                <ul className="mt-4 space-y-3">
                  {group.items.map((item) => (
                    <li key={item.label}>
                      <Link to={item.to} className="text-sm text-slate-600 hover:text-slate-900">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <div className="lg:col-span-4">
            <h2 className="text-sm font-semibold text-slate-900">Subscribe to our newsletter</h2>
            <p className="mt-4 text-sm text-slate-600">Product news and tips, once a month. No spam.</p>
            <NewsletterForm idPrefix="footer-newsletter" className="mt-4" />
          </div>
        </div>
        <div className="mt-12 border-t border-slate-200 pt-8">
          <p className="text-sm text-slate-600">
            © {year} {config.appName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
