import { BRAND, TAGLINE } from '@/config/site'

const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z'

export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path transform="translate(4 4)" d={STAR} className="fill-accent-400" />
    </svg>
  )
}

// 'CourseSource' is drawn in two colours.
const [first, second = ''] = BRAND.split(/(?=[A-Z])/)

/** The brand name with its mark and tagline; `dark` for dark backgrounds. */
export function Logo({ dark = false }: { dark?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className={`text-xl font-bold tracking-tight ${dark ? 'text-white' : 'text-brand-950'}`}>
          {first}
          <span className={dark ? 'text-accent-400' : 'text-brand-600'}>{second}</span>
        </span>
        <span className={`mt-1 text-xs ${dark ? 'text-brand-200' : 'text-muted'}`}>{TAGLINE}</span>
      </span>
    </span>
  )
}
