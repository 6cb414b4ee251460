import fs from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server on loopback: every message it receives is written as a
 * JSON file (envelope recipients and raw source) into `dir`.
 */
export async function startMailCatcher(port: number, dir: string) {
	fs.mkdirSync(dir, { recursive: true })
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['AUTH', 'STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (c: Buffer) => chunks.push(c))
			stream.on('end', () => {
				const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
				const file = path.join(dir, `${Date.now()}-${Math.random().toString(16).slice(2)}.json`)
				fs.writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }))
				callback()
			})
		},
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(port, '127.0.0.1', () => resolve())
	})
	return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
