import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useState } from 'react'
import { cropToPng, type CropArea } from '@/lib/crop-image'
import { primaryButton, secondaryButton } from './button-styles'
import { ImageCropper } from './image-cropper'

type ImageCropDialogProps = {
  /** The chosen picture (an object URL); the dialog is open while there is one. */
  imageUrl: string | null
  /** The cropped 220 x 220 PNG as a data URL. */
  onSave: (dataUrl: string) => void
  onClose: () => void
}

/** The overlay that crops a chosen picture to a square. Loaded lazily with react-easy-crop. */
export default function ImageCropDialog({ imageUrl, onSave, onClose }: ImageCropDialogProps) {
  const [area, setArea] = useState<CropArea | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    if (!imageUrl || !area) return
    setSaving(true)
    try {
      onSave(await cropToPng(imageUrl, area))
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : 'The picture could not be cropped.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={imageUrl !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:p-6"
          >
            <DialogTitle className="text-xl font-bold text-brand-950">Crop your picture</DialogTitle>
            <Description className="mt-1 text-sm text-muted">Your picture is shown as a square.</Description>
            <div className="mt-4">{imageUrl && <ImageCropper imageUrl={imageUrl} onAreaChange={setArea} />}</div>
            {error && (
              <p role="alert" className="mt-3 text-sm font-medium text-danger-700">
                {error}
              </p>
            )}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" className={secondaryButton} onClick={onClose}>
                Cancel
              </button>
              <button type="button" className={primaryButton} disabled={!area || saving} onClick={save}>
                {saving ? 'Saving…' : 'Use this picture'}
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  )
}
