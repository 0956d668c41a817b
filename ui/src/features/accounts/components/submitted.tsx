import { MailCheck } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { primaryButton } from '@/components/ui/button-styles'

/**
 * The 'Submitted' confirmation that replaces an email form (a mail may be on its way), with
 * the way on to login. It takes focus so it is read out.
 */
export function Submitted({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <div ref={ref} tabIndex={-1} role="status" className="text-center focus:outline-none">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-success-50 text-success-700">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-brand-950">Submitted</h2>
      <div className="mx-auto mt-2 max-w-md text-muted">{children}</div>
      <p className="mt-6">
        <Link to="/login" className={primaryButton}>
          Login
        </Link>
      </p>
    </div>
  )
}
