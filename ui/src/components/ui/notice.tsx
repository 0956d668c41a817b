import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import type { ReactNode, Ref } from 'react'

type NoticeProps = {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
  id?: string
  ref?: Ref<HTMLDivElement>
}

const TONES = {
  error: { Icon: CircleAlert, role: 'alert', className: 'border-danger-700/30 bg-danger-50 text-danger-700' },
  success: { Icon: CircleCheck, role: 'status', className: 'border-success-700/30 bg-success-50 text-success-700' },
  info: { Icon: Info, role: 'status', className: 'border-brand-600/30 bg-brand-50 text-brand-900' },
} as const

/**
 * A message box that may hold links (the login page's 'Send verification link'); errors are an
 * alert, the rest a status. It can take focus, so a form can move the reader to it.
 */
export function Notice({ tone, children, id, ref }: NoticeProps) {
  const { Icon, role, className } = TONES[tone]
  return (
    <div id={id} ref={ref} tabIndex={-1} role={role} className={`flex items-start gap-3 rounded-md border px-4 py-3 ${className}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 font-medium">{children}</div>
    </div>
  )
}
