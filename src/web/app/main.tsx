import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from '#web/lib/router.tsx'
import '../styles.css'
import { Providers } from './providers.tsx'
import { AppRoutes } from './router.tsx'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
)
