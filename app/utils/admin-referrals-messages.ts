/** Texts of /admin/referrals and /api/admin/referrals* (issue 15 part 4). */
export const REFERRALS_PAGE_TITLE = 'Referral Review'
export const REFERRALS_LOAD_FAILED = 'The referrals could not be loaded. Try again.'
export const REFERRAL_NOT_FOUND = 'Referral not found'
export const REFERRAL_ALREADY_DECIDED = 'This referral has already been decided'
export const REFERRAL_APPROVED = 'Referral approved: the points now count'
export const REFERRAL_REJECTED = 'Referral rejected: it will not count'
export const REFERRAL_REJECT_TITLE = 'Reject Referral'
export const REFERRAL_REJECT_WARNING =
	'A rejected referral never counts toward points, milestones or contests. The referrer sees it as not counted with your reason.'
export const REFERRAL_SETTINGS_SAVED = 'Referral review settings saved'
export const REFERRAL_REASON_REQUIRED = 'Enter a reason'
