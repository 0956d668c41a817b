import { Check } from 'lucide-react'
import { AVATAR_CHOICES, defaultAvatarUrl } from '@/lib/avatar'

type AvatarPickerProps = {
  /** Names the radio group (and the inputs' ids). */
  name: string
  legend: string
  userType: string
  /** The chosen avatar, or null when none is chosen (an uploaded picture is in use). */
  value: number | null
  onChange: (avatar: number) => void
  hint?: string
}

/** The default avatars of a user type as a radio group of pictures: arrow keys move, Space picks. */
export function AvatarPicker({ name, legend, userType, value, onChange, hint }: AvatarPickerProps) {
  const hintId = `${name}-hint`
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="font-medium text-ink">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="mt-3 grid max-w-lg grid-cols-3 gap-3 sm:grid-cols-6">
        {AVATAR_CHOICES.map((n) => (
          <label
            key={n}
            className="group relative block cursor-pointer rounded-full ring-offset-2 has-checked:ring-3 has-checked:ring-brand-700 has-focus-visible:outline-3 has-focus-visible:outline-offset-4 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <img
              src={defaultAvatarUrl(userType, n)}
              alt={`Avatar ${n + 1}`}
              width={96}
              height={96}
              className="aspect-square w-full rounded-full bg-surface"
            />
            <span className="absolute -right-0.5 -bottom-0.5 hidden size-6 items-center justify-center rounded-full bg-brand-700 text-white group-has-checked:inline-flex">
              <Check aria-hidden="true" className="size-4" />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
