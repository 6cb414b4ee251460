import { offerLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/offers/:id/unpublish (app/routes/api/admin/content/+content.server.ts).
const route = offerLifecycleRoute('unpublish')
export const loader = route.loader
export const action = route.action
