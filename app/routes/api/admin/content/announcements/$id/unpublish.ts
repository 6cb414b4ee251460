import { announcementLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/announcements/:id/unpublish (app/routes/api/admin/content/+content.server.ts).
const route = announcementLifecycleRoute('unpublish')
export const loader = route.loader
export const action = route.action
