// The dashboard home is the layout route _home/_layout.tsx; this index
// matches /dashboard itself (no trader open).
export default function DashboardIndexRoute() {
	return null
}
