import type { Extensions } from '@tiptap/core'
import { Link } from '@tiptap/extension-link'
import { Underline } from '@tiptap/extension-underline'
import { StarterKit } from '@tiptap/starter-kit'
import { TextCase } from '@/components/ui/rich-text-editor/text-case'
import { isSafeLinkHref } from '@/lib/url-rules'

/**
 * What career copy may hold: the tags the server keeps (docs/admin-api.md), nothing the
 * toolbar cannot make. Links open in a new tab and take only http, https and mailto.
 */
export const CAREER_EXTENSIONS: Extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    dropcursor: false,
    gapcursor: false,
    // A trailing empty paragraph would make an untouched copy look changed.
    trailingNode: false,
    link: false,
    underline: false,
  }),
  Underline,
  Link.configure({
    openOnClick: false,
    autolink: false,
    isAllowedUri: (url) => isSafeLinkHref(url),
    HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
  }),
  TextCase,
]
