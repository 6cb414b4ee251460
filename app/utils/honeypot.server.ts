import { data } from 'react-router'
import { log } from './log.server.ts'

export const HONEYPOT_FIELD = 'website'

/**
 * Public forms carry a hidden field people never fill; bots do. A filled
 * honeypot is refused with 400 before anything is read or stored.
 */
export function checkHoneypot(formData: FormData) {
	const value = formData.get(HONEYPOT_FIELD)
	if (value !== null && value !== '') {
		log('honeypot.hit', {}, 'warn')
		throw data({ error: 'Form not submitted properly' }, { status: 400 })
	}
}
