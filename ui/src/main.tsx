import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { preloadPageAt } from '@/app/preload'

// The text font comes with the app, after the server-written page's first paint (public/boot.js);
// until it arrives text is set in 'Inter Fallback' (styles.css), which takes the same room.
void import('@fontsource-variable/inter')

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
