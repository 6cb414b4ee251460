import { staffAuth } from '#app/auth/staff.server.ts'

// POST /api/admin/logout: ends this token's session on the server.
export const loader = staffAuth.routes.apiSignOut.loader
export const action = staffAuth.routes.apiSignOut.action
