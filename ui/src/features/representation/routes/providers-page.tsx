import { Building2, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { FormMessage } from '@/components/ui/form-field'
import { ListSkeleton } from '@/components/ui/skeleton'
import { errorLines } from '@/lib/error-lines'
import { formatPostedDate } from '@/lib/posted-date'
import type { ClaimStatus } from '../api/my-claim'
import { type AdminClaim, type ClaimAction, useDecideClaim, useProviderClaims } from '../api/provider-claims'

const FILTERS: { label: string; status: ClaimStatus }[] = [
  { label: 'Pending', status: 'pending' },
  { label: 'Approved', status: 'approved' },
  { label: 'Refused', status: 'refused' },
  { label: 'Revoked', status: 'revoked' },
]

/** /admin/providers: claims to represent a provider, approved or refused here; representatives revoked. */
export default function ProvidersPage() {
  const [status, setStatus] = useState<ClaimStatus>('pending')
  const claims = useProviderClaims(status)
  return (
    <section aria-labelledby="claims-heading">
      <h2 id="claims-heading" className="text-xl font-bold text-brand-950">
        Representatives
      </h2>
      <p className="mt-1 text-muted">
        Course Provider users who confirmed a work email and ask to reply to a provider's reviews. Check each warning before approving.
      </p>
      <div role="group" aria-label="Show claims" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <button
            key={filter.status}
            type="button"
            aria-pressed={status === filter.status}
            className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink hover:bg-brand-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            onClick={() => setStatus(filter.status)}
          >
            {filter.label}
          </button>
        ))}
      </div>
      <div className="mt-5">
        {claims.isPending ? (
          <ListSkeleton count={2} label="Loading claims…" />
        ) : claims.isError ? (
          <EmptyState icon={Building2} title="The claims could not be loaded" role="alert">
            {claims.error.message}
          </EmptyState>
        ) : claims.data.length === 0 ? (
          <EmptyState icon={Building2} title="No claims">
            {status === 'pending' ? 'Nothing waits for a decision.' : 'None in this list.'}
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {claims.data.map((claim) => (
              <li key={claim._id}>
                <ClaimCard claim={claim} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function ClaimCard({ claim }: { claim: AdminClaim }) {
  const decide = useDecideClaim()
  const [problem, setProblem] = useState<string[]>([])
  const act = (action: ClaimAction) => {
    setProblem([])
    decide.mutate({ id: claim._id, action }, { onError: (error) => setProblem(errorLines(error)) })
  }
  const headingId = `claim-${claim._id}`
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-5 shadow-xs">
      <h3 id={headingId} className="text-lg font-semibold break-words text-brand-950">
        {claim.provider.name}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted">Claimed by</dt>
        <dd className="break-words text-ink">
          {claim.user.firstName} {claim.user.lastName} ({claim.user.email})
        </dd>
        <dt className="text-muted">Work email</dt>
        <dd className="break-all text-ink">{claim.workEmail}</dd>
        <dt className="text-muted">Provider website</dt>
        <dd className="break-all text-ink">{claim.provider.websiteUrl || 'none'}</dd>
        <dt className="text-muted">Claimed</dt>
        <dd className="text-ink">{formatPostedDate(claim.createdAt)}</dd>
      </dl>
      {claim.warnings.length > 0 && (
        <div className="mt-4 rounded-md border border-accent-500 bg-accent-100 px-4 py-3 text-ink">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            Check before approving
          </p>
          <ul className="mt-1 list-disc pl-6">
            {claim.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {problem.length > 0 && (
        <div className="mt-4">
          <FormMessage tone="error" messages={problem} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {claim.status === 'pending' && (
          <>
            <button type="button" className={primaryButton} disabled={decide.isPending} onClick={() => act('approve')}>
              Approve
            </button>
            <button type="button" className={secondaryButton} disabled={decide.isPending} onClick={() => act('refuse')}>
              Refuse
            </button>
          </>
        )}
        {claim.status !== 'unverified' && (
          <Link to={`/profile/invitations?provider=${encodeURIComponent(claim.provider._id)}`} className={`${secondaryButton} no-underline`}>
            Invitation history
          </Link>
        )}
        {claim.status === 'approved' && (
          <button type="button" className={secondaryButton} disabled={decide.isPending} onClick={() => act('revoke')}>
            Revoke
          </button>
        )}
      </div>
    </article>
  )
}
