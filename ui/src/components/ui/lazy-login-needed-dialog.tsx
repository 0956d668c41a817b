import { lazy, Suspense, type ComponentProps } from 'react'

// The overlay (and Headless UI's dialog with it) loads when a visitor first needs it, not with
// the public pages that offer it: most visits never open it.
const load = () => import('./login-needed-dialog')
const LoginNeededDialog = lazy(load)

/** The 'Sorry...' overlay, loaded on first use; `preload` starts loading it ahead of a click. */
export function LazyLoginNeededDialog(props: ComponentProps<typeof LoginNeededDialog>) {
  return (
    <Suspense fallback={null}>
      <LoginNeededDialog {...props} />
    </Suspense>
  )
}

LazyLoginNeededDialog.preload = () => void load()
