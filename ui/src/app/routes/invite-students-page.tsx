import { Link, useSearchParams } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { FormMessage } from '@/components/ui/form-field'
import { ListSkeleton } from '@/components/ui/skeleton'
import { InvitationHistory, InviteForm, useInvitationHistory } from '@/features/invitations'
import { useProviderOfferings } from '@/features/offering-facts'
import { ProfileLayout } from '@/features/profile'
import { useRepresentedProviderId } from '@/features/representation'
import { useUser } from '@/lib/auth/get-userinfo'
import { errorLines } from '@/lib/error-lines'

/**
 * 'Invite students' under the profile (issue 30): an approved representative invites the students
 * of one of their provider's courses and sees what was sent; an admin reads any provider's history
 * with `?provider=ID`. Composes the profile's layout, representation's claim, offering facts' list
 * of offerings and invitations, hence app/routes/.
 */
export default function InviteStudentsPage() {
  const user = useUser()
  const [params] = useSearchParams()
  const represented = useRepresentedProviderId(user?.userType === 'Course Provider')
  const asAdmin = !!user?.isAdmin && !!params.get('provider')
  const providerId = (asAdmin ? params.get('provider') : null) ?? represented
  return (
    <ProfileLayout title={asAdmin ? 'Invitation history' : 'Invite students'}>
      {providerId ? (
        <Invitations providerId={providerId} maySend={!asAdmin} />
      ) : (
        <p className="rounded-md border border-line bg-surface px-4 py-3 text-ink">
          Only an approved representative of a provider can invite its students.{' '}
          <Link to="/profile" className={textLink}>
            Ask to represent your provider on your profile
          </Link>
          .
        </p>
      )}
    </ProfileLayout>
  )
}

function Invitations({ providerId, maySend }: { providerId: string; maySend: boolean }) {
  const history = useInvitationHistory(providerId)
  const offerings = useProviderOfferings(maySend ? providerId : undefined)
  if (history.isError) return <FormMessage tone="error" messages={errorLines(history.error)} />
  if (!history.data || (maySend && !offerings.data)) return <ListSkeleton />
  const invitable = (offerings.data?.offerings ?? []).map((o) => ({
    offeringId: o._id,
    label: `${o.courseCode} ${o.courseName}`,
  }))
  return (
    <div className="space-y-8">
      {maySend && (
        <InviteForm
          providerId={providerId}
          offerings={invitable}
          remaining={history.data.remainingToday}
          dailyLimit={history.data.dailyLimit}
        />
      )}
      <section aria-labelledby="invitation-history" className="space-y-3">
        <h2 id="invitation-history" className="text-lg font-semibold text-brand-950">
          Invitations sent
        </h2>
        <p className="text-muted">{history.data.providerName}</p>
        <InvitationHistory batches={history.data.batches} />
      </section>
    </div>
  )
}
