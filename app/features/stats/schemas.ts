export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data'

export const DASHBOARD_ERROR_TITLE = 'Error Loading Dashboard'
