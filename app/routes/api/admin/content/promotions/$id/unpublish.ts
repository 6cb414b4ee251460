import { promotionLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/promotions/:id/unpublish (app/routes/api/admin/content/+content.server.ts).
const route = promotionLifecycleRoute('unpublish')
export const loader = route.loader
export const action = route.action
