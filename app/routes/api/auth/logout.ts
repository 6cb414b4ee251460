import { memberAuth } from '#app/auth/member.server.ts'

// POST /api/auth/logout: ends this token's session on the server.
export const loader = memberAuth.routes.apiSignOut.loader
export const action = memberAuth.routes.apiSignOut.action
