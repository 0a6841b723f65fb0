import type { SocialProvider } from './providers.ts';

// Brand marks of the sign-in providers, drawn inline (fills are attributes, not styles, for the CSP).
// Decorative: the button's text names the provider.

/**
 * A mark's paths: in their brand colours, or all in `fill` (the text colour for the one-colour
 * marks, which follow the button's text).
 */
type Mark = { viewBox: string; fill?: 'currentColor'; paths: { d: string; fill?: string }[] };

const marks: Record<SocialProvider, Mark> = {
  google: {
    viewBox: '0 0 24 24',
    paths: [
      {
        fill: '#4285F4',
        d: 'M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z',
      },
      {
        fill: '#34A853',
        d: 'M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z',
      },
      { fill: '#FBBC05', d: 'M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84Z' },
      {
        fill: '#EA4335',
        d: 'M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z',
      },
    ],
  },
  facebook: {
    viewBox: '0 0 24 24',
    paths: [
      {
        fill: '#1877F2',
        d: 'M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.69.24 2.69.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z',
      },
    ],
  },
  twitter: {
    viewBox: '0 0 24 24',
    fill: 'currentColor',
    paths: [
      {
        d: 'M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z',
      },
    ],
  },
  github: {
    viewBox: '0 0 16 16',
    fill: 'currentColor',
    paths: [
      {
        d: 'M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38l-.01-1.49c-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82a7.6 7.6 0 0 1 4 0c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48l-.01 2.2c0 .21.15.46.55.38A8.01 8.01 0 0 0 16 8c0-4.42-3.58-8-8-8Z',
      },
    ],
  },
};

/** The provider's mark. */
export function ProviderIcon({ provider, className }: { provider: SocialProvider; className?: string }) {
  const { viewBox, fill, paths } = marks[provider];
  return (
    <svg className={className} viewBox={viewBox} fill={fill} aria-hidden="true" focusable="false">
      {paths.map((path) => (
        <path key={path.d} fill={path.fill} d={path.d} />
      ))}
    </svg>
  );
}
