import { data } from 'react-router'
import { getStaffTraderByParam } from '#app/features/traders/registry.server.ts'
import { TRADER_MESSAGES } from '#app/features/traders/schemas.ts'

/** The trader of a staff page's `:id`, or the page's 404. */
export function staffTraderOr404(param: string | undefined) {
	const trader = getStaffTraderByParam(param)
	if (!trader) throw data({ message: TRADER_MESSAGES.notFound }, { status: 404 })
	return trader
}
