import { memberAuth } from '#app/auth/member.server.ts'

// POST ends the member's session on the server; a GET just goes home.
export const loader = memberAuth.routes.signOut.loader
export const action = memberAuth.routes.signOut.action
