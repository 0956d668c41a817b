import { Camera } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react'
import { Notice } from '@/components/ui/notice'
import { UserPicture } from '@/components/ui/user-picture'
import type { User } from '@/lib/auth/get-userinfo'
import { mayUploadPicture } from '@/lib/avatar'
import { PICTURE_TYPES } from '@/lib/crop-image'

const AvatarDialog = lazy(() => import('./avatar-dialog'))

/**
 * The user's picture; pressing it opens the avatar overlay. With no uploaded picture yet, a
 * Student or Employer gets the file chooser at once (spec: Profile forms).
 */
export function ProfilePicture({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  // Each opening mounts a fresh overlay, which stays mounted while it fades out.
  const [openings, setOpenings] = useState(0)
  const [chosenUrl, setChosenUrl] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => () => void (chosenUrl && URL.revokeObjectURL(chosenUrl)), [chosenUrl])

  const openOverlay = () => {
    setSaved(null)
    setOpenings((n) => n + 1)
    setOpen(true)
    if (mayUploadPicture(user.userType) && !user.profileImage && !chosenUrl) input.current?.click()
  }

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) setChosenUrl(URL.createObjectURL(file))
  }

  const close = () => {
    setOpen(false)
    // Forget the chosen file once the 500 ms close animation is over.
    window.setTimeout(() => setChosenUrl(null), 500)
  }

  return (
    <div className="flex flex-wrap items-center gap-5">
      <button
        type="button"
        onClick={openOverlay}
        aria-haspopup="dialog"
        className="group relative shrink-0 rounded-full"
        aria-label="Change profile picture"
      >
        <UserPicture user={user} className="size-24 sm:size-28" />
        <span className="absolute right-0 bottom-0 inline-flex size-9 items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white group-hover:bg-brand-800">
          <Camera aria-hidden="true" className="size-4" />
        </span>
      </button>
      <div>
        <p className="text-xl font-semibold text-brand-950">
          {user.firstName} {user.lastName}
        </p>
        <p className="text-muted">{user.userType === 'Student' ? 'Student or Graduate' : user.userType}</p>
      </div>
      <input ref={input} type="file" accept={PICTURE_TYPES} hidden tabIndex={-1} aria-hidden="true" onChange={chooseFile} />
      {saved && (
        <div className="w-full">
          <Notice tone="success">{saved}</Notice>
        </div>
      )}
      {openings > 0 && (
        <Suspense fallback={null}>
          <AvatarDialog
            key={openings}
            user={user}
            open={open}
            chosenUrl={chosenUrl}
            onChooseFile={chooseFile}
            onForgetFile={() => setChosenUrl(null)}
            onClose={close}
            onSaved={(message) => {
              close()
              setSaved(message)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
