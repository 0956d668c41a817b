import type { ReactNode } from 'react'

type PageFrameProps = { title: string; intro?: ReactNode; children?: ReactNode }

/** The standard page: a title band with the page's one h1, then the content. */
export function PageFrame({ title, intro, children }: PageFrameProps) {
  return (
    <>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-12">
          <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
          {intro && <div className="mt-3 max-w-2xl text-lg text-muted">{intro}</div>}
        </div>
      </div>
      <div className="container-page py-8 sm:py-12">{children}</div>
    </>
  )
}
