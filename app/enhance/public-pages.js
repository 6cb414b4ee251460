// The public pages' enhancements (/ and /terms). Those pages are not
// hydrated (their routes export `handle = { hydrate: false }`): the server's
// HTML is complete without JavaScript, and this one small module, loaded by
// app/root.tsx as <script type="module">, adds the motion and the reading
// aids. Each part wires itself to the data attributes it finds, so a page
// without them costs nothing. Plain ES2019, no dependencies; vite.config.ts
// bundles it with its three arithmetic modules into one hashed asset.
import { formatDuration, tick } from './countdown.js'
import {
	carouselIndex,
	HIGHLIGHT_INTERVAL_MS,
	NARROW_MAX_WIDTH_PX,
	nextHighlight,
	parallaxAt,
	parallaxTransform,
} from './landing-motion.js'
import { scrolledToBottom, scrollProgress, sectionInView } from './reading-aids.js'

const doc = document
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')

/**
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
function all(selector, root) {
	return Array.prototype.slice.call((root || doc).querySelectorAll(selector))
}

/**
 * Runs `paint` at most once a frame for a stream of events.
 * @param {() => void} paint
 */
function onFrame(paint) {
	let frame = 0
	return () => {
		if (frame) return
		frame = window.requestAnimationFrame(() => {
			frame = 0
			paint()
		})
	}
}

/**
 * Calls `listener` when the media query's result changes (Safari before 14
 * only has the older addListener).
 * @param {MediaQueryList} query
 * @param {() => void} listener
 */
function onMediaChange(query, listener) {
	if (query.addEventListener) query.addEventListener('change', listener)
	else query.addListener(listener)
}

/**
 * @param {Element} el
 * @param {string} name
 * @param {string | null} value null removes the attribute
 */
function setAttr(el, name, value) {
	if (value === null) el.removeAttribute(name)
	else el.setAttribute(name, value)
}

/** `[data-countdown="<seconds>"]`: ticks once a second from the server's value down to zero. */
function countdowns() {
	all('[data-countdown]').forEach((el) => {
		let remaining = Number(el.getAttribute('data-countdown'))
		if (!(remaining > 0)) return
		const timer = window.setInterval(() => {
			remaining = tick(remaining)
			el.textContent = formatDuration(remaining)
			if (remaining <= 0) window.clearInterval(timer)
		}, 1000)
	})
}

/**
 * `[data-highlight]` (a list): the highlighted item (`data-highlighted`)
 * moves on every 5 seconds; it holds still while the pointer is over the
 * closest `[data-highlight-pause]` and with reduced motion.
 */
function highlights() {
	all('[data-highlight]').forEach((list) => {
		const items = /** @type {HTMLElement[]} */ (Array.prototype.slice.call(list.children))
		if (items.length < 2) return
		let index = Number(list.getAttribute('data-highlight')) || 0
		let paused = false
		let timer = 0
		const paint = () => {
			list.setAttribute('data-highlight', String(index))
			items.forEach((item, i) => setAttr(item, 'data-highlighted', i === index ? 'true' : null))
		}
		const update = () => {
			const run = !paused && !reducedMotion.matches
			if (run === (timer !== 0)) return
			if (run) {
				timer = window.setInterval(() => {
					index = nextHighlight(index, items.length)
					paint()
				}, HIGHLIGHT_INTERVAL_MS)
			} else {
				window.clearInterval(timer)
				timer = 0
			}
		}
		const hover = list.closest('[data-highlight-pause]') || list
		hover.addEventListener('mouseenter', () => {
			paused = true
			update()
		})
		hover.addEventListener('mouseleave', () => {
			paused = false
			update()
		})
		onMediaChange(reducedMotion, update)
		update()
	})
}

/**
 * `[data-parallax]`: scroll-linked shift, scale and fade, only at 768 px
 * and up without reduced motion (switching as those change). The server's
 * HTML has no transform.
 */
function parallax() {
	const el = doc.querySelector('[data-parallax]')
	if (!(el instanceof HTMLElement)) return
	const wide = window.matchMedia(`(min-width: ${NARROW_MAX_WIDTH_PX}px)`)
	let active = false
	const paint = () => {
		if (!active) return
		const state = parallaxAt(window.scrollY)
		el.style.transform = parallaxTransform(state)
		el.style.opacity = state.opacity.toFixed(3)
	}
	const onScroll = onFrame(paint)
	const update = () => {
		const run = wide.matches && !reducedMotion.matches
		if (run === active) return
		active = run
		if (active) {
			window.addEventListener('scroll', onScroll, { passive: true })
			paint()
		} else {
			window.removeEventListener('scroll', onScroll)
			el.style.transform = ''
			el.style.opacity = ''
		}
	}
	onMediaChange(wide, update)
	onMediaChange(reducedMotion, update)
	update()
}

/**
 * `[data-carousel]`: a scroll-snap `[data-carousel-track]` and one
 * `[data-carousel-dot]` anchor (#review-N) per item. Without JS the anchors
 * scroll the track; here a dot selects its item without touching the URL
 * (`aria-current` on the dot, `data-selected` on the item), and swiping or
 * keyboard-scrolling the track moves the selection along.
 */
