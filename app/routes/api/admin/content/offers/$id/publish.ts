import { offerLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/offers/:id/publish (app/routes/api/admin/content/+content.server.ts).
const route = offerLifecycleRoute('publish')
export const loader = route.loader
export const action = route.action
