import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { useEffect, useId, useState } from 'react'
import { cx } from '#app/utils/misc.ts'
import { Icon } from './icon.tsx'

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

/** A field of a Conform form (`fields.email` of `useForm`). */
export type FieldMeta = FieldMetadata<any, any, string[]>

type InputType = Exclude<Parameters<typeof getInputProps>[1]['type'], 'checkbox' | 'radio' | 'hidden'>

/** What a caller may add to the input; the name, id, form, type, value and aria come from the field. */
type ExtraInputProps = Omit<
	React.InputHTMLAttributes<HTMLInputElement>,
	'name' | 'id' | 'form' | 'type' | 'defaultValue' | 'defaultChecked' | 'value' | 'aria-invalid' | 'aria-describedby'
>

/**
 * What ties a control to its label and errors: the errors shown under it
 * (the field's, plus any the caller adds), `aria-invalid` when there are
 * some, and `aria-describedby` naming the hint and, when invalid, the error
 * list (which has the field's `errorId`).
 */
export function fieldAria(
	field: { errors?: string[]; errorId?: string },
	options: { hintId?: string; extraErrors?: ListOfErrors } = {},
) {
	const errors = [...(field.errors ?? []), ...(options.extraErrors ?? [])].filter((e): e is string => Boolean(e))
	const invalid = errors.length > 0
	const describedBy = [options.hintId, invalid ? field.errorId : undefined].filter(Boolean).join(' ') || undefined
	return { errors, aria: { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy } }
}

function FieldLabel({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) {
	return (
		<label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-200">
			{children}
		</label>
	)
}

function FieldHint({ id, children }: { id?: string; children: React.ReactNode }) {
	if (!children) return null
	return (
		<p id={id} className="mt-1.5 text-sm text-slate-400">
			{children}
		</p>
	)
}

type FieldProps = {
	label: React.ReactNode
	hint?: React.ReactNode
	className?: string
	children?: React.ReactNode
	/** The Conform field: name, id, constraints, default value and errors. */
	field: FieldMeta
	/** 'text' when left out. */
	type?: InputType
	inputProps?: ExtraInputProps
	/** Errors that are not the field's but belong under it (the form's, on sign-up's email). */
	extraErrors?: ListOfErrors
}

/** A labelled input of a Conform form, with its hint and errors (see `fieldAria`). */
export function Field({ label, hint, className, children, field, type, inputProps, extraErrors }: FieldProps) {
	const fallbackId = useId()
	const { key, ...fromField } = getInputProps(field, { type: type ?? 'text', ariaAttributes: false })
	const input: React.InputHTMLAttributes<HTMLInputElement> = { ...fromField, ...inputProps }
	const id = input.id ?? fallbackId
	const hintId = hint ? `${id}-hint` : undefined
	const { errors, aria } = fieldAria(field, { hintId, extraErrors })
	return (
		<div className={className}>
			<FieldLabel htmlFor={id}>{label}</FieldLabel>
			<input key={key} {...input} id={id} className={cx('input', input.className)} {...aria} />
			<FieldHint id={hintId}>{hint}</FieldHint>
			{children}
			<ErrorList id={field.errorId} errors={errors} />
		</div>
	)
}

/**
 * A field for a new password (sign-up, reset, a staff-made member): masked,
 * autocomplete "new-password", with the password rule as its hint.
 */
export function NewPasswordField({
	label,
	field,
	inputProps,
}: {
	label: React.ReactNode
	field: FieldMeta
	inputProps?: ExtraInputProps
}) {
	return (
		<Field
			label={label}
			field={field}
			type="password"
			inputProps={{ autoComplete: 'new-password', ...inputProps }}
			hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
		/>
	)
}

/** A labelled select of a Conform form; the options are its children. */
export function SelectField({
	label,
	field,
	hint,
	className,
	selectProps,
	children,
}: {
	label: React.ReactNode
	field: FieldMeta
	hint?: React.ReactNode
	className?: string
	selectProps?: Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'form' | 'defaultValue' | 'value'>
	children: React.ReactNode
}) {
	const { key, ...fromField } = getSelectProps(field, { ariaAttributes: false })
	const hintId = hint ? `${field.id}-hint` : undefined
	const { errors, aria } = fieldAria(field, { hintId })
	return (
		<div className={className}>
			<FieldLabel htmlFor={field.id}>{label}</FieldLabel>
			<select key={key} {...fromField} {...selectProps} className={cx('input', selectProps?.className)} {...aria}>
				{children}
			</select>
			<FieldHint id={hintId}>{hint}</FieldHint>
			<ErrorList id={field.errorId} errors={errors} />
		</div>
	)
}

/** A labelled textarea of a Conform form. */
export function TextareaField({
	label,
	field,
	hint,
	className,
	textareaProps,
}: {
	label: React.ReactNode
	field: FieldMeta
	hint?: React.ReactNode
	className?: string
	textareaProps?: Omit<
		React.TextareaHTMLAttributes<HTMLTextAreaElement>,
		'name' | 'id' | 'form' | 'defaultValue' | 'value'
	>
}) {
	const { key, ...fromField } = getTextareaProps(field, { ariaAttributes: false })
	const hintId = hint ? `${field.id}-hint` : undefined
	const { errors, aria } = fieldAria(field, { hintId })
	return (
		<div className={className}>
			<FieldLabel htmlFor={field.id}>{label}</FieldLabel>
			<textarea
				key={key}
				{...fromField}
				{...textareaProps}
				className={cx('input', textareaProps?.className)}
				{...aria}
			/>
			<FieldHint id={hintId}>{hint}</FieldHint>
			<ErrorList id={field.errorId} errors={errors} />
		</div>
	)
}

/** A checkbox of a Conform form with its label beside it (the label may hold links). */
export function CheckboxField({
	label,
	field,
	className,
}: {
	label: React.ReactNode
	field: FieldMeta
	className?: string
}) {
	const { key, ...fromField } = getInputProps(field, { type: 'checkbox', ariaAttributes: false })
	const { errors, aria } = fieldAria(field)
	return (
		<div className={className}>
			<div className="flex items-start gap-3">
				<input key={key} {...fromField} className="mt-1 size-4 accent-emerald-400" {...aria} />
				<label htmlFor={field.id} className="text-sm text-slate-200">
					{label}
				</label>
			</div>
			<ErrorList id={field.errorId} errors={errors} />
		</div>
	)
}

/** A submit button that shows the pending label while the form is in flight. */
/** A grid form's submit row: it spans the grid's `span` columns, the button its own width from sm up. */
export function GridSubmit({
	span,
	pending,
	pendingText,
	children,
}: {
	span: 2 | 3
	pending: boolean
	pendingText: string
	children: React.ReactNode
}) {
	return (
		<div className={span === 2 ? 'sm:col-span-2' : 'sm:col-span-3'}>
			<StatusButton pending={pending} pendingText={pendingText} className="sm:w-auto">
				{children}
			</StatusButton>
		</div>
	)
}

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
			className="btn-secondary btn-sm"
			onClick={() => {
				void navigator.clipboard?.writeText(value).then(
					() => setCopied(true),
					() => setCopied(false),
				)
			}}
		>
			<Icon name={copied ? 'check' : 'copy'} size="sm" />
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
