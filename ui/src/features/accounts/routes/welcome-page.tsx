import { ArrowRight, PartyPopper } from 'lucide-react'
import { Link } from 'react-router'
import { primaryButton, textLink } from '@/components/ui/button-styles'
import { AccountFrame } from '../components/account-frame'

/** /welcome: after sign-up. The account works once the link in the verification email is followed. */
export default function WelcomePage() {
  return (
    <AccountFrame title="Welcome">
      <div className="text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-100 text-accent-700">
          <PartyPopper aria-hidden="true" className="size-7" />
        </span>
        <h2 className="mt-4 text-2xl font-bold text-brand-950">Congratulations, you have signed up!</h2>
        <p className="mx-auto mt-3 max-w-md text-muted">
          A verification email will arrive in your inbox shortly. Follow the link inside within 24 hours to activate your
          account, then log in.
        </p>
        <p className="mx-auto mt-3 max-w-md text-muted">
          No email after a few minutes? Check your spam folder, or{' '}
          <Link to="/contact" className={textLink}>
            Contact Us
          </Link>
          .
        </p>
        <p className="mt-8">
          <Link to="/" className={primaryButton}>
            Continue
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </p>
      </div>
    </AccountFrame>
  )
}
