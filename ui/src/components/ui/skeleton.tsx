import type { ReactNode } from 'react'

/** One grey placeholder block. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`animate-pulse rounded-md bg-line ${className}`} />
}

/** Announces that a region is loading and holds its placeholders. */
export function LoadingRegion({ label = 'Loading…', children }: { label?: string; children: ReactNode }) {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  )
}

/** Placeholders for a grid of cards. */
export function CardGridSkeleton({ count = 6, label }: { count?: number; label?: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="rounded-lg border border-line bg-white p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-4 h-6 w-3/4" />
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-5/6" />
            <Skeleton className="mt-6 h-4 w-28" />
          </div>
        ))}
      </div>
    </LoadingRegion>
  )
}

/** Placeholders for a list of rows. */
export function ListSkeleton({ count = 4, label }: { count?: number; label?: string }) {
  return (
    <LoadingRegion label={label}>
      <ul className="space-y-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="flex flex-col gap-3 rounded-lg border border-line bg-white p-5 sm:flex-row sm:items-center">
            <div className="flex-1">
              <Skeleton className="h-5 w-2/3 max-w-sm" />
              <Skeleton className="mt-3 h-4 w-1/3 max-w-40" />
            </div>
            <Skeleton className="h-10 w-44" />
          </li>
        ))}
      </ul>
    </LoadingRegion>
  )
}

/** Placeholder for a page's title band. */
export function HeroSkeleton() {
  return (
    <LoadingRegion>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-12">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-4 h-9 w-2/3 max-w-md" />
          <Skeleton className="mt-4 h-4 w-full max-w-xl" />
          <Skeleton className="mt-2 h-4 w-5/6 max-w-lg" />
        </div>
      </div>
    </LoadingRegion>
  )
}
