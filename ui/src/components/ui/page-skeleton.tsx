/** Shown while a page's code or the user's session is loading. */
export function PageSkeleton() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-12">
          <div className="h-9 w-2/3 max-w-md animate-pulse rounded-md bg-line" />
        </div>
      </div>
      <div className="container-page space-y-3 py-8 sm:py-12">
        <div className="h-4 w-full max-w-xl animate-pulse rounded-sm bg-line" />
        <div className="h-4 w-5/6 max-w-lg animate-pulse rounded-sm bg-line" />
        <div className="h-4 w-2/3 max-w-md animate-pulse rounded-sm bg-line" />
      </div>
    </div>
  )
}
