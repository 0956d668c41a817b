import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { distanceKm, resetGeolocationCache, useGeolocation } from './geo'

const melbourne = { latitude: -37.8136, longitude: 144.9631 }
const at = (latitude: number | null, longitude: number | null) => ({ latitude, longitude })

describe('distanceKm', () => {
  it('is the great-circle distance in whole km', () => {
    expect(distanceKm(melbourne, at(-33.8688, 151.2093))).toBe(713) // Sydney
    expect(distanceKm(melbourne, at(-37.5622, 143.8503))).toBe(102) // Ballarat
    expect(distanceKm(melbourne, at(-12.4634, 130.8456))).toBe(3148) // Darwin
    expect(Number.isInteger(distanceKm(melbourne, at(-42.8821, 147.3272)))).toBe(true)
  })

  it('is 0 to the same place', () => {
    expect(distanceKm(melbourne, at(melbourne.latitude, melbourne.longitude))).toBe(0)
  })

  it('is unknown without both points', () => {
    expect(distanceKm(null, at(-33.8688, 151.2093))).toBeNull()
    expect(distanceKm(melbourne, at(null, 151.2093))).toBeNull()
    expect(distanceKm(melbourne, at(-33.8688, null))).toBeNull()
  })
})

function stubGeolocation(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn(answer)
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } })
  return getCurrentPosition
}

describe('useGeolocation', () => {
  afterEach(() => resetGeolocationCache())

  it('is granted once the browser gives a position', async () => {
    const ask = stubGeolocation((ok) => ok({ coords: { latitude: -37.8, longitude: 144.9 } } as GeolocationPosition))
    const { result } = renderHook(() => useGeolocation())
    await waitFor(() => expect(result.current.status).toBe('granted'))
    expect(result.current.position).toEqual({ latitude: -37.8, longitude: 144.9 })
    expect(ask).toHaveBeenCalledTimes(1)

    // Another page does not ask again.
    const again = renderHook(() => useGeolocation())
    expect(again.result.current.status).toBe('granted')
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('is denied when the visitor says no', async () => {
    stubGeolocation((_ok, fail) =>
      fail?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'no' } as GeolocationPositionError),
    )
    const { result } = renderHook(() => useGeolocation())
    await waitFor(() => expect(result.current.status).toBe('denied'))
    expect(result.current.position).toBeNull()
  })

  it('stays pending while the browser is asking', () => {
    stubGeolocation(() => {})
    const { result } = renderHook(() => useGeolocation())
    expect(result.current).toEqual({ status: 'pending', position: null })
  })
})
