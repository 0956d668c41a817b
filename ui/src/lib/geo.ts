import { useEffect, useState } from 'react'

export type LatLng = { latitude: number; longitude: number }

/** Mean Earth radius in km, as the haversine formula usually takes it. */
const EARTH_RADIUS_KM = 6371

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * The great-circle distance between two points in whole km (haversine), or null when either
 * point is unknown. Distance is computed in the browser (DESIGN decision 14).
 */
export function distanceKm(
  from: LatLng | null | undefined,
  to: { latitude: number | null | undefined; longitude: number | null | undefined } | null | undefined,
): number | null {
  if (!from || !to || to.latitude == null || to.longitude == null) return null
  const dLat = toRadians(to.latitude - from.latitude)
  const dLng = toRadians(to.longitude - from.longitude)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLng / 2) ** 2
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a))))
}

export type Geolocation =
  | { status: 'pending'; position: null }
  | { status: 'granted'; position: LatLng }
  | { status: 'denied' | 'unavailable'; position: null }

// The last position this visit, so moving between pages neither asks again nor flickers.
let lastPosition: LatLng | null = null

/** Forgets the remembered position (tests). */
export function resetGeolocationCache() {
  lastPosition = null
}

function initialState(): Geolocation {
  if (lastPosition) return { status: 'granted', position: lastPosition }
  if (typeof navigator === 'undefined' || !navigator.geolocation) return { status: 'unavailable', position: null }
  return { status: 'pending', position: null }
}

/**
 * Asks the browser where the visitor is (the browser prompts the first time). 'granted' only
 * once a position has arrived; a refusal or a failure leaves the page working without distances.
 */
export function useGeolocation(): Geolocation {
  const [state, setState] = useState<Geolocation>(initialState)

  useEffect(() => {
    if (state.status !== 'pending') return
    let active = true
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        lastPosition = { latitude: coords.latitude, longitude: coords.longitude }
        if (active) setState({ status: 'granted', position: lastPosition })
      },
      (error) => {
        if (active) setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable', position: null })
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    )
    return () => {
      active = false
    }
  }, [state.status])

  return state
}
