import { currentWebSessionId, requireUnlockedMember } from '#app/auth/member.server.ts'
import { dataExportFileName, exportMemberData } from '#app/features/account/account-settings.server.ts'
import { log } from '#app/utils/log.server.ts'
import type { Route } from './+types/data[.json]'

// GET /dashboard/settings/data.json (member cookie): "Download my data", the
// JSON file of everything stored about the member (issue 15 part 2).
export async function loader({ request, url }: Route.LoaderArgs) {
	const member = await requireUnlockedMember({ request, url })
	const now = new Date()
	const body = exportMemberData(member.id, await currentWebSessionId(request), now)
	log('account.data_export', { userId: member.id, via: 'page' })
	return new Response(JSON.stringify(body, null, 2), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="${dataExportFileName(now)}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
