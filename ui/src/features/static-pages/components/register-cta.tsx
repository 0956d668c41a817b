import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { useUser } from '@/lib/auth/get-userinfo'

// Both links and the placeholder share one box, so nothing moves when the answer arrives.
const box = 'inline-flex min-h-12 min-w-64 items-center justify-center gap-2 rounded-md px-6 py-3'

/**
 * The spec's call to action on the information pages: register when logged out, go and review
 * when logged in. While the session is still unknown it holds the space with a quiet placeholder
 * rather than flash the wrong link.
 */
export function RegisterCta({ dark = false }: { dark?: boolean }) {
  const user = useUser()
  if (user === undefined) {
    return <span aria-hidden="true" data-testid="cta-placeholder" className={`${box} animate-pulse ${dark ? 'bg-white/10' : 'bg-line'}`} />
  }
  const [label, to] = user ? ['Review Course Providers', '/industries'] : ['Click to register now', '/sign-up']
  const tone = dark
    ? 'bg-accent-400 text-brand-950 hover:bg-accent-300'
    : 'bg-brand-700 text-white hover:bg-brand-800'
  return (
    <Link to={to} className={`${box} font-semibold shadow-sm transition-colors ${tone}`}>
      {label}
      <ArrowRight aria-hidden="true" className="size-5" />
    </Link>
  )
}
