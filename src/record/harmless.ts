// The service's own properties that say nothing about who someone is ($browser, $os, $geoip_country_code,
// ... and their `$initial_` forms), each with the values it takes: the browsers, systems and device kinds
// the service's web SDK names, version numbers, ISO country codes, IANA time zones, language tags. A value
// under such a key is kept only when it is one of those; anything else under it (an address, a name, a
// campaign tag) is redacted like any other text. Campaign parameters ($utm_source, ...) are free text
// chosen by whoever wrote the link, so they are not harmless.

const oneOf =
  (...values: string[]) =>
  (value: string): boolean =>
    values.includes(value)
const shape =
  (pattern: RegExp) =>
  (value: string): boolean =>
    pattern.test(value)

const BROWSERS = oneOf(
  'Chrome',
  'Chrome iOS',
  'Chrome Headless',
  'Chromium',
  'Firefox',
  'Firefox iOS',
  'Safari',
  'Mobile Safari',
  'Microsoft Edge',
  'Internet Explorer',
  'Internet Explorer Mobile',
  'Opera',
  'Opera Mini',
  'Samsung Internet',
  'UC Browser',
  'BlackBerry',
  'Android Mobile',
  'Konqueror',
  'Facebook Mobile',
  'Mozilla',
  'Brave',
  'Vivaldi',
  'Yandex',
  'Kindle Fire',
  'Electron',
)
const SYSTEMS = oneOf(
  'Windows',
  'Windows Phone',
  'Mac OS X',
  'macOS',
  'iOS',
  'iPadOS',
  'watchOS',
  'tvOS',
  'visionOS',
  'Android',
  'Linux',
  'Chrome OS',
  'ChromeOS',
  'BlackBerry',
  'Xbox',
  'PlayStation',
  'Nintendo',
  'Ubuntu',
  'Fedora',
  'Debian',
  'FreeBSD',
)
const DEVICE_TYPES = oneOf('Desktop', 'Mobile', 'Tablet', 'Console', 'Wearable', 'TV')
const DEVICES = oneOf(
  'iPhone',
  'iPad',
  'iPod Touch',
  'Android',
  'Windows Phone',
  'BlackBerry',
  'Kindle Fire',
  'Apple Watch',
  'Apple TV',
  'Xbox',
  'PlayStation',
  'Nintendo Switch',
  'Nintendo 3DS',
  'Nintendo Wii',
  'Nintendo Wii U',
  'Ouya',
  'Generic Android',
  'Generic Tablet',
)
/** 1, 17.4, 120.0.6099.109, 1.2.3-beta.1 */
const VERSION = shape(/^\d{1,4}(\.\d{1,6}){0,3}([-+][0-9a-z]{1,12}(\.\d{1,4})?)?$/i)
const COUNTRY_CODE = shape(/^[A-Z]{2}$/)
const CONTINENT_CODE = oneOf('AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA')
const CONTINENTS = oneOf('Africa', 'Antarctica', 'Asia', 'Europe', 'North America', 'Oceania', 'South America')
/** en, en-GB, zh-Hant-TW */
const LANGUAGE = shape(/^[a-z]{2,3}([-_][A-Za-z]{4})?([-_]([A-Z]{2}|\d{3}))?$/)
const LANGUAGE_PREFIX = shape(/^[a-z]{2,3}$/)
const PIXELS = shape(/^\d{1,5}$/)
const LIBRARIES = shape(
  /^(web|js|posthog-(node|python|ruby|php|go|java|dotnet|elixir|rust|ios|android|react-native|flutter|unity|js-lite|edge|server))$/,
)

let countries: ((value: string) => boolean) | undefined
/** Country names as the service's GeoIP database writes them (English region names). */
function countryName(value: string): boolean {
  if (!countries) {
    const names = new Set<string>()
    const display = new Intl.DisplayNames(['en'], { type: 'region' })
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b)
        const name = display.of(code)
        if (name && name !== code) names.add(name)
      }
    }
    countries = (v) => names.has(v)
  }
  return countries(value)
}

let zones: Set<string> | undefined
/** An IANA time zone name (Europe/London, UTC). */
function timeZone(value: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC'])
  return zones.has(value)
}

const HARMLESS: Record<string, (value: string) => boolean> = {
  browser: BROWSERS,
  browser_version: VERSION,
  browser_language: LANGUAGE,
  browser_language_prefix: LANGUAGE_PREFIX,
  os: SYSTEMS,
  os_name: SYSTEMS,
  os_version: VERSION,
  device_type: DEVICE_TYPES,
  device: DEVICES,
  lib: LIBRARIES,
  lib_version: VERSION,
  app_version: VERSION,
  app_build: VERSION,
  geoip_country_code: COUNTRY_CODE,
  geoip_country_name: countryName,
  geoip_continent_code: CONTINENT_CODE,
  geoip_continent_name: CONTINENTS,
  geoip_time_zone: timeZone,
  timezone: timeZone,
  locale: LANGUAGE,
  screen_height: PIXELS,
  screen_width: PIXELS,
  viewport_height: PIXELS,
  viewport_width: PIXELS,
}

/**
 * For one of the service's harmless properties (`$browser`, `$initial_os`, ...), whether a value is one it
 * takes; undefined for any other key.
 */
export function harmlessRule(key: string): ((value: string) => boolean) | undefined {
  const m = /^\$(initial_)?(.+)$/.exec(key.toLowerCase())
  return m && Object.hasOwn(HARMLESS, m[2]!) ? HARMLESS[m[2]!] : undefined
}
