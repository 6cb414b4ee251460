import { STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import { Pill } from '#app/components/admin-badges.tsx'
import { CopyButton } from '#app/components/forms.tsx'
import type { AdminRole } from '#app/domain/enums.ts'
import { roleLabel } from '#app/features/staff/roles.ts'

/** A staff account's role: 'Super Admin' or 'Admin'. */
export function RoleBadge({ role }: { role: AdminRole }) {
	return (
		<Pill
			className={role === 'super_admin' ? 'border-violet-300/70 text-violet-100' : 'border-slate-500 text-slate-200'}
		>
			{roleLabel(role)}
		</Pill>
	)
}

/** A staff account's status: active or disabled. */
export function StaffStatusBadge({ status }: { status: 'active' | 'disabled' }) {
	return (
		<Pill
			className={
				status === 'active'
					? 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200'
					: 'border-red-400/60 bg-red-400/10 text-red-200'
			}
		>
			{status === 'active' ? 'Active' : 'Disabled'}
		</Pill>
	)
}

/**
 * A generated password, shown in the answer to the POST that made it and
 * nowhere else (no flash cookie, no session, not in the audit log): the
 * page says to copy it now.
 */
export function OneTimePassword({ email, password }: { email: string; password: string }) {
	return (
		<section
			aria-labelledby="one-time-password-heading"
			role="status"
			className="rounded-2xl border border-amber-300/60 bg-amber-950/40 p-4 text-amber-50 sm:p-6"
		>
			<h2 id="one-time-password-heading" className="text-lg font-semibold">
				Password for {email}
			</h2>
			<p className="mt-1 text-sm">{STAFF_MESSAGES.passwordShownOnce}</p>
			<div className="mt-3 flex flex-wrap items-center gap-3">
				<code
					data-testid="one-time-password"
					className="rounded-md bg-slate-950 px-3 py-2 font-mono text-base break-all text-slate-100"
				>
					{password}
				</code>
				<CopyButton value={password} label="Copy password" />
			</div>
		</section>
	)
}
