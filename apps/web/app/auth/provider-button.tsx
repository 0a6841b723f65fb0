import { Button } from '#web/components/forms/button.tsx';
import { ProviderIcon } from './provider-icons.tsx';
import { type SocialProvider, signInMethodLabels } from './providers.ts';

type ProviderButtonProps = {
  provider: SocialProvider;
  busy: boolean;
  disabled: boolean;
  onClick: (provider: SocialProvider) => void;
};

/** 'Continue with Google' and the like: opens the provider's sign-in popup. */
export function ProviderButton({ provider, busy, disabled, onClick }: ProviderButtonProps) {
  return (
    <Button
      variant="secondary"
      className="w-full"
      busy={busy}
      busyLabel="Waiting for the popup…"
      disabled={disabled}
      onClick={() => onClick(provider)}
    >
      <ProviderIcon provider={provider} className="size-5" />
      Continue with {signInMethodLabels[provider]}
    </Button>
  );
}
