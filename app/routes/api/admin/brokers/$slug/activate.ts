import { brokerActiveRoute } from '../+brokers.server.ts'

// POST /api/admin/brokers/:slug/activate (app/routes/api/admin/brokers/+brokers.server.ts).
const route = brokerActiveRoute(true)
export const loader = route.loader
export const action = route.action
