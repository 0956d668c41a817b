import { matchRoutes, useLocation } from 'react-router'
import { routes, type AppRoute } from '../routes'

/** The route table entry of the page being shown (its flags drive the chrome). */
export function useCurrentRoute(): AppRoute | undefined {
  const location = useLocation()
  // matchRoutes ranks paths exactly as useRoutes does, so this is the route being rendered.
  return matchRoutes(routes, location)?.at(-1)?.route
}
