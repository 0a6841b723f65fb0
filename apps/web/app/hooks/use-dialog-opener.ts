import { useRef, useState } from 'react';

/**
 * A dialog opened by a button (Add User, Create key, Add endpoint): `open` runs `onOpen` first (to
 * clear an outcome), `close` closes it after its work is done, `cancel` closes it and puts focus back on
 * the button (`buttonRef`).
 */
export function useDialogOpener(onOpen?: () => void) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return {
    isOpen,
    buttonRef,
    open: () => {
      onOpen?.();
      setIsOpen(true);
    },
    close: () => setIsOpen(false),
    cancel: () => {
      setIsOpen(false);
      buttonRef.current?.focus();
    },
  };
}
