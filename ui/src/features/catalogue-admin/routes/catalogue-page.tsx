import { pluralise } from '@/lib/score'
import { PageLoadError } from '@/components/ui/not-found'
import { ListSkeleton } from '@/components/ui/skeleton'
import { type SyncRun, useCatalogueStatus } from '../api/get-catalogue-status'

const WHEN = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' })

function Run({ run }: { run: SyncRun }) {
  const state = run.finishedAt === null ? 'Running or interrupted' : run.error ? 'Stopped' : 'Finished'
  return (
    <li className="rounded-lg border border-line bg-white p-4" data-testid="sync-run">
      <p className="font-semibold text-ink">
        {WHEN.format(new Date(run.startedAt * 1000))} · {run.plan}
        {run.dryRun ? ' · dry run' : ''} · <span className={run.error ? 'text-red-800' : 'text-ink'}>{state}</span>
      </p>
      {run.summary && <pre className="mt-2 text-sm whitespace-pre-wrap text-ink">{run.summary}</pre>}
      {run.error && <p className="mt-2 text-sm font-medium text-red-800">{run.error}</p>}
    </li>
  )
}

/** The 'Catalogue' admin page: the last syncs from the National Training Register (DESIGN 28). */
export default function CataloguePage() {
  const status = useCatalogueStatus()
  if (status.isPending) return <ListSkeleton count={3} label="Loading the syncs…" />
  if (status.isError) return <PageLoadError title="Catalogue" />
  const s = status.data
  return (
    <div className="space-y-6">
      <p className="text-ink">
        On the register now: {pluralise(s.courses, 'course')}, {pluralise(s.providers, 'provider')},{' '}
        {pluralise(s.offerings, 'offering')} ({pluralise(s.retiredOfferings, 'retired offering')} kept for their reviews). Run <code>app catalogue sync</code> on the server to load the register, or set <code>APP_REGISTER_SYNC=daily</code>.
      </p>
      {s.runs.length === 0 ? (
        <p className="text-muted">No sync has run yet.</p>
      ) : (
        <ul className="space-y-3">
          {s.runs.map((run) => (
            <Run key={run.startedAt} run={run} />
          ))}
        </ul>
      )}
    </div>
  )
}
