import { useId, useState } from 'react'
import { cx } from '#app/utils/misc.ts'
import { ErrorList, useHydrated, type ListOfErrors } from './forms.tsx'

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: React.Key }

/**
 * A password field (same markup as Field) with a show/hide toggle. The
 * toggle is an enhancement: it renders only once JavaScript runs; without
 * JS the field is a plain password input.
 */
export function PasswordField({
	label,
	inputProps,
	errors,
	errorId,
	className,
}: {
	label: React.ReactNode
	inputProps: InputProps
	errors?: ListOfErrors
	errorId?: string
	className?: string
}) {
	const hydrated = useHydrated()
	const [visible, setVisible] = useState(false)
	const fallbackId = useId()
	const { key, ...props } = inputProps
	const id = props.id ?? fallbackId
	const hasErrors = Boolean(errors?.filter(Boolean).length)
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
				{label}
			</label>
			<div className="relative">
				<input
					key={key}
					{...props}
					id={id}
					type={visible ? 'text' : 'password'}
					className={cx('input', hydrated && 'pr-20', props.className)}
					aria-invalid={hasErrors || undefined}
					aria-describedby={hasErrors ? errorId : undefined}
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
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}
