import type { ReactNode } from 'react'
import { Breadcrumb, type Crumb } from '@/components/ui/breadcrumb'

type CatalogHeroProps = { breadcrumb: Crumb[]; eyebrow?: ReactNode; title: string; children?: ReactNode }

/** The title band of the industry, career and course pages: where you are, what it is, what it is about. */
export function CatalogHero({ breadcrumb, eyebrow, title, children }: CatalogHeroProps) {
  return (
    <div className="border-b border-line bg-surface">
      <div className="container-page py-8 sm:py-12">
        <Breadcrumb items={breadcrumb} />
        {eyebrow && <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className={`${eyebrow ? 'mt-2' : 'mt-6'} text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl`}>
          {title}
        </h1>
        {children && <div className="mt-4 max-w-3xl text-lg text-muted">{children}</div>}
      </div>
    </div>
  )
}
