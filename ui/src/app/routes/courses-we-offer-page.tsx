import { Link, useSearchParams } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { CoursesWeOffer } from '@/features/offering-facts'
import { ProfileLayout } from '@/features/profile'
import { useRepresentedProviderId } from '@/features/representation'
import { useUser } from '@/lib/auth/get-userinfo'

/**
 * 'Courses we offer' under the profile: an approved representative keeps the facts of their
 * provider's offerings and its campuses; an admin opens any provider's with `?provider=ID`.
 * Composes the profile's layout, representation's claim and offering facts, hence app/routes/.
 */
export default function CoursesWeOfferPage() {
  const user = useUser()
  const [params] = useSearchParams()
  const represented = useRepresentedProviderId(user?.userType === 'Course Provider')
  const providerId = (user?.isAdmin ? params.get('provider') : null) ?? represented
  return (
    <ProfileLayout title="Courses we offer">
      {providerId ? (
        <CoursesWeOffer providerId={providerId} confirmStale={params.get('confirm') === 'stale'} />
      ) : (
        <p className="rounded-md border border-line bg-surface px-4 py-3 text-ink">
          Only an approved representative of a provider can keep its course details.{' '}
          <Link to="/profile" className={textLink}>
            Ask to represent your provider on your profile
          </Link>
          .
        </p>
      )}
    </ProfileLayout>
  )
}
