import { createElement, lazy, type ComponentType } from 'react'

/** A route's page, loaded on first use; `preload` loads it ahead (before the first render). */
export type LazyPage = ComponentType & { preload: () => Promise<void> }

/**
 * Like React's `lazy`, but once the page's chunk has loaded (by `preload` or a first render) it
 * renders at once, without a suspended render and its skeleton. main.tsx preloads the first
 * page before rendering, so the server-written page is replaced by the real one in one step.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined
  const remember = () =>
    load().then((module) => {
      loaded = module.default
      return module
    })
  const Suspending = lazy(remember)
  function Page() {
    return createElement(loaded ?? Suspending)
  }
  return Object.assign(Page, { preload: () => remember().then(() => undefined) })
}
