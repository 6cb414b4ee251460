import { type RouteConfig } from '@react-router/dev/routes'
import { autoRoutes } from 'react-router-auto-routes'

// The folders under app/routes mirror the URLs (decision 042): `_layout.tsx`
// is the only file that nests routes under it, `_name/` folders are pathless,
// a trailing `_` (`admin_/`) keeps a URL out of the layout it sits under, and
// `+` files are modules beside their route that are no route themselves.
export default autoRoutes({
	ignoredRouteFiles: ['**/*.server.*', '**/*.client.*', '**/*.test.*', '**/.*'],
}) satisfies RouteConfig
