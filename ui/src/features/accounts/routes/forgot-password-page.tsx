import { useState } from 'react'
import { Link } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { useForgotPassword } from '../api/forgot-password'
import { AccountFrame } from '../components/account-frame'
import { EmailRequestForm } from '../components/email-request-form'
import { Submitted } from '../components/submitted'

/** /forgot-password: flips to 'Submitted' at once on a valid submit; the answer is not awaited. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword()
  const [submitted, setSubmitted] = useState(false)
  return (
    <AccountFrame title="Forgot Password" intro={submitted ? undefined : "Enter the email you signed up with and we'll send you a link to choose a new password."}>
      {submitted ? (
        <Submitted>
          <p>
            If an account uses that email, a link to reset your password is on its way. Check your inbox (and the spam
            folder); the link works for one hour.
          </p>
        </Submitted>
      ) : (
        <>
          <EmailRequestForm
            id="forgot-email"
            label="Forgot password"
            submitLabel="Send reset link"
            onSubmit={(email) => {
              setSubmitted(true)
              forgot.mutate(email)
            }}
          />
          <p className="mt-6 border-t border-line pt-5 text-sm text-muted">
            Remembered it?{' '}
            <Link to="/login" className={textLink}>
              Login
            </Link>
          </p>
        </>
      )}
    </AccountFrame>
  )
}
