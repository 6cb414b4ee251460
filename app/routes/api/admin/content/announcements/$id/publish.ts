import { announcementLifecycleRoute } from '../../+content.server.ts'

// POST /api/admin/content/announcements/:id/publish (app/routes/api/admin/content/+content.server.ts).
const route = announcementLifecycleRoute('publish')
export const loader = route.loader
export const action = route.action
