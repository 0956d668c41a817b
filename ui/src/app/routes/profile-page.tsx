import { useState } from 'react'
import { FormCard } from '@/components/ui/form-card'
import { PageSkeleton } from '@/components/ui/page-skeleton'
import { DetailsForm, EmailForm, FollowsSection, PasswordForm, PrivacySection, ProfileLayout, ProfilePicture } from '@/features/profile'
import { AskedComplaints } from '@/features/complaints'
import { RepresentSection } from '@/features/representation'
import { useUser } from '@/lib/auth/get-userinfo'

/**
 * /profile: Basic Information with the picture and the details, email and password forms, and
 * for a Course Provider account the claim to represent a provider (representation), hence app/routes/.
 */
export default function ProfilePage() {
  const user = useUser()
  // Cancel in any form resets all of them (spec: Profile forms): each form starts afresh.
  const [round, setRound] = useState(0)
  const cancelAll = () => setRound((n) => n + 1)
  if (!user) return <PageSkeleton />
  const forms = { user, onCancel: cancelAll }
  return (
    <ProfileLayout title="My Profile">
      <h2 className="text-2xl font-bold text-brand-950">Basic Information</h2>
      <div className="mt-6 space-y-6">
        <ProfilePicture user={user} />
        <FormCard id="profile-details-title" title="Your details">
          <DetailsForm key={round} {...forms} />
        </FormCard>
        <FormCard id="profile-email-title" title="Email address" description="The address you log in with.">
          <EmailForm key={round} {...forms} />
        </FormCard>
        <FormCard id="profile-password-title" title="Change password" description="Leave it empty to keep your current password.">
          <PasswordForm key={round} {...forms} />
        </FormCard>
        {user.userType === 'Course Provider' && <RepresentSection />}
        <AskedComplaints />
        <FollowsSection userId={user._id} />
        <PrivacySection />
      </div>
    </ProfileLayout>
  )
}
