type CountBadgeProps = {
  count: number
  /** The compact size, for the corner of a menu button. */
  small?: boolean
  className?: string
}

/**
 * A small count beside a menu entry (reviews waiting, unread notifications). Hidden from screen
 * readers: the entry's own label says the count in words, the same in every browser.
 */
export function CountBadge({ count, small = false, className = '' }: CountBadgeProps) {
  const size = small ? 'min-w-5 px-1.5 text-[0.6875rem] leading-5' : 'min-w-6 px-2 py-0.5 text-xs'
  const colour = count > 0 ? 'bg-accent-400' : 'bg-line'
  return (
    <span
      aria-hidden="true"
      className={`inline-flex items-center justify-center rounded-full font-bold text-ink ${size} ${colour} ${className}`}
    >
      {count}
    </span>
  )
}
