import { lessonLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/lessons/:id/publish (app/routes/api/admin/content/+content.server.ts).
const route = lessonLifecycleRoute('publish')
export const loader = route.loader
export const action = route.action
