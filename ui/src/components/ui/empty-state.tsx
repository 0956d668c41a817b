import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

type EmptyStateProps = { icon: LucideIcon; title: string; children?: ReactNode; role?: 'status' | 'alert' }

/** A friendly message where a list has nothing to show or something could not be found. */
export function EmptyState({ icon: Icon, title, children, role = 'status' }: EmptyStateProps) {
  return (
    <div role={role} className="flex flex-col items-center rounded-lg border border-dashed border-line bg-surface px-6 py-10 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-lg font-semibold text-brand-950">{title}</p>
      {children && <div className="mt-2 max-w-md text-muted">{children}</div>}
    </div>
  )
}
