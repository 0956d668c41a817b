import { Briefcase, ChevronRight, GraduationCap, Users, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { AccountFrame } from '../components/account-frame'
import { SignUpForm } from '../components/sign-up-form'
import { SIGN_UP_KINDS, type SignUpKind } from '../components/sign-up-schema'

const ICONS: Record<SignUpKind, LucideIcon> = { Employer: Briefcase, Student: GraduationCap, Other: Users }

const FORM_TITLES: Record<SignUpKind, string> = {
  Employer: 'Sign up as an Employer',
  Student: 'Sign up as a Student or Graduate',
  Other: 'Sign up as a Parent, Career Advisor, Course Provider or Other',
}

/** /sign-up: step 'landing' chooses the kind of user, step 'form' signs them up; Cancel goes back. */
export default function SignUpPage() {
  const [kind, setKind] = useState<SignUpKind | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)

  // Each step change moves focus to the step's heading, so keyboard and screen reader users follow.
  useEffect(() => {
    if (moved.current) heading.current?.focus()
    moved.current = true
  }, [kind])

  return (
    <AccountFrame title="Sign Up" wide intro="Do the course, rate the source. Joining is free.">
      {kind === null ? (
        <div>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-brand-950 focus:outline-none">
            Who are you signing up as?
          </h2>
          <ul className="mt-5 grid gap-4 md:grid-cols-3">
            {SIGN_UP_KINDS.map(({ kind: choice, label, description }) => {
              const Icon = ICONS[choice]
              return (
                <li key={choice}>
                  <button
                    type="button"
                    onClick={() => setKind(choice)}
                    className="group flex h-full w-full flex-col items-start rounded-lg border border-line bg-white p-5 text-left shadow-xs transition-colors hover:border-brand-600 hover:bg-brand-50"
                  >
                    <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 group-hover:bg-white">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <span className="mt-4 flex items-center gap-1 text-lg font-semibold text-brand-950">
                      {label}
                      <ChevronRight aria-hidden="true" className="size-5 text-brand-700" />
                    </span>
                    <span className="mt-1 text-sm text-muted">{description}</span>
                  </button>
                </li>
              )
            })}
          </ul>
          <p className="mt-8 border-t border-line pt-5 text-muted">
            Already have an account?{' '}
            <Link to="/login" className={textLink}>
              Login
            </Link>
          </p>
        </div>
      ) : (
        <div>
          <h2 id="signup-form-title" ref={heading} tabIndex={-1} className="mb-6 text-2xl font-bold text-brand-950 focus:outline-none">
            {FORM_TITLES[kind]}
          </h2>
          <SignUpForm key={kind} kind={kind} onCancel={() => setKind(null)} />
        </div>
      )}
    </AccountFrame>
  )
}
