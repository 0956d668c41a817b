import type { LucideIcon } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'

/** The 'Submitted' confirmation that replaces an email form; it takes focus so it is read out. */
export function Submitted({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <div ref={ref} tabIndex={-1} role="status" className="text-center focus:outline-none">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-success-50 text-success-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-brand-950">Submitted</h2>
      <div className="mx-auto mt-2 max-w-md text-muted">{children}</div>
    </div>
  )
}
