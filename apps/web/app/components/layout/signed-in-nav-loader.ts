import { useEffect, useState } from 'react';

type SignedInNav = typeof import('./signed-in-nav.tsx');

// The signed-in navigation is fetched the first time someone is signed in, once per page; later
// renders (the mobile menu, another header) have it at once.
let loaded: SignedInNav | null = null;
let loading: Promise<SignedInNav> | null = null;

/** The signed-in navigation's module once loaded; null before (and for visitors, who never load it). */
export function useSignedInNav(isSignedIn: boolean): SignedInNav | null {
  const [module, setModule] = useState<SignedInNav | null>(loaded);
  useEffect(() => {
    if (!isSignedIn || module) return;
    let isCurrent = true;
    loading ??= import('./signed-in-nav.tsx').then((imported) => {
      loaded = imported;
      return imported;
    });
    loading.then(
      (imported) => {
        if (isCurrent) setModule(imported);
      },
      () => {
        // Offline or a stale deploy: the bar stays without these links; the next page tries again.
        loading = null;
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isSignedIn, module]);
  return module;
}
