import { useId, useState } from 'react'
import Cropper from 'react-easy-crop'
import type { CropArea } from '@/lib/crop-image'

type ImageCropperProps = {
  /** The chosen picture (an object URL). */
  imageUrl: string
  /** The square to keep, in the picture's pixels, each time it settles. */
  onAreaChange: (area: CropArea) => void
}

/**
 * A square crop of a picture (react-easy-crop, aspect 1:1). Drag or use the arrow keys on the
 * crop area to move the picture (Shift for finer steps), and the slider or the mouse wheel to zoom.
 */
export function ImageCropper({ imageUrl, onAreaChange }: ImageCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const id = useId()
  const helpId = `${id}-help`
  const zoomId = `${id}-zoom`
  return (
    <div>
      <div className="relative h-64 overflow-hidden rounded-md bg-brand-950 sm:h-72">
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="rect"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onAreaChange(pixels)}
          cropperProps={{ role: 'group', 'aria-label': 'Crop area', 'aria-describedby': helpId }}
        />
      </div>
      <p id={helpId} className="mt-2 text-sm text-muted">
        Drag the picture, or focus the crop area and use the arrow keys, to choose the square to keep.
      </p>
      <div className="mt-3 flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium text-ink">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="h-2 flex-1 accent-brand-700"
        />
      </div>
    </div>
  )
}
