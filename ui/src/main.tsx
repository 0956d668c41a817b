import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { preloadPageAt } from '@/app/preload'

// The server wrote the page (its heading, copy, links and first data) into #root: it stays on
// screen until the real page can replace it in one commit. Rendering it as a transition lets
// React yield to the browser while it works, rather than block a phone for one long task.
const root = createRoot(document.getElementById('root')!)
void preloadPageAt(window.location.pathname).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
)
