import { createContext } from 'react'

/**
 * The address the server answered 404 for (an unknown product or producer), so the browser's
 * first render shows the same not-found page the server rendered, without asking the API again.
 */
export const NotFoundPathContext = createContext<string | undefined>(undefined)
