import { formatPostedDate } from '@/lib/posted-date'
import type { Batch } from '../api/representative'
import { monthLabel } from '../lib'

/** A provider's sendings: when, by whom, for which course and period, the words attested and the counts. */
export function InvitationHistory({ batches }: { batches: Batch[] }) {
  if (batches.length === 0) return <p className="text-muted">No invitations sent yet.</p>
  return (
    <ul className="space-y-3">
      {batches.map((b) => (
        <li key={b._id} className="rounded-lg border border-line bg-white p-4 shadow-xs">
          <p className="font-semibold text-brand-950">
            {b.courseCode} {b.courseName}
          </p>
          <p className="text-sm text-muted">
            {`Sent ${formatPostedDate(b.createdAt)}`}
            {b.sentBy ? ` by ${b.sentBy}` : ''}
            {` · ${b.sent} ${b.sent === 1 ? 'invitation' : 'invitations'}, ${b.accepted} accepted`}
          </p>
          <p className="mt-1 text-ink">
            Period: {monthLabel(b.periodFrom)} to {monthLabel(b.periodTo)}
          </p>
          <p className="mt-1 text-sm text-ink">
            Attested: <q>{b.attestation}</q>
          </p>
        </li>
      ))}
    </ul>
  )
}
