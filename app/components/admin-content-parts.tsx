import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import type { ContentStatus } from '#app/domain/enums.ts'
import type {
	MemberPromotion,
	PublicTestimonial,
	StaffAnnouncement,
	StaffFeeOffer,
	StaffPromotion,
	StaffTestimonial,
} from '#app/features/content/responses.server.ts'
import {
	ANNOUNCEMENT_AUDIENCE_LABELS,
	ANNOUNCEMENT_AUDIENCES,
	ANNOUNCEMENT_LIMITS,
	AnnouncementFormSchema,
	CONTENT_MESSAGES,
	CONTENT_STATUS_LABELS,
	FEE_OFFER_LIMITS,
	FeeOfferFormSchema,
	PROMOTION_LIMITS,
	PromotionFormSchema,
	TESTIMONIAL_LIMITS,
	TestimonialFormSchema,
} from '#app/features/content/schemas.ts'
import type { OfferView } from '#app/features/offers/responses.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { Pill } from './admin-badges.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from './admin-page.tsx'
import { StateBadge } from './admin-list-parts.tsx'
import { CheckboxField, Field, FormAlert, SelectField, StatusButton, TextareaField, type FieldMeta } from './forms.tsx'
import { OfferCard } from './offer-card.tsx'
import { PromotionCard } from './dashboard-ui.tsx'
import { TestimonialCarousel } from './testimonial-carousel.tsx'

/** A content item's status, and "Sample" for a sample row (decision 062). */
export function ContentStatusBadges({ status, sample }: { status: ContentStatus; sample: boolean }) {
	return (
		<span className="inline-flex flex-wrap gap-1.5">
			<StateBadge value={status} label={CONTENT_STATUS_LABELS[status]} />
			{sample ? <Pill className="border-amber-400 text-amber-200">Sample</Pill> : null}
		</span>
	)
}

const constraint = getZodConstraint(PromotionFormSchema)

/** The form's text for a stored promotion. */
export function promotionFormDefaults(promotion: StaffPromotion) {
	return {
		code: promotion.code,
		description: promotion.description,
		brokerId: promotion.broker ? String(promotion.broker.id) : '',
		publishOn: promotion.publishOn ?? '',
		expiresOn: promotion.expiresOn ?? '',
	}
}

export type BrokerChoice = { id: number; name: string; active: boolean }

/**
 * /admin/content/promotions/new and /:id: a promotion's fields as a plain
 * POST form (JS off works). Save stores it; Preview checks it and shows it
 * as members will see it, storing nothing.
 */
