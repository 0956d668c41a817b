import { ArrowLeft, Compass } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageFrame } from '@/components/ui/page-frame'
import { useDocumentTitle } from '@/lib/document-title'

type NotFoundProps = { title: string; children: ReactNode }

/**
 * What an unknown industry, career, course or provider slug shows: a kind word and a way back,
 * titled 'Page not found' as the server titles it (not from the unknown slug).
 */
export function PageNotFound({ title, children }: NotFoundProps) {
  useDocumentTitle({ name: 'Page not found' })
  return <Missing title={title}>{children}</Missing>
}

function Missing({ title, children }: NotFoundProps) {
  return (
    <PageFrame title={title}>
      <div role="status" className="flex max-w-xl flex-col items-start gap-4">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Compass aria-hidden="true" className="size-6" />
        </span>
        <p className="text-lg text-muted">{children}</p>
        <Link
          to="/industries"
          className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Browse all industries
        </Link>
      </div>
    </PageFrame>
  )
}

/** When a page's data could not load for another reason (the server is down, say). */
export function PageLoadError({ title }: { title: string }) {
  return (
    <Missing title={title}>We couldn't load this page just now. Please try again in a moment.</Missing>
  )
}
