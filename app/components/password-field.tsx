import { getInputProps } from '@conform-to/react'
import { useId, useState } from 'react'
import { cx } from '#app/utils/misc.ts'
import { ErrorList, fieldAria, useHydrated, type FieldMeta } from './forms.tsx'

type PasswordFieldProps = {
	label: React.ReactNode
	className?: string
	/** The Conform field: name, id, constraints and errors. */
	field: FieldMeta
	inputProps?: Pick<React.InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'placeholder' | 'className'>
}

/**
 * A password field (same markup as Field) with a show/hide toggle. The
 * toggle is an enhancement: it renders only once JavaScript runs; without
 * JS the field is a plain password input.
 */
export function PasswordField({ label, className, field, inputProps }: PasswordFieldProps) {
	const hydrated = useHydrated()
	const [visible, setVisible] = useState(false)
	const fallbackId = useId()
	const { key, ...fromField } = getInputProps(field, { type: 'password', ariaAttributes: false })
	const input: React.InputHTMLAttributes<HTMLInputElement> = { ...fromField, ...inputProps }
	const id = input.id ?? fallbackId
	const { errors, aria } = fieldAria(field)
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
				{label}
			</label>
			<div className="relative">
				<input
					key={key}
					{...input}
					id={id}
					type={visible ? 'text' : 'password'}
					className={cx('input', hydrated && 'pr-20', input.className)}
					{...aria}
				/>
				{hydrated ? (
					<button
						type="button"
						aria-controls={id}
						onClick={() => setVisible((v) => !v)}
						className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-emerald-300 hover:bg-slate-800"
					>
						{visible ? 'Hide' : 'Show'}
						<span className="sr-only"> password</span>
					</button>
				) : null}
			</div>
			<ErrorList id={field.errorId} errors={errors} />
		</div>
	)
}
