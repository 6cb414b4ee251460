import { promotionLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/promotions/:id/publish (app/routes/api/admin/content/+content.server.ts).
const route = promotionLifecycleRoute('publish')
export const loader = route.loader
export const action = route.action