export function PromotionForm({
	id,
	lastResult,
	defaultValue,
	brokers,
	submitLabel,
}: {
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string>
	brokers: BrokerChoice[]
	submitLabel: string
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PromotionFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<Field
				label="Code"
				field={fields.code}
				hint={`What members copy, at most ${PROMOTION_LIMITS.code} characters.`}
				inputProps={{ autoComplete: 'off', spellCheck: false }}
			/>
			<SelectField label="Broker" field={fields.brokerId} hint="The broker the code is for, or none for our own.">
				<option value="">None (our own promotion)</option>
				{brokers.map((b) => (
					<option key={b.id} value={String(b.id)}>
						{b.active ? b.name : `${b.name} (inactive: members do not see it)`}
					</option>
				))}
			</SelectField>
			<Field
				className="sm:col-span-2"
				label="Description"
				field={fields.description}
				hint={`What the code gives, one line of at most ${PROMOTION_LIMITS.description} characters.`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<ContentDates publishOn={fields.publishOn} expiresOn={fields.expiresOn} shown="Shown" />
			<ContentFormButtons submitLabel={submitLabel} />
		</Form>
	)
}

/** The preview: the promotion as it shows on the member dashboard's Active Promotions. */
export function PromotionPreview({ promotion, note }: { promotion: MemberPromotion; note: string }) {
	return (
		<div className="space-y-3">
			<p className="text-sm text-slate-300">{note}</p>
			<ul className="grid gap-3 md:grid-cols-2" aria-label="Preview of the promotion">
				<PromotionCard promotion={promotion} />
			</ul>
		</div>
	)
}

const offerConstraint = getZodConstraint(FeeOfferFormSchema)

/** The form's text for a stored offer. */
export function offerFormDefaults(offer: StaffFeeOffer) {
	return {
		traderId: String(offer.trader.id),
		originalFee: String(offer.originalFee),
		currentFee: String(offer.currentFee),
		minCapital: String(offer.minCapital),
		totalSpots: String(offer.totalSpots),
		description: offer.description,
		featured: offer.featured ? 'on' : '',
		urgent: offer.urgent ? 'on' : '',
		publishOn: offer.publishOn ?? '',
		expiresOn: offer.expiresOn ?? '',
	}
}

export type TraderChoice = { id: number; name: string; status: string }

/**
 * /admin/content/offers/new and /:id: a 0% fee offer's fields as a plain
 * POST form (JS off works). The trader is chosen from the listed ones; the
 * performance figures members see are the trader's, not typed here.
 */
export function OfferForm({
	id,
	lastResult,
	defaultValue,
	traders,
	submitLabel,
}: {
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string>
	traders: TraderChoice[]
	submitLabel: string
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint: offerConstraint,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: FeeOfferFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<SelectField
				className="sm:col-span-2"
				label="Trader"
				field={fields.traderId}
				hint="A listed trader of the registry: members see their figures with the offer."
			>
				<option value="">Choose a listed trader</option>
				{traders.map((t) => (
					<option key={t.id} value={String(t.id)}>
						{t.status === 'listed' ? t.name : `${t.name} (${t.status}: not listed)`}
					</option>
				))}
			</SelectField>
			<Field
				label="Original fee (%)"
				field={fields.originalFee}
				hint="The trader's usual performance fee."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<Field
				label="Current fee (%)"
				field={fields.currentFee}
				hint="The fee with this offer, lower than the original (0 for a 0% offer)."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<Field
				label="Minimum capital (US$)"
				field={fields.minCapital}
				hint="Whole dollars."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<Field
				label="Total spots"
				field={fields.totalSpots}
				hint="Spots left are this minus members' claims; it cannot go below the claims made."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<Field
				className="sm:col-span-2"
				label="Description"
				field={fields.description}
				hint={`The trader's approach in one line of at most ${FEE_OFFER_LIMITS.description} characters.`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<CheckboxField label="Featured (highlighted on the page)" field={fields.featured} />
			<CheckboxField label='Urgent (shows "Ends soon")' field={fields.urgent} />
			<ContentDates publishOn={fields.publishOn} expiresOn={fields.expiresOn} shown="Open" />
			<ContentFormButtons submitLabel={submitLabel} />
		</Form>
	)
}

/** The preview: the offer as it shows on the member's 0% Fee Offers page. */
export function OfferPreview({ offer, note }: { offer: OfferView | null; note: string }) {
	return (
		<div className="space-y-3">
			<p className="text-sm text-slate-300">{note}</p>
			{offer ? (
				<ul className="grid gap-3 lg:grid-cols-2" aria-label="Preview of the offer">
					<OfferCard offer={offer} />
				</ul>
			) : (
				<p className="text-sm text-slate-300">Choose a trader to see the preview.</p>
			)}
		</div>
	)
}

/** What members see of an item in each status, on the staff page's Publishing section. */
export function contentStatusText(
	status: ContentStatus,
	publishOn: string | null,
	where: { published: string; expired: string },
) {
	switch (status) {
		case 'draft':
			return 'A draft: members do not see it until you publish it.'
		case 'scheduled':
			return `Scheduled: it is published on ${publishOn ?? 'its publish date'} (00:00 UTC).`
		case 'published':
			return where.published
		default:
			return where.expired
	}
}

/**
 * An item's Publishing section body on its staff page: the refusal of the
 * last Publish or Unpublish (at the form), what members see, and the two
 * buttons as the status allows (a plain POST form told apart by `intent`).
 */
export function ContentPublishing({
	here,
	shown,
	text,
	errors,
	children,
}: {
	here: string
	shown: ContentStatus
	text: string
	errors: string[] | null | undefined
	children?: React.ReactNode
}) {
	return (
		<div className="space-y-3">
			<FormAlert errors={errors} />
			<p className="text-sm text-slate-300">{text}</p>
			{children}
			<Form method="post" action={here} className="flex flex-wrap gap-2">
				{shown === 'draft' || shown === 'expired' ? (
					<button type="submit" name="intent" value="publish" className="btn-primary">
						Publish
					</button>
				) : null}
				{shown !== 'draft' ? (
					<button type="submit" name="intent" value="unpublish" className="btn-secondary">
						Unpublish
					</button>
				) : null}
			</Form>
		</div>
	)
}

/**
 * An item's Delete section body (super admins): a link to the confirmation
 * step (`?confirm=delete`, works without JavaScript), then the alert dialog
 * with Yes, Delete and Cancel.
 */
export function ContentDelete({
	here,
	section,
	confirming,
	question,
	warning,
	label,
}: {
	here: string
	/** The section's id: the links come back to it. */
	section: string
	confirming: boolean
	question: React.ReactNode
	warning: string
	label: string
}) {
	return confirming ? (
		<div
			role="alertdialog"
			aria-labelledby={`${section}-title`}
			aria-describedby={`${section}-warning`}
			className="space-y-3 rounded-lg border border-red-400/60 bg-red-950/30 p-4"
		>
			<h3 id={`${section}-title`} className="font-semibold">
				{question}
			</h3>
			<p id={`${section}-warning`} className="text-sm">
				{warning}
			</p>
			<Form method="post" action={here} className="flex flex-wrap gap-2">
				<button type="submit" name="intent" value="delete" className="btn-danger">
					Yes, Delete
				</button>
				<Link to={`${here}#${section}`} className="btn-secondary">
					Cancel
				</Link>
			</Form>
		</div>
	) : (
		<div className="space-y-3">
			<p className="text-sm text-slate-300">Removes it for good; the audit log keeps what it was.</p>
			<Link to={`${here}?confirm=delete#${section}`} className="btn-danger inline-flex">
				{label}
			</Link>
		</div>
	)
}

/**
 * A kind's staff list page (/admin/content/<kind>): its header with the way
 * back to /admin/content and the New button, and its list's section.
 */
export function ContentListPage({
	title,
	description,
	newTo,
	newLabel,
	section,
	children,
}: {
	title: string
	description: string
	newTo: string
	newLabel: string
	section: { id: string; title: string }
	children: React.ReactNode
}) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={title} description={description}>
				<AdminButtonLink to="/admin/content">Back to {CONTENT_MESSAGES.pageTitle}</AdminButtonLink>
				<AdminButtonLink to={newTo} primary>
					{newLabel}
				</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id={section.id} title={section.title}>
				{children}
			</AdminSection>
		</main>
	)
}

