import { useEffect, useId, useState } from 'react'
import { cx } from '#app/utils/misc.ts'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/** Errors tied to their field by id (aria-describedby points here). */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const list = errors?.filter(Boolean)
	if (!list?.length) return null
	return (
		<ul id={id} className="mt-1.5 space-y-1">
			{list.map((e) => (
				<li key={e} className="text-sm text-red-300">
					{e}
				</li>
			))}
		</ul>
	)
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: React.Key }

export function Field({
	label,
	inputProps,
	errors,
	errorId,
	hint,
	className,
	children,
}: {
	label: React.ReactNode
	inputProps: InputProps
	errors?: ListOfErrors
	errorId?: string
	hint?: React.ReactNode
	className?: string
	children?: React.ReactNode
}) {
	const fallbackId = useId()
	const { key, ...props } = inputProps
	const id = props.id ?? fallbackId
	const hintId = hint ? `${id}-hint` : undefined
	const hasErrors = Boolean(errors?.filter(Boolean).length)
	const describedBy = [hintId, hasErrors ? errorId : undefined].filter(Boolean).join(' ') || undefined
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
				{label}
			</label>
			<input
				key={key}
				{...props}
				id={id}
				className={cx('input', props.className)}
				aria-invalid={hasErrors || undefined}
				aria-describedby={describedBy}
			/>
			{hint ? (
				<p id={hintId} className="mt-1.5 text-sm text-slate-400">
					{hint}
				</p>
			) : null}
			{children}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/** A submit button that shows the pending label while the form is in flight. */
export function StatusButton({
	pending,
	pendingText,
	children,
	className,
	disabled,
	...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; pendingText: string }) {
	return (
		<button
			type="submit"
			{...props}
			disabled={pending || disabled}
			aria-disabled={pending || disabled || undefined}
			className={cx('btn-primary w-full', className)}
		>
			{pending ? (
				<>
					<span
						aria-hidden="true"
						className="size-4 animate-spin rounded-full border-2 border-slate-950 border-t-transparent"
					/>
					{pendingText}
				</>
			) : (
				children
			)}
		</button>
	)
}

/** The honeypot field of public forms (see honeypot.server.ts). */
export function HoneypotInputs() {
	return (
		<div className="hp" aria-hidden="true">
			<label htmlFor="website-field">Leave this field empty</label>
			<input id="website-field" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
		</div>
	)
}

// Once the app has hydrated, components mounted later (after a client-side
// navigation) start hydrated: no flash of the no-JS version.
let appHydrated = false

/** True after hydration: enhancements that need JS render only then. */
export function useHydrated() {
	const [hydrated, setHydrated] = useState(appHydrated)
	useEffect(() => {
		appHydrated = true
		setHydrated(true)
	}, [])
	return hydrated
}

/** A copy button for a code that stays visible and selectable without JS. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	useEffect(() => {
		if (!copied) return
		const t = setTimeout(() => setCopied(false), 2000)
		return () => clearTimeout(t)
	}, [copied])
	if (!hydrated) return null
	return (
		<button
			type="button"
			className="rounded-md border border-slate-500 px-3 py-1.5 text-sm font-medium hover:bg-slate-800"
			onClick={() => {
				void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))
			}}
		>
			<span aria-live="polite">{copied ? 'Copied!' : label}</span>
		</button>
	)
}

/** A form-level alert (not tied to one field). */
export function FormAlert({ id, errors, title }: { id?: string; errors?: ListOfErrors; title?: string }) {
	const list = errors?.filter(Boolean)
	if (!list?.length) return null
	return (
		<div id={id} role="alert" className="rounded-lg border border-red-400/60 bg-red-950/60 p-4 text-sm text-red-200">
			{title ? <p className="font-semibold">{title}</p> : null}
			{list.map((e) => (
				<p key={e}>{e}</p>
			))}
		</div>
	)
}
