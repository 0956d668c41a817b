/** The side of a cropped profile picture (spec: square, 220 px, PNG). */
export const PICTURE_SIZE = 220

/** The part of the source image to keep, in the image's own pixels (react-easy-crop's `croppedAreaPixels`). */
export type CropArea = { x: number; y: number; width: number; height: number }

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('The picture could not be read.'))
    image.src = src
  })
}

/** Draws `area` of the image at `src` onto a 220 x 220 canvas and answers it as a PNG data URL. */
export async function cropToPng(src: string, area: CropArea, size = PICTURE_SIZE): Promise<string> {
  const image = await loadImage(src)
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot crop pictures.')
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size)
  return canvas.toDataURL('image/png')
}

/** Image types the file chooser offers; the crop turns any of them into a PNG. */
export const PICTURE_TYPES = 'image/png,image/jpeg,image/webp,image/gif'
