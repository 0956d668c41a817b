import { Flag } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { secondaryButton, textLink } from '@/components/ui/button-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { FormMessage } from '@/components/ui/form-field'
import { ListSkeleton } from '@/components/ui/skeleton'
import { errorLines } from '@/lib/error-lines'
import { type FlaggedCoursePage, useClearCoursePageFlag, useFlaggedCoursePages } from '../api/flagged-course-pages'

const WHO = { representative: 'the representative', admin: 'an admin', import: 'an import' } as const

/** An address the page may link to: the server only keeps http(s) ones, checked again here. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url)

/**
 * The course web pages not on their provider's website domain, for an admin to open and then
 * clear (the provider's own page elsewhere) or correct from the provider's course details.
 */
export function FlaggedCoursePages() {
  const id = useId()
  const flagged = useFlaggedCoursePages()
  const clear = useClearCoursePageFlag()
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const onClear = (page: FlaggedCoursePage) => {
    setMessage(null)
    clear.mutate(page._id, {
      onSuccess: () => setMessage({ tone: 'success', text: `Flag cleared: ${page.courseCode} at ${page.providerName}` }),
      onError: (e) => setMessage({ tone: 'error', text: errorLines(e).join(' ') }),
    })
  }
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-950">
        Course pages to check
      </h2>
      <p className="mt-1 text-muted">
        A course web page that is not on the provider's website domain is flagged here. Open it: clear the flag when it is the provider's own page, or correct the provider's course details.
      </p>
      <div className="mt-4 space-y-4">
        {message && <FormMessage tone={message.tone} messages={[message.text]} />}
        {flagged.isPending ? (
          <ListSkeleton count={2} label="Loading flagged course pages…" />
        ) : flagged.isError ? (
          <EmptyState icon={Flag} title="The flagged course pages could not be loaded" role="alert">
            {flagged.error.message}
          </EmptyState>
        ) : flagged.data.length === 0 ? (
          <EmptyState icon={Flag} title="No course pages to check">
            A course web page saved or imported off the provider's website domain appears here.
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {flagged.data.map((page) => (
              <li key={page._id}>
                <FlaggedCard page={page} clearing={clear.isPending && clear.variables === page._id} onClear={() => onClear(page)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function FlaggedCard({ page, clearing, onClear }: { page: FlaggedCoursePage; clearing: boolean; onClear: () => void }) {
  const headingId = `flagged-${page._id}`
  const changed = page.changedAt ? new Date(page.changedAt) : null
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-5 shadow-xs">
      <h3 id={headingId} className="text-lg font-semibold break-words text-brand-950">
        {page.providerName} · {page.courseCode} {page.courseName}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-ink">Course web page</dt>
        <dd className="break-all text-muted">
          {isWebAddress(page.courseUrl) ? (
            <a href={page.courseUrl} target="_blank" rel="noopener noreferrer nofollow" className={textLink}>
              {page.courseUrl}
            </a>
          ) : (
            page.courseUrl
          )}
        </dd>
        <dt className="font-medium text-ink">Provider's website</dt>
        <dd className="break-all text-muted">{page.providerWebsite || '—'}</dd>
        {page.source && (
          <>
            <dt className="font-medium text-ink">Saved by</dt>
            <dd className="text-muted">
              {WHO[page.source]}
              {changed && !Number.isNaN(changed.getTime()) ? `, ${changed.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric' })}` : ''}
            </dd>
          </>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
        <button type="button" className={secondaryButton} onClick={onClear} disabled={clearing} aria-describedby={headingId}>
          {clearing ? 'Clearing…' : 'Clear the flag'}
        </button>
        <Link to={`/profile/courses?provider=${encodeURIComponent(page.providerId)}`} className={`${textLink} text-sm`}>
          Edit {page.providerName}'s course details
        </Link>
        <Link to={`/admin/course-details?provider=${encodeURIComponent(page.providerId)}`} className={`${textLink} text-sm`}>
          {page.providerName}'s changes
        </Link>
      </div>
    </article>
  )
}
