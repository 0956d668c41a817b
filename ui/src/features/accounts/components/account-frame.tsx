import type { ReactNode } from 'react'

type AccountFrameProps = { title: string; intro?: ReactNode; wide?: boolean; children: ReactNode }

/** The account pages' frame: the page's one h1 over a card, centred on a quiet background. */
export function AccountFrame({ title, intro, wide = false, children }: AccountFrameProps) {
  return (
    <div className="bg-surface">
      <div className={`container-page py-8 sm:py-14 ${wide ? 'max-w-4xl' : 'max-w-xl'}`}>
        <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
        {intro && <div className="mt-3 text-lg text-muted">{intro}</div>}
        <div className="mt-6 rounded-lg border border-line bg-white p-5 shadow-sm sm:mt-8 sm:p-8">{children}</div>
      </div>
    </div>
  )
}
