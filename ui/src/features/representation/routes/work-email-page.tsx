import { Link, useParams } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { FormMessage } from '@/components/ui/form-field'
import { PageFrame } from '@/components/ui/page-frame'
import { PasswordConfirmForm } from '@/components/ui/password-confirm-form'
import { useVerifyWorkEmail } from '../api/verify-work-email'

/**
 * /represent/verify/{token}: the link mailed to a representative's work email, confirmed with
 * the password of the account that made the claim, so a claim made with someone else's work
 * email cannot be confirmed by their click.
 */
export default function WorkEmailPage() {
  const { token = '' } = useParams()
  const verify = useVerifyWorkEmail()
  return (
    <PageFrame title="Confirm work email">
      <div className="max-w-2xl space-y-4">
        {verify.isSuccess ? (
          <FormMessage tone="success" messages={[verify.data.msg]} />
        ) : (
          <>
            <p className="text-muted">
              Enter the password of the CourseSource account that asked to represent the provider. If you did not ask,
              close this page: nothing changes without the password.
            </p>
            <PasswordConfirmForm
              name="Confirm work email"
              id="work-email-password"
              submitLabel="Confirm work email"
              confirm={(password) => verify.mutateAsync({ token, password })}
            />
          </>
        )}
        <p className="text-muted">
          <Link to="/profile" className={textLink}>
            Go to my profile
          </Link>
        </p>
      </div>
    </PageFrame>
  )
}
