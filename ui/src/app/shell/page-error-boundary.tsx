import { Component, type ReactNode } from 'react'
import { PageFrame } from '@/components/ui/page-frame'
import { reloadPage } from '@/lib/browser'

type Props = { children: ReactNode; resetKey: string }

/**
 * Keeps the shell standing when a page fails, most often a page chunk gone after a deploy.
 * Navigating elsewhere (a new resetKey) clears the error.
 */
type State = { failed: boolean; resetKey: string }

export class PageErrorBoundary extends Component<Props, State> {
  state = { failed: false, resetKey: this.props.resetKey }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey }
  }

  componentDidCatch(error: unknown) {
    console.error(error)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <PageFrame title="Something went wrong">
        <p className="text-lg text-muted">This page could not be shown. Reloading usually fixes it.</p>
        <button
          type="button"
          onClick={reloadPage}
          className="mt-6 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Reload page
        </button>
      </PageFrame>
    )
  }
}