function carousels() {
	all('[data-carousel]').forEach((root) => {
		const track = root.querySelector('[data-carousel-track]')
		if (!(track instanceof HTMLElement)) return
		const items = /** @type {HTMLElement[]} */ (Array.prototype.slice.call(track.children))
		const dots = all('[data-carousel-dot]', root)
		/** @param {number} index */
		const select = (index) => {
			dots.forEach((dot, i) => setAttr(dot, 'aria-current', i === index ? 'true' : null))
			items.forEach((item, i) => setAttr(item, 'data-selected', i === index ? 'true' : null))
		}
		dots.forEach((dot, index) => {
			dot.addEventListener('click', (event) => {
				const item = items[index]
				if (!item) return
				event.preventDefault()
				select(index)
				track.scrollTo({
					left: item.offsetLeft - track.offsetLeft,
					behavior: reducedMotion.matches ? 'auto' : 'smooth',
				})
			})
		})
		track.addEventListener(
			'scroll',
			onFrame(() => {
				if (track.clientWidth > 0) select(carouselIndex(track.scrollLeft, track.clientWidth, items.length))
			}),
			{ passive: true },
		)
	})
}

/** `[data-reading-progress]`: a bar scaled to the fraction of the page read. */
function readingProgress() {
	const bar = doc.querySelector('[data-reading-progress]')
	if (!(bar instanceof HTMLElement)) return
	const paint = onFrame(() => {
		const progress = scrollProgress(window.scrollY, doc.documentElement.scrollHeight, window.innerHeight)
		bar.style.transform = `scaleX(${progress.toFixed(4)})`
	})
	window.addEventListener('scroll', paint, { passive: true })
	window.addEventListener('resize', paint, { passive: true })
	paint()
}

/** `[data-back-to-top]` (rendered `hidden`): shown once the reader is a screen down. */
function backToTop() {
	const link = doc.querySelector('[data-back-to-top]')
	if (!(link instanceof HTMLElement)) return
	const update = () => {
		link.hidden = !(window.scrollY > window.innerHeight)
	}
	window.addEventListener('scroll', update, { passive: true })
	update()
}

/**
 * The table of contents: every `a[data-toc-link]` pointing at the section
 * being read gets `aria-current="location"`, and `[data-toc-current]` (the
 * drawer's summary) shows that section's `data-toc-title`.
 * IntersectionObserver says when a section crosses the reading line, so
 * nothing runs while the reader stays inside one section.
 */
function tableOfContents() {
	const links = all('a[data-toc-link]')
	if (links.length === 0) return
	/** @type {HTMLElement[]} */
	const sections = []
	links.forEach((link) => {
		const section = doc.getElementById((link.getAttribute('href') || '').slice(1))
		if (section && sections.indexOf(section) === -1) sections.push(section)
	})
	if (sections.length === 0) return
	const labels = all('[data-toc-current]')
	let active = ''
	const compute = () => {
		const root = doc.documentElement
		const index = sectionInView(
			sections.map((s) => s.getBoundingClientRect().top),
			window.innerHeight,
			scrolledToBottom(window.scrollY, window.innerHeight, root.scrollHeight),
		)
		const section = sections[index]
		const id = section ? section.id : ''
		if (id === active) return
		active = id
		links.forEach((link) => setAttr(link, 'aria-current', link.getAttribute('href') === `#${id}` ? 'location' : null))
		const title = (section && section.getAttribute('data-toc-title')) || ''
		labels.forEach((label) => {
			label.textContent = title
		})
	}
	const observer = new IntersectionObserver(compute, { rootMargin: '0px 0px -85% 0px' })
	sections.forEach((s) => observer.observe(s))
	// Reaching the bottom marks the last section, which may never cross the line.
	window.addEventListener(
		'scroll',
		onFrame(() => {
			if (scrolledToBottom(window.scrollY, window.innerHeight, doc.documentElement.scrollHeight)) compute()
		}),
		{ passive: true },
	)
	compute()
}

/**
 * `details[data-toc-drawer]`: a native drawer that opens without JS. Here
 * the page behind it stops scrolling while it is open, and choosing a link
 * in it or pressing Escape closes it.
 */
function drawers() {
	all('details[data-toc-drawer]').forEach((el) => {
		const drawer = /** @type {HTMLDetailsElement} */ (el)
		const summary = drawer.querySelector('summary')
		const body = doc.body
		let locked = false
		let previous = ''
		/** @param {KeyboardEvent} event */
		const onKey = (event) => {
			if (event.key !== 'Escape') return
			close()
			if (summary) summary.focus()
		}
		const lock = () => {
			if (locked) return
			locked = true
			previous = body.style.overflow
			body.style.overflow = 'hidden'
			doc.addEventListener('keydown', onKey)
		}
		const unlock = () => {
			if (!locked) return
			locked = false
			body.style.overflow = previous
			doc.removeEventListener('keydown', onKey)
		}
		const close = () => {
			drawer.open = false
			unlock()
		}
		drawer.addEventListener('toggle', () => (drawer.open ? lock() : unlock()))
		all('a[href^="#"]', drawer).forEach((link) => link.addEventListener('click', close))
		if (drawer.open) lock()
	})
}

countdowns()
highlights()
parallax()
carousels()
readingProgress()
backToTop()
tableOfContents()
drawers()
// Tests (and anyone curious) can tell the enhancements are in place.
doc.documentElement.setAttribute('data-enhanced', '')
