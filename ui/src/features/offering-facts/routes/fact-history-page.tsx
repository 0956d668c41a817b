import { History } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { ListSkeleton } from '@/components/ui/skeleton'
import { type HistoryRow, useFactHistory } from '../api/fact-history'
import { FlaggedCoursePages } from '../components/flagged-course-pages'
import { FundingNotesAdmin } from '../components/funding-notes-admin'
import { changes } from '../lib/history'

const WHO: Record<HistoryRow['source'], string> = {
  representative: 'Representative',
  admin: 'Admin',
  import: 'Import',
}

/** '27 Nov 2026, 14:05' in the reader's time zone. */
function when(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/**
 * /admin/course-details: the flagged course pages to check, the funding-note list (extended
 * here), then every change to offering facts and campuses, newest first: who, when, before and
 * after; one provider's only with `?provider=ID`, so the filtered list can be shared.
 */
export default function FactHistoryPage() {
  // useLocation rather than useSearchParams, as the search page does (bundle size).
  const providerId = new URLSearchParams(useLocation().search).get('provider') || undefined
  const history = useFactHistory(providerId)
  return (
    <>
      <FlaggedCoursePages />
      <FundingNotesAdmin />
      <FactHistory history={history} providerId={providerId} />
    </>
  )
}

function FactHistory({ history, providerId }: { history: ReturnType<typeof useFactHistory>; providerId?: string }) {
  const providerName = history.data?.[0]?.providerName
  return (
    <section aria-labelledby="fact-history-heading">
      <h2 id="fact-history-heading" className="text-xl font-bold text-brand-950">
        {providerId ? `Changes to ${providerName ?? 'one provider'}'s course details` : 'Changes to course details'}
      </h2>
      <p className="mt-1 text-muted">
        {providerId ? 'The newest 200 changes of this provider. ' : 'The newest 200 changes to fees, durations, delivery, intakes, funding and campuses, by representatives, admins and imports. '}
        {providerId && (
          <Link to="/admin/course-details" className={textLink}>
            Show every provider's changes
          </Link>
        )}
      </p>
      <div className="mt-5">
        {history.isPending ? (
          <ListSkeleton count={3} label="Loading changes…" />
        ) : history.isError ? (
          <EmptyState icon={History} title="The changes could not be loaded" role="alert">
            {history.error.message}
          </EmptyState>
        ) : history.data.length === 0 ? (
          <EmptyState icon={History} title="No changes yet">
            Course details changed by a representative, an admin or an import appear here.
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {history.data.map((row) => (
              <li key={row._id}>
                <ChangeCard row={row} filtered={providerId !== undefined} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function ChangeCard({ row, filtered }: { row: HistoryRow; filtered: boolean }) {
  const headingId = `change-${row._id}`
  const campus = row.campusId ? row.campusNames[row.campusId] : undefined
  const what =
    row.courseCode ?? `${row.before === null ? 'Campus added' : row.after === null ? 'Campus removed' : 'Campus changed'}${campus ? `: ${campus}` : ''}`
  const list = changes(row.before, row.after, row.campusNames)
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-5 shadow-xs">
      <h3 id={headingId} className="text-lg font-semibold break-words text-brand-950">
        {row.providerName} · {what}
      </h3>
      <p className="mt-1 text-sm break-words text-muted">
        {WHO[row.source]}
        {row.userEmail ? ` ${row.userEmail}` : ''}, {when(row.changedAt)}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <Link to={`/profile/courses?provider=${encodeURIComponent(row.providerId)}`} className={textLink}>
          Edit {row.providerName}'s course details
        </Link>
        {!filtered && (
          <Link to={`/admin/course-details?provider=${encodeURIComponent(row.providerId)}`} className={textLink}>
            Only {row.providerName}'s changes
          </Link>
        )}
      </p>
      {list.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Confirmed unchanged.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">What changed</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Detail
                </th>
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Before
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.field} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1.5 pr-4 align-top font-medium text-ink">
                    {c.label}
                  </th>
                  <td className="py-1.5 pr-4 align-top break-all text-muted">{c.before}</td>
                  <td className="py-1.5 align-top break-all text-ink">{c.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  )
}
