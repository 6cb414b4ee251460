import { brokerActiveRoute } from '../+brokers.server.ts'

// POST /api/admin/brokers/:slug/deactivate (app/routes/api/admin/brokers/+brokers.server.ts).
const route = brokerActiveRoute(false)
export const loader = route.loader
export const action = route.action
