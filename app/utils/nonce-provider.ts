import { createContext, useContext } from 'react'

// The per-request CSP nonce, provided by entry.server.tsx. The browser hides
// nonce attributes from scripts, so on the client this is an empty string.
export const NonceContext = createContext<string>('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
