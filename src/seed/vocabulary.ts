// The fixed values generated persons, events and recordings draw from (seed.ts, at every size).
export const DAY = 86_400_000
export const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge', 'Opera']
export const OSES = ['Mac OS X', 'Windows', 'iOS', 'Android', 'Linux']
export const PLANS = ['free', 'startup', 'growth', 'enterprise']
export const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'JP', 'CA', 'AU', 'NL']
export const REFERRERS = ['$direct', 'google.com', 'news.ycombinator.com', 'twitter.com', 'github.com', 'bing.com']
export const PATHS = [
  '/',
  '/pricing',
  '/signup',
  '/login',
  '/dashboard',
  '/settings',
  '/checkout',
  '/docs',
  '/blog',
  '/account/billing',
]
export const ORIGIN = 'https://app.hedgebox.net'
/** ORIGIN + each of PATHS, made once: a recording's start_url is one of them (shared, not a string per recording). */
export const START_URLS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(PATHS.map((path) => [path, ORIGIN + path])),
)
/** Event names, $pageview weighted 3. */
export const EVENT_NAMES = ['$pageview', '$pageview', '$pageview', '$autocapture', 'insight viewed', 'file uploaded']

/** The scopes of `phx_mock_read` (a recorded scenario's read key has them too). */
export const READ_KEY_SCOPES = [
  'person:read',
  'session_recording_playlist:read',
  'session_recording:read',
  'activity_log:read',
  'insight:read',
]