/** Every kind's optional publish and expiry days (decision 062: 00:00 UTC on, 24:00 UTC through). */
export function ContentDates({
	publishOn,
	expiresOn,
	shown,
}: {
	publishOn: FieldMeta
	/** Left out for a kind without expiry (announcements). */
	expiresOn?: FieldMeta
	/** How members have it until its expiry: "Shown", "Open". */
	shown: string
}) {
	return (
		<>
			<Field
				label="Publish on (optional)"
				type="date"
				field={publishOn}
				hint="From 00:00 UTC that day. Blank: when you publish it."
			/>
			{expiresOn ? (
				<Field
					label="Expires after (optional)"
					type="date"
					field={expiresOn}
					hint={`${shown} through that day (until 24:00 UTC). Blank: no expiry.`}
				/>
			) : null}
		</>
	)
}

/** Save (stores it) and Preview (checks it and shows it as members will, storing nothing), each showing it is pending. */
export function ContentFormButtons({ submitLabel }: { submitLabel: string }) {
	const saving = useIsPending({ state: 'submitting', formData: { intent: 'save' } })
	const previewing = useIsPending({ state: 'submitting', formData: { intent: 'preview' } })
	return (
		<div className="flex flex-wrap items-center gap-2 sm:col-span-2">
			<StatusButton name="intent" value="save" pending={saving} pendingText="Saving..." className="sm:w-auto">
				{submitLabel}
			</StatusButton>
			<button
				type="submit"
				name="intent"
				value="preview"
				className="btn-secondary"
				disabled={previewing}
				aria-disabled={previewing || undefined}
			>
				{previewing ? 'Previewing...' : 'Preview'}
			</button>
		</div>
	)
}

