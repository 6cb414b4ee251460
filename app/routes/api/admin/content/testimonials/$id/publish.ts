import { testimonialLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/testimonials/:id/publish (app/routes/api/admin/content/+content.server.ts).
const route = testimonialLifecycleRoute('publish')
export const loader = route.loader
export const action = route.action
