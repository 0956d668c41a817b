import { Navigate, useRoutes, type RouteObject } from 'react-router'
import { RouteGate } from './route-gate'
import { isRedirect, routes, type AppRoute } from './routes'
import { Shell } from './shell/shell'

// Declarative routing (useRoutes) rather than a data router: the data router costs ~17 KB
// gzip more in the initial bundle and we load data with TanStack Query anyway.
function toRouteObject(route: AppRoute): RouteObject {
  const element = isRedirect(route) ? <Navigate to={route.redirect} replace /> : <RouteGate route={route} />
  return { path: route.path, element }
}

const routeObjects: RouteObject[] = [{ element: <Shell />, children: routes.map(toRouteObject) }]

/** The whole app: the shell around every route of the table. */
export function AppRoutes() {
  return useRoutes(routeObjects)
}
