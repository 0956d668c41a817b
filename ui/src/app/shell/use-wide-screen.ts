import { useSyncExternalStore } from 'react'

/** Tailwind's `xl` breakpoint, where the header's desktop nav replaces the phone menu. */
const WIDE = '(min-width: 80rem)'

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(WIDE)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/**
 * Whether the desktop nav is the one on screen, so the other one's code (Headless UI's menus on a
 * phone) need not load. Without `matchMedia` (tests) it answers wide.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(WIDE).matches ?? true)
}
