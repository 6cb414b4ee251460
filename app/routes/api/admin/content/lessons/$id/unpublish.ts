import { lessonLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/lessons/:id/unpublish (app/routes/api/admin/content/+content.server.ts).
const route = lessonLifecycleRoute('unpublish')
export const loader = route.loader
export const action = route.action
