/** Class names shared by the header's pieces; `stage` is the dark header of stage routes. */
export function topLinkClass(stage: boolean) {
  const base =
    'inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors'
  return stage
    ? `${base} text-brand-100 hover:bg-white/10 hover:text-white aria-[current=page]:bg-white/10 aria-[current=page]:text-white data-active:bg-white/10 data-active:text-white`
    : `${base} text-ink hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 data-active:bg-brand-50 data-active:text-brand-700`
}

export function ctaClass(stage: boolean) {
  const base =
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold whitespace-nowrap shadow-sm transition-colors'
  return stage
    ? `${base} bg-accent-400 text-brand-950 hover:bg-accent-300`
    : `${base} bg-brand-700 text-white hover:bg-brand-800`
}

export function outlineButtonClass(stage: boolean) {
  const base =
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors'
  return stage
    ? `${base} border border-brand-300 text-white hover:bg-white/10`
    : `${base} border border-brand-600 text-brand-700 hover:bg-brand-50`
}

export const menuItemsClass =
  'z-50 w-56 origin-top rounded-lg border border-line bg-white p-1.5 text-ink shadow-lg transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0'

export const menuItemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm data-focus:bg-brand-50 data-focus:text-brand-700'
