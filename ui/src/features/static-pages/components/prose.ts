/**
 * Long-form text without a typography plugin: headings, paragraphs, lists and links inside
 * get the site's type scale and spacing.
 */
export const proseClass = [
  'max-w-3xl text-base leading-7 text-ink [&>:first-child]:mt-0',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-brand-950 [&_h2:first-child]:mt-0',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-brand-950',
  '[&_p]:mt-4 [&_h2+p]:mt-3 [&_h3+p]:mt-2',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-brand-600',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800',
  '[&_strong]:font-semibold [&_strong]:text-brand-950',
].join(' ')
