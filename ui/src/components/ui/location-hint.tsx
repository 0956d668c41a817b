import { LocateFixed } from 'lucide-react'
import type { Geolocation } from '@/lib/geo'

/** Says why there are no distances yet, or that they are shown. */
export function LocationHint({ status }: { status: Geolocation['status'] }) {
  const text =
    status === 'granted'
      ? 'Distances are from your location.'
      : status === 'pending'
        ? 'Allow location access to see how far each provider is.'
        : 'Share your location with this site to see distances and sort by closest.'
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-muted">
      <LocateFixed aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </p>
  )
}
