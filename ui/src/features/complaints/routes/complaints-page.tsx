import { useState } from 'react'
import { useAdminComplaints } from '../api/admin-complaints'
import { ComplaintCard } from '../components/complaint-card'

/** Admin 'Complaints': the open legal complaints with their clocks, or the latest closed ones. */
export default function ComplaintsPage() {
  const [status, setStatus] = useState<'open' | 'closed'>('open')
  const list = useAdminComplaints(status)
  return (
    <div className="space-y-6">
      <p className="max-w-prose text-muted">
        Legal (defamation) complaints must see reasonable steps within 7 days of receipt. Every step is recorded with its
        time and mailed to the complainant; the complainant never sees who wrote the review.
      </p>
      <div role="group" aria-label="Show" className="flex gap-2">
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {value === 'open' ? 'Open' : 'Closed'}
          </button>
        ))}
      </div>
      {list.isPending && <p role="status">Loading complaints…</p>}
      {list.isError && (
        <div role="alert" className="rounded-md border border-danger-700/40 bg-danger-50 p-4">
          <p>The complaints could not be loaded.</p>
          <button type="button" onClick={() => void list.refetch()} className="mt-2 font-semibold text-brand-700 underline">
            Try again
          </button>
        </div>
      )}
      {list.data?.length === 0 && <p className="text-muted">{status === 'open' ? 'No open complaints.' : 'No closed complaints yet.'}</p>}
      {list.data?.map((complaint) => <ComplaintCard key={complaint._id} complaint={complaint} />)}
    </div>
  )
}