const testimonialConstraint = getZodConstraint(TestimonialFormSchema)

/** The form's text for a stored testimonial. */
export function testimonialFormDefaults(t: StaffTestimonial) {
	return {
		name: t.name,
		role: t.role,
		country: t.country,
		text: t.text,
		profit: t.profit,
		consentOn: t.consentOn,
		consentHow: t.consentHow,
		position: String(t.position),
		publishOn: t.publishOn ?? '',
		expiresOn: t.expiresOn ?? '',
	}
}

/**
 * /admin/content/testimonials/new and /:id: a testimonial's fields and the
 * consent the member gave (required: the day, not ahead, and how) as a plain
 * POST form (JS off works). Save stores it; Preview shows it as the
 * landing's card, storing nothing.
 */
export function TestimonialForm({
	id,
	lastResult,
	defaultValue,
	submitLabel,
}: {
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string>
	submitLabel: string
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint: testimonialConstraint,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TestimonialFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<Field label="Name" field={fields.name} hint="As it is shown." inputProps={{ autoComplete: 'off' }} />
			<Field label="Role" field={fields.role} hint="Their work, like Nurse." inputProps={{ autoComplete: 'off' }} />
			<Field label="Country" field={fields.country} inputProps={{ autoComplete: 'off' }} />
			<Field
				label="Figure quoted"
				field={fields.profit}
				hint={`As shown, like +$1,240 in 3 months (at most ${TESTIMONIAL_LIMITS.profit} characters).`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<Field
				className="sm:col-span-2"
				label="Text"
				field={fields.text}
				hint={`Their words, one paragraph of at most ${TESTIMONIAL_LIMITS.text} characters.`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<Field
				label="Consent date"
				type="date"
				field={fields.consentOn}
				hint="The day they agreed to be quoted; not after today."
			/>
			<Field
				label="How consent was given"
				field={fields.consentHow}
				hint="Like: Signed release form, emailed 2026-11-02."
				inputProps={{ autoComplete: 'off' }}
			/>
			<Field
				label="Order"
				field={fields.position}
				hint="Lower shows first on the landing; blank: 0."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<div aria-hidden="true" className="hidden sm:block" />
			<ContentDates publishOn={fields.publishOn} expiresOn={fields.expiresOn} shown="Shown" />
			<ContentFormButtons submitLabel={submitLabel} />
		</Form>
	)
}

/** The preview: the testimonial as the landing's carousel shows it. */
export function TestimonialPreview({ testimonial, note }: { testimonial: PublicTestimonial; note: string }) {
	return (
		<div className="space-y-3">
			<p className="text-sm text-slate-300">{note}</p>
			<div className="max-w-3xl" data-testimonial-preview="">
				<TestimonialCarousel items={[testimonial]} label="Preview of the testimonial" />
			</div>
		</div>
	)
}

const announcementConstraint = getZodConstraint(AnnouncementFormSchema)

/** The form's text for a stored announcement. */
export function announcementFormDefaults(announcement: StaffAnnouncement) {
	return {
		title: announcement.title,
		body: announcement.body,
		audience: announcement.audience,
		publishOn: announcement.publishOn ?? '',
	}
}

/**
 * /admin/content/announcements/new and /:id: an announcement's title,
 * message (plain text, paragraphs at blank lines), audience (every member
 * or a plan) and optional publish day, as a plain POST form.
 */
export function AnnouncementForm({
	id,
	lastResult,
	defaultValue,
	submitLabel,
}: {
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string>
	submitLabel: string
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint: announcementConstraint,
		defaultValue: defaultValue ?? { audience: 'all' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AnnouncementFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<Field
				className="sm:col-span-2"
				label="Title"
				field={fields.title}
				hint={`The inbox item's title and the mail's subject, at most ${ANNOUNCEMENT_LIMITS.title} characters.`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<TextareaField
				className="sm:col-span-2"
				label="Message"
				field={fields.body}
				hint={`Plain text, at most ${ANNOUNCEMENT_LIMITS.body.toLocaleString('en-US')} characters; a blank line starts a new paragraph.`}
				textareaProps={{ rows: 8 }}
			/>
			<SelectField label="Audience" field={fields.audience} hint="Every member, or the members of one plan.">
				{ANNOUNCEMENT_AUDIENCES.map((audience) => (
					<option key={audience} value={audience}>
						{ANNOUNCEMENT_AUDIENCE_LABELS[audience]}
					</option>
				))}
			</SelectField>
			<ContentDates publishOn={fields.publishOn} shown="Sent" />
			<ContentFormButtons submitLabel={submitLabel} />
		</Form>
	)
}

/** The preview: the inbox item as members will see it, and who it goes to. */
export function AnnouncementPreview({
	preview,
	note,
}: {
	preview: { title: string; paragraphs: string[]; audienceLabel: string; audienceCount: number }
	note: string
}) {
	return (
		<div className="space-y-3">
			<p className="text-sm text-slate-300">{note}</p>
			<p className="text-sm text-slate-300">
				To: {preview.audienceLabel} ({preview.audienceCount.toLocaleString('en-US')}{' '}
				{preview.audienceCount === 1 ? 'member' : 'members'} now).
			</p>
			<article aria-label="Preview of the announcement" className="rounded-xl border border-slate-700 p-4">
				<h3 className="font-semibold break-words">{preview.title}</h3>
				{preview.paragraphs.map((p, i) => (
					<p key={i} className="mt-2 text-sm whitespace-pre-line break-words text-slate-300">
						{p}
					</p>
				))}
			</article>
		</div>
	)
}

/** Its mails as staff read them: "1,200 sent, still going out" (they follow the inbox at a steady rate). */
export function announcementMailsText(
	a: Pick<StaffAnnouncement, 'delivery' | 'status' | 'mailedCount' | 'mailsFinishedAt'>,
) {
	if (a.delivery === 'not-started') return 'Not sent'
	const sent = `${a.mailedCount.toLocaleString('en-US')} sent`
	if (a.mailsFinishedAt) return `${sent} (to the members who allow announcement mails)`
	return a.status === 'published' ? `${sent}, still going out` : `${sent}, stopped`
}

/** An announcement's delivery as staff read it: "Sending: 1,000 of 2,400 members". */
export function announcementDeliveryText(a: Pick<StaffAnnouncement, 'delivery' | 'audienceCount' | 'sentCount'>) {
	const of = `${a.sentCount.toLocaleString('en-US')} of ${(a.audienceCount ?? 0).toLocaleString('en-US')} members`
	switch (a.delivery) {
		case 'not-started':
			return 'Not sent'
		case 'sending':
			return `Sending: ${of}`
		case 'stopped':
			return `Stopped: ${of}`
		default:
			return `Sent: ${of}`
	}
}
