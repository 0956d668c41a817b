import { ImageUp, Trash2 } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react'
import { linkButton, secondaryButton } from '@/components/ui/button-styles'
import { PICTURE_TYPES } from '@/lib/crop-image'

const ImageCropDialog = lazy(() => import('@/components/ui/image-crop-dialog'))

type ProfileImageFieldProps = {
  /** The cropped picture as a PNG data URL, or ''. */
  value: string
  onChange: (value: string) => void
  /** The default avatar shown while there is no picture. */
  fallbackUrl: string
}

/** Students' and Employers' own picture: choose a file, crop it square in an overlay, keep the 220 px PNG. */
export function ProfileImageField({ value, onChange, fallbackUrl }: ProfileImageFieldProps) {
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<string | null>(null)

  // The chosen file lives as an object URL only while the crop overlay needs it.
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen])

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) setChosen(URL.createObjectURL(file))
  }

  return (
    <div role="group" aria-labelledby="signup-picture-label" className="flex flex-wrap items-center gap-4">
      <img
        src={value || fallbackUrl}
        alt={value ? 'Your picture' : 'Your chosen avatar'}
        width={220}
        height={220}
        className="size-20 rounded-full border border-line bg-surface object-cover"
      />
      <div className="space-y-2">
        <p id="signup-picture-label" className="font-medium text-ink">
          Profile picture <span className="font-normal text-muted">(optional)</span>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={secondaryButton} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" className="size-5" />
            {value ? 'Change picture' : 'Upload a picture'}
          </button>
          {value && (
            <button type="button" className={`${linkButton} inline-flex items-center gap-1`} onClick={() => onChange('')}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove picture
            </button>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={PICTURE_TYPES}
          hidden
          aria-label="Choose a picture"
          data-testid="signup-picture-input"
          onChange={choose}
        />
      </div>
      {chosen && (
        <Suspense fallback={null}>
          <ImageCropDialog
            imageUrl={chosen}
            onClose={() => setChosen(null)}
            onSave={(dataUrl) => {
              onChange(dataUrl)
              setChosen(null)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
