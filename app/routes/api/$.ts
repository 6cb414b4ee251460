import { apiError } from '#app/utils/api.server.ts'

// Unknown /api paths answer in JSON, whatever the method.
export function loader() {
	return apiError(404, 'Not found')
}
export function action() {
	return apiError(404, 'Not found')
}
