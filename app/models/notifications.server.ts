// helper N15 replaces this file
import type { Tx } from '#db/client.server.ts'

export type NotificationKind =
	'referral_credited' | 'referral_held' | 'referral_rejected' | 'milestone' | 'offer_claim' | 'contest_result'

export function notify(
	_tx: Tx,
	_input: { userId: number; kind: NotificationKind; title: string; body: string; link?: string | null },
	_now: Date,
): void {}
