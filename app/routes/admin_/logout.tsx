import { staffAuth } from '#app/auth/staff.server.ts'

// POST ends the staff session on the server; a GET goes back to the panel.
export const loader = staffAuth.routes.signOut.loader
export const action = staffAuth.routes.signOut.action
