import { testimonialLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/testimonials/:id/unpublish (app/routes/api/admin/content/+content.server.ts).
const route = testimonialLifecycleRoute('unpublish')
export const loader = route.loader
export const action = route.action
