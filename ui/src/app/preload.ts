import { matchRoutes } from 'react-router'
import { isRedirect, routes } from './routes'

const routeObjects = routes.map((route) => ({ path: route.path }))

/**
 * Loads the page that `pathname` opens (the server preloads its chunk beside the entry), so
 * the first render draws it rather than a skeleton. Never fails: a page that cannot load now
 * gets its usual chance in the render.
 */
export async function preloadPageAt(pathname: string): Promise<void> {
  const matched = matchRoutes(routeObjects, pathname)?.[0]?.route
  const route = matched && routes[routeObjects.indexOf(matched)]
  if (!route || isRedirect(route)) return
  try {
    await route.page.preload()
  } catch {
    // Rendered anyway; the route's error boundary says what went wrong.
  }
}
