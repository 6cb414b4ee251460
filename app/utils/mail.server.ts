import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type Nodemailer from 'nodemailer'
import type { Transporter } from 'nodemailer'
import { flushWrites } from '#db/client.server.ts'
import { getEnv } from './env.server.ts'
import { log } from './log.server.ts'

export type Mail = { to: string; subject: string; text: string; html?: string }

type MailFailureListener = (error: unknown) => void
const failureListeners = new Set<MailFailureListener>()

/** Lets other modules react to delivery failures (admin alerts). */
export function onMailFailure(listener: MailFailureListener) {
	failureListeners.add(listener)
	return () => failureListeners.delete(listener)
}

let transport: { url: string; transporter: Transporter } | undefined

/**
 * nodemailer's heavier modules, in the order they depend on each other
 * (paths inside the pinned package). Loading nodemailer is synchronous
 * work: about 60 ms in one go on the bench machine, which would stall
 * every request of the process that sends its first mail (and the
 * scheduler's jobs, whose bar is 50 ms at a time). One module per turn,
 * the longest step takes about 20 ms.
 */
export const MAILER_STEPS = [
	'nodemailer/lib/shared/index.js',
	'nodemailer/lib/mime-funcs/index.js',
	'nodemailer/lib/mime-node/index.js',
	'nodemailer/lib/mail-composer/index.js',
	'nodemailer/lib/smtp-connection/index.js',
	'nodemailer/lib/mailer/index.js',
	'nodemailer/lib/smtp-transport/index.js',
	'nodemailer/lib/smtp-pool/index.js',
]

let loading: Promise<typeof Nodemailer> | undefined

/**
 * nodemailer, loaded with the first mail rather than at start: it costs each
 * server process about 13 MB, and many never send one (decision 026, idle
 * memory). It is loaded a module per turn (MAILER_STEPS), so the process
 * keeps serving meanwhile; a step that cannot be found is left to the
 * final import.
 */
export function mailer() {
	loading ??= (async () => {
		const require = createRequire(import.meta.url)
		for (const step of MAILER_STEPS) {
			try {
				require(step)
			} catch {
				// A layout this list does not know: the import below loads it all at once.
			}
			await nextTurn()
		}
		return (await import('nodemailer')).default
	})()
	return loading
}

async function smtpTransport(url: string) {
	if (transport?.url !== url) {
		transport = { url, transporter: (await mailer()).createTransport(url) }
	}
	return transport.transporter
}

/**
 * Sends a mail by SMTP when SMTP_URL is set; otherwise writes it as an .eml
 * file into the outbox folder, so the flows work on a fresh machine.
 * Resolves to false (and logs) when delivery fails; never throws.
 */
export async function sendMail(mail: Mail): Promise<boolean> {
	return (await deliverMail(mail)) === 'sent'
}

/**
 * A mail server's refusal of that one mail (SMTP 5xx: the address, the
 * content): trying it again gives the same. Anything else (no connection,
 * a timeout, a 4xx "try later", a full disk) is the mail server or the
 * outbox being unavailable for now.
 */
function isPermanent(error: unknown) {
	const code = (error as { responseCode?: unknown } | null)?.responseCode
	return typeof code === 'number' && code >= 500 && code < 600
}

/**
 * `sendMail`, telling a failure to try again later (`unavailable`) from a
 * mail the server refused for good (`refused`): a sender working through
 * a list stops at the first and skips the second.
 */
export async function deliverMail(mail: Mail): Promise<'sent' | 'refused' | 'unavailable'> {
	const env = getEnv()
	const message = { from: env.mailFrom, ...mail }
	try {
		// No mail about a change goes out before the change would survive a
		// power cut (docs/decisions/037-durable-writes-off-the-event-loop.md).
		await flushWrites()
		if (env.smtpUrl) {
			await (await smtpTransport(env.smtpUrl)).sendMail(message)
			log('mail.sent', { subject: mail.subject, via: 'smtp' })
		} else {
			const built = await (
				await mailer()
			)
				.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
				.sendMail(message)
			await fs.mkdir(env.mailOutbox, { recursive: true })
			const file = path.join(
				env.mailOutbox,
				`${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`,
			)
			await fs.writeFile(file, built.message as Buffer, { mode: 0o600 })
			log('mail.outbox', { subject: mail.subject, file })
		}
		return 'sent'
	} catch (error) {
		log('mail.failed', { subject: mail.subject, error: String((error as Error)?.message ?? error) }, 'error')
		for (const listener of failureListeners) listener(error)
		return isPermanent(error) ? 'refused' : 'unavailable'
	}
}

export function escapeHtml(value: string) {
	return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
