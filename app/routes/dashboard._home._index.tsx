// The dashboard home is the layout route dashboard._home.tsx; this index
// matches /dashboard itself (no trader open).
export default function DashboardIndexRoute() {
	return null
}
