import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { ImageUp } from 'lucide-react'
import { useRef, useState, type ChangeEvent } from 'react'
import { AvatarPicker } from '@/components/ui/avatar-picker'
import { linkButton, primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { FormMessage } from '@/components/ui/form-field'
import { ImageCropper } from '@/components/ui/image-cropper'
import type { User } from '@/lib/auth/get-userinfo'
import { mayUploadPicture } from '@/lib/avatar'
import { cropToPng, PICTURE_TYPES, type CropArea } from '@/lib/crop-image'
import { errorLines } from '@/lib/error-lines'
import { useUpdateDetails } from '../api/update-details'
import { detailsFromUser, detailsUpdate } from './details-schema'

type AvatarDialogProps = {
  user: User
  open: boolean
  /** The picture file chosen for cropping (an object URL), if any. */
  chosenUrl: string | null
  onChooseFile: (event: ChangeEvent<HTMLInputElement>) => void
  onForgetFile: () => void
  onClose: () => void
  onSaved: (message: string) => void
}

/**
 * The profile picture overlay: pick a default avatar or, for Students and Employers, crop an
 * uploaded picture to a square. Save stays disabled until there is something new to save.
 * Closing fades out over 500 ms. Loaded lazily with react-easy-crop.
 */
export default function AvatarDialog({ user, open, chosenUrl, onChooseFile, onForgetFile, onClose, onSaved }: AvatarDialogProps) {
  const update = useUpdateDetails()
  const input = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState<number | null>(null)
  const [area, setArea] = useState<CropArea | null>(null)
  const [problem, setProblem] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const uploads = mayUploadPicture(user.userType)

  // What the user sees now: their uploaded picture, or the avatar in use.
  const shownAvatar = picked ?? (user.profileImage ? null : user.avatar)
  const avatarChanged = picked !== null && (picked !== user.avatar || !!user.profileImage)
  const cropReady = chosenUrl !== null && area !== null
  const canSave = (cropReady || avatarChanged) && !busy

  const pickAvatar = (n: number) => {
    setPicked(n)
    onForgetFile()
    setArea(null)
  }

  const save = async () => {
    setProblem([])
    setBusy(true)
    try {
      const picture =
        chosenUrl && area
          ? { profileImage: await cropToPng(chosenUrl, area) }
          : // A default avatar replaces an uploaded picture, which would otherwise hide it.
            { avatar: picked ?? user.avatar, profileImage: '' }
      const answer = await update.mutateAsync(detailsUpdate(user, detailsFromUser(user), picture))
      onSaved(answer.msg)
    } catch (error) {
      setProblem(errorLines(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-brand-950/60 transition-opacity duration-300 ease-out data-closed:opacity-0 data-leave:duration-500"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            data-testid="avatar-dialog"
            className="w-full max-w-xl rounded-lg bg-white p-5 shadow-xl transition duration-300 ease-out data-closed:translate-y-4 data-closed:opacity-0 data-leave:duration-500 data-leave:ease-in sm:p-6"
          >
            <div className="flex items-start justify-between gap-4">
              <DialogTitle className="text-xl font-bold text-brand-950">Profile picture</DialogTitle>
              <button type="button" className={linkButton} onClick={onClose}>
                Close
              </button>
            </div>
            <Description className="mt-1 text-sm text-muted">
              {uploads ? 'Upload your own picture and crop it square, or choose one of our avatars.' : 'Choose one of our avatars.'}
            </Description>

            {uploads && (
              <section aria-labelledby="avatar-upload-title" className="mt-5">
                <h3 id="avatar-upload-title" className="font-medium text-ink">
                  Your own picture
                </h3>
                <div className="mt-3">
                  {chosenUrl ? <ImageCropper key={chosenUrl} imageUrl={chosenUrl} onAreaChange={setArea} /> : null}
                  <button type="button" className={`${secondaryButton} ${chosenUrl ? 'mt-3' : ''}`} onClick={() => input.current?.click()}>
                    <ImageUp aria-hidden="true" className="size-5" />
                    {chosenUrl ? 'Choose another file' : 'Upload a picture'}
                  </button>
                  <input
                    ref={input}
                    type="file"
                    accept={PICTURE_TYPES}
                    hidden
                    aria-label="Choose a picture"
                    data-testid="avatar-file-input"
                    onChange={(event) => {
                      setPicked(null)
                      setArea(null)
                      onChooseFile(event)
                    }}
                  />
                </div>
              </section>
            )}

            <div className="mt-6">
              <AvatarPicker
                name="profile-avatar"
                legend={uploads ? 'Or choose an avatar' : 'Choose an avatar'}
                hint={uploads && user.profileImage ? 'Choosing an avatar replaces your uploaded picture.' : undefined}
                userType={user.userType}
                value={chosenUrl ? null : shownAvatar}
                onChange={pickAvatar}
              />
            </div>

            {problem.length > 0 && (
              <div className="mt-5">
                <FormMessage tone="error" messages={problem} />
              </div>
            )}

            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" className={secondaryButton} onClick={onClose}>
                Cancel
              </button>
              <button type="button" className={primaryButton} disabled={!canSave} onClick={save}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  )
}
