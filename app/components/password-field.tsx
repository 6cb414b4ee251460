import { getInputProps } from '@conform-to/react'
import { useId, useState } from 'react'
import { cx } from '#app/utils/misc.ts'
import { ErrorList, fieldAria, useHydrated, type FieldMeta, type ListOfErrors } from './forms.tsx'

type LegacyInputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: React.Key }

type PasswordFieldProps = {
	label: React.ReactNode
	className?: string
} & (
	| {
			/** The Conform field: name, id, constraints and errors. */
			field: FieldMeta
			inputProps?: Pick<React.InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'placeholder' | 'className'>
	  }
	| {
			/**
			 * @deprecated Pass `field` (Conform's field metadata). Kept only for
			 * admin_.login.tsx, which the auth kit work is rewriting; move it to
			 * `field` when it lands.
			 */
			inputProps: LegacyInputProps
			/** @deprecated with `inputProps` */
			errors?: ListOfErrors
			/** @deprecated with `inputProps` */
			errorId?: string
	  }
)

/**
 * A password field (same markup as Field) with a show/hide toggle. The
 * toggle is an enhancement: it renders only once JavaScript runs; without
 * JS the field is a plain password input.
 */
export function PasswordField(props: PasswordFieldProps) {
	const { label, className } = props
	const hydrated = useHydrated()
	const [visible, setVisible] = useState(false)
	const fallbackId = useId()
	let key: React.Key | undefined
	let input: React.InputHTMLAttributes<HTMLInputElement>
	let field: { errors?: string[]; errorId?: string }
	if ('field' in props) {
		const { key: fieldKey, ...fromField } = getInputProps(props.field, { type: 'password', ariaAttributes: false })
		key = fieldKey
		input = { ...fromField, ...props.inputProps }
		field = props.field
	} else {
		const { key: legacyKey, ...legacy } = props.inputProps
		key = legacyKey
		input = legacy
		field = { errors: props.errors?.filter((e): e is string => Boolean(e)), errorId: props.errorId }
	}
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
