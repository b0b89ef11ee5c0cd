// The analytics-mock dashboard: plain JavaScript with no dependency and no build step, served by
// `analytics-mock serve` at /_mock/ui. It only calls the mock's own control API, same origin, with JSON
// bodies, so the server's Host, Origin and content-type rules apply to it as to any client. Its reads
// are observers (not journaled, never run scheduled work), so watching the mock changes nothing.
//
// Everything shown is put in the page as text (textContent), never as markup: request paths, bodies and
// data come from whoever called the mock. Lists are shown a page at a time, however long they are.

const JOURNAL_PAGE = 100
const DATA_PAGE = 50
const ITEMS_PAGE = 50
const TASKS_SHOWN = 200
/** How often the journal is asked what came since (a request shows within a second). */
const POLL_MS = 400

const $ = (id) => document.getElementById(id)

class CallError extends Error {
  constructor(status, detail) {
    super(detail)
    this.status = status
  }
}

/** One call of the control API; resolves to the parsed answer, rejects with a CallError on an error status. */
async function call(method, path, body) {
  const init = { method, headers: { accept: 'application/json' }, cache: 'no-store' }
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json'
    init.body = JSON.stringify(body)
  }
  const res = await fetch(path, init)
  const text = await res.text()
  let data = null
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = text
    }
  }
  if (!res.ok)
    throw new CallError(
      res.status,
      data && typeof data === 'object' && data.detail
        ? `${res.status}: ${data.detail}`
        : `${res.status} ${res.statusText}`,
    )
  return data
}

/** An element with text (never markup), attributes and children. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (name === 'text') node.textContent = String(value)
    else if (name === 'className') node.className = value
    else if (name === 'dataset') Object.assign(node.dataset, value)
    else if (name === 'onclick') node.addEventListener('click', safely(value))
    else node.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children)
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child))
  return node
}

/** `fn` with its failure (thrown or rejected) shown as a notice. */
const safely =
  (fn) =>
  (...args) =>
    Promise.resolve()
      .then(() => fn(...args))
      .catch(failed)
/** `fn` on `event` of element `id` (its failure shown). */
const on = (id, event, fn) => $(id).addEventListener(event, safely(fn))
const button = (text, onclick, className) => el('button', { type: 'button', text, className, onclick })
const cell = (text, props = {}) => el('td', { text: text ?? '—', ...props })
const pretty = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2))
const number = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : '—')
/** `2026-11-01T12:00:05.123Z` -> `2026-11-01 12:00:05`. */
const when = (at) => (at ? at.replace('T', ' ').replace(/(\.\d+)?Z$/, '') : '—')
const statusClass = (status) => `s${String(status)[0]}`

let noticeTimer
function notice(message, kind = 'error') {
  const box = $('notice')
  box.textContent = message
  box.className = kind === 'info' ? 'info' : ''
  box.hidden = false
  clearTimeout(noticeTimer)
  if (kind === 'info') noticeTimer = setTimeout(() => (box.hidden = true), 5000)
}
const clearNotice = () => ($('notice').hidden = true)
const failed = (error) =>
  notice(error instanceof CallError ? error.message : `The mock did not answer: ${error.message}`)

// ------------------------------------------------------------------------------------------------ tabs

let activeTab = 'requests'
function showTab(name) {
  activeTab = name
  for (const tab of document.querySelectorAll('#tabs button'))
    tab.setAttribute('aria-selected', String(tab.dataset.tab === name))
  for (const section of document.querySelectorAll('main > .tab')) section.hidden = section.id !== name
  const load = { data: loadData, clock: () => refreshClock(true), faults: loadFaults }[name]
  if (load) safely(load)()
}

// ------------------------------------------------------------------------------------------- requests

const journal = {
  rows: [],
  /** The newest entry id the journal had at the last read: the next poll asks for what came after it. */
  cursor: 0,
  /** Reads from scratch so far: a poll that began before one is dropped. */
  reads: 0,
  /** The page shown holds the entries below this id (null: the first, newest page, the only one that goes live). */
  before: null,
  count: 0,
  dropped: 0,
  selected: null,
  operation: '',
  status: '',
  path: '',
  text: '',
}

/** The filters and search in force, as the control API reads them (the list's and the HAR export's). */
function journalFilters() {
  const q = new URLSearchParams()
  for (const name of ['operation', 'status', 'path', 'text'])
    if (journal[name]) q.set(name === 'operation' ? 'operation_id' : name, journal[name])
  return q
}

function journalUrl(extra) {
  const q = new URLSearchParams({ order: 'desc', bodies: 'false', limit: String(JOURNAL_PAGE) })
  for (const [name, value] of journalFilters()) q.set(name, value)
  for (const [name, value] of Object.entries(extra)) q.set(name, String(value))
  return `/_mock/journal?${q}`
}

/** Reads the page the view is on, from scratch. */
async function loadJournal() {
  const page = await call('GET', journalUrl(journal.before === null ? {} : { before: journal.before }))
  journal.reads++
  showJournalPage(page, page.results)
}

function showJournalPage(page, rows) {
  journal.rows = rows
  journal.count = page.count
  journal.dropped = page.dropped
  journal.cursor = page.last_id ?? 0
  renderJournal(new Set())
}

/** The page of entries newer than the top one shown: the first page again (live) when there are no more than a page of them. */
async function newerJournal() {
  const top = journal.rows[0]?.id ?? 0
  const page = await call('GET', journalUrl({ order: 'asc', after: top, limit: JOURNAL_PAGE + 1 }))
  if (page.results.length <= JOURNAL_PAGE) {
    journal.before = null
    return loadJournal()
  }
  journal.reads++
  const rows = page.results.slice(0, JOURNAL_PAGE).reverse()
  journal.before = rows[0].id + 1
  showJournalPage(page, rows)
}

/** Entry `id` on its page (the page of the entries up to it), its detail open. */
async function goToEntry(id) {
  journal.before = id + 1
  await loadJournal()
  await selectEntry(id)
}

/** On the first page: what came since the last read, on top (or the page again after a reset or clear). */
async function pollJournal() {
  const reads = journal.reads
  const page = await call('GET', journalUrl({ after: journal.cursor }))
  // A read from scratch (a reset, a filter) replaced the view while this one was on its way: what this
  // one found is there already, or is not what the view shows now (shown twice or wrongly otherwise); the
  // next poll goes on from the new cursor.
  if (journal.reads !== reads) return
  const cleared =
    page.last_id === null ? journal.cursor > 0 : page.last_id < journal.cursor || (page.first_id ?? 0) > journal.cursor
  if (cleared) return loadJournal()
  journal.count = page.count
  journal.dropped = page.dropped
  journal.cursor = page.last_id ?? journal.cursor
  if (page.results.length === 0) return renderJournalSummary()
  journal.rows = [...page.results, ...journal.rows].slice(0, JOURNAL_PAGE)
  renderJournal(new Set(page.results.map((e) => e.id)))
}

function renderJournalSummary() {
  const first = journal.before === null
  const shown = journal.rows.length
  const span = shown ? `${number(journal.rows.at(-1).id)}–${number(journal.rows[0].id)}` : 'none'
  const dropped = journal.dropped ? `; ${number(journal.dropped)} older dropped (the journal is bounded)` : ''
  $('journal-summary').textContent =
    `${number(journal.count)} matching; showing ${shown ? `#${span}` : span}${first ? '' : ' (an older page: not live)'}${dropped}`
  $('journal-newer').disabled = first
  $('journal-older').disabled = shown === 0 || journal.rows.at(-1).id <= 1 || shown < JOURNAL_PAGE
  const filters = journalFilters().toString()
  $('journal-har').href = `/_mock/journal/har${filters ? `?${filters}` : ''}`
}

/** An entry's path with its query, as the table and the send-again form show it. */
const target = (e) => {
  const query = new URLSearchParams(Object.entries(e.query ?? {})).toString()
  return query ? `${e.path}?${query}` : e.path
}

function renderJournal(fresh) {
  const body = document.createDocumentFragment()
  for (const e of journal.rows) {
    const shown = target(e)
    const row = el(
      'tr',
      {
        dataset: { id: e.id },
        className:
          [e.id === journal.selected ? 'selected' : '', fresh.has(e.id) ? 'fresh' : ''].join(' ').trim() || undefined,
      },
      cell(e.id),
      cell(when(e.at).slice(11), { title: e.at, className: 'aside' }),
      cell(e.method),
      cell(shown, { className: 'clip path', title: shown }),
      cell(e.operation_id, { className: 'aside' }),
      cell(e.status, { className: `status ${statusClass(e.status)}` }),
      cell(e.duration_ms, { className: 'ms' }),
      cell(e.key, { className: 'aside' }),
      cell(e.validation === 'passed' ? '✓ passed' : e.validation === 'failed' ? '✗ failed' : '– skipped', {
        className: `verdict ${e.validation}`,
        title:
          e.violation ??
          (e.validation === 'skipped'
            ? 'not checked: no handler answered, a 5xx, or validation is off'
            : 'the answer matched the contract'),
      }),
    )
    row.addEventListener(
      'click',
      safely(() => selectEntry(e.id)),
    )
    body.append(row)
  }
  $('journal').tBodies[0].replaceChildren(body)
  renderJournalSummary()
}

/** `children` without the absent ones: replaceChildren and append write null as the text "null". */
const present = (...children) => children.filter((child) => child !== null && child !== undefined)

function showDetail(open) {
  $('journal-detail').hidden = !open
  $('journal-split').classList.toggle('detail-open', open)
}

async function selectEntry(id) {
  journal.selected = id
  for (const row of $('journal').tBodies[0].rows) row.classList.toggle('selected', Number(row.dataset.id) === id)
  const pane = $('journal-detail')
  showDetail(true)
  let entry
  try {
    entry = await call('GET', `/_mock/journal/${id}`)
  } catch (error) {
    if (!(error instanceof CallError) || error.status !== 404) throw error
    pane.replaceChildren(
      closeButton(),
      el('h2', { text: `#${id}` }),
      el('p', { text: 'No longer in the journal (it keeps the newest entries; a reset or clear empties it).' }),
    )
    return
  }
  const query = Object.keys(entry.query ?? {}).length ? entry.query : null
  pane.replaceChildren(
    ...present(
      closeButton(),
      el('h2', { text: `${entry.method} ${entry.path}` }),
      el(
        'p',
        { className: 'tools' },
        button('Copy as curl', () => copyCurl(entry), 'copy-curl'),
        button('Send again…', () => openSendForm(entry), 'send-again'),
      ),
      el('div', { className: 'curl-slot' }),
      el('div', { className: 'send-slot' }),
      el(
        'dl',
        {},
        ...pair('entry', `#${entry.id} at ${entry.at}`),
        ...pair('operation', entry.operation_id ?? '(none)'),
        ...pair('status', entry.status),
        ...pair('duration', `${entry.duration_ms} ms`),
        ...pair('key', entry.key ?? '(none)'),
        ...pair('contract', entry.validation + (entry.violation ? `: ${entry.violation}` : '')),
      ),
      el('h3', { text: 'Request' }),
      query ? el('pre', { className: 'query', text: pretty(query) }) : null,
      entry.request_body === undefined
        ? el('pre', { className: 'request-body', text: '(no body)' })
        : bodyView(entry.request_body, 'request-body'),
      el('div', { className: 'answers' }, answerView(entry, 'original', 'Response')),
    ),
  )
}

/** An entry's answer: status, headers, body. */
function answerView(entry, className, title) {
  const res = entry.response
  return el(
    'section',
    { className: `answer ${className}` },
    ...present(
      el('h3', { text: `${title} ${res.status}`, className: `status-line ${statusClass(res.status)}` }),
      Object.keys(res.headers).length
        ? el('pre', {
            className: 'headers',
            text: Object.entries(res.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n'),
          })
        : null,
      !res.body_kept
        ? el('pre', {
            className: 'response-body',
            text: '(not kept: the journal keeps the answers of its newest 100 entries, and not those written as they were made)',
          })
        : res.body === null
          ? el('pre', { className: 'response-body', text: '(no body)' })
          : bodyView(res.body, 'response-body'),
    ),
  )
}

function pair(name, value) {
  return [el('dt', { text: name }), el('dd', { text: value })]
}

const closeButton = () =>
  button(
    'close',
    () => {
      showDetail(false)
      journal.selected = null
      for (const row of document.querySelectorAll('tr.selected')) row.classList.remove('selected')
    },
    'close',
  )

// ------------------------------------------------------------------------------- bodies, copy, replay

/** Puts `text` on the clipboard; says so, or says to copy it by hand. */
async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text)
    notice(`Copied ${what}.`, 'info')
  } catch {
    notice(`Could not reach the clipboard: select and copy ${what} by hand.`)
  }
}

/** `.results[0].name`, jq's way (`.["a b"]` for a name that is not a plain word). */
const childPath = (path, key) =>
  typeof key === 'number'
    ? `${path === '.' ? '' : path}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? `${path === '.' ? '' : path}.${key}`
      : `${path === '.' ? '' : path}.[${JSON.stringify(key)}]`

/** A JSON value as a tree to fold and unfold (objects and arrays open two levels deep, the rest made when opened), each name copying its path. */
function jsonTree(value, key, path, depth) {
  const label =
    key === undefined
      ? null
      : el('span', {
          className: 'key',
          title: `copy the path ${path}`,
          text: typeof key === 'number' ? `${key}` : key,
          dataset: { path },
        })
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value)
    const summary = el(
      'summary',
      {},
      ...present(
        label,
        label ? ': ' : null,
        el('span', { className: 'shape', text: Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}` }),
      ),
    )
    const node = el('details', { className: 'node', open: depth < 2 }, summary)
    const fill = () => {
      if (node.dataset.filled) return
      node.dataset.filled = 'true'
      node.append(...entries.map(([k, v]) => jsonTree(v, k, childPath(path, k), depth + 1)))
    }
    if (depth < 2) fill()
    else node.addEventListener('toggle', fill)
    return node
  }
  const kind = value === null ? 'null' : typeof value
  return el(
    'div',
    { className: 'leaf' },
    ...present(label, label ? ': ' : null, el('span', { className: `value ${kind}`, text: JSON.stringify(value) })),
  )
}

/** A body: a JSON value as a tree (with its raw text a click away), text as text. */
function bodyView(value, className) {
  if (typeof value !== 'object' || value === null) return el('pre', { className, text: pretty(value) })
  const raw = el('pre', { className, text: pretty(value), hidden: true })
  const tree = el('div', { className: 'tree' }, jsonTree(value, undefined, '.', 0))
  tree.addEventListener('click', (event) => {
    const key = event.target.closest?.('.key')
    if (!key) return
    event.preventDefault()
    copy(key.dataset.path, `the path ${key.dataset.path}`)
  })
  const toggle = button(
    'raw',
    () => {
      raw.hidden = !raw.hidden
      tree.hidden = !raw.hidden
      toggle.textContent = raw.hidden ? 'raw' : 'tree'
    },
    'raw-toggle',
  )
  return el(
    'div',
    { className: 'body' },
    el(
      'p',
      { className: 'tools' },
      toggle,
      button('unfold all', () => unfoldAll(tree), 'unfold'),
      el('span', { className: 'muted', text: ' click a name to copy its path' }),
    ),
    tree,
    raw,
  )
}

/** Opens every level (made as they open), up to a few thousand nodes. */
function unfoldAll(tree) {
  for (let round = 0; round < 64; round++) {
    const closed = tree.querySelectorAll('details:not([open])')
    if (closed.length === 0 || tree.querySelectorAll('details').length > 5000) return
    for (const node of closed) {
      node.open = true
      node.dispatchEvent(new Event('toggle'))
    }
  }
}

async function copyCurl(entry) {
  const line = (await call('GET', `/_mock/journal/${entry.id}/curl`)).trim()
  const slot = $('journal-detail').querySelector('.curl-slot')
  slot.replaceChildren(
    el('pre', { className: 'curl', text: line }),
    el('p', { className: 'muted', text: 'The key is read from $POSTHOG_PERSONAL_API_KEY: export it first.' }),
  )
  await copy(line, 'the curl command line')
}

/** The form to send entry `entry`'s request again, as it was or changed. */
function openSendForm(entry) {
  const slot = $('journal-detail').querySelector('.send-slot')
  const method = el(
    'select',
    { className: 'send-method' },
    ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((m) => el('option', { value: m, text: m })),
  )
  method.value = entry.method
  const path = el('input', { className: 'send-target', value: target(entry), size: 60 })
  const bodyText = entry.request_body === undefined ? '' : pretty(entry.request_body)
  const body = el('textarea', { className: 'send-body', rows: 6, spellcheck: 'false', placeholder: '(no body)' })
  body.value = bodyText
  const send = async () => {
    const ask = { id: entry.id }
    if (method.value !== entry.method) ask.method = method.value
    if (path.value !== target(entry)) ask.target = path.value
    if (body.value !== bodyText) ask.body_text = body.value
    const again = await call('POST', '/_mock/ui/send', ask)
    slot.replaceChildren()
    await showSentAgain(again)
  }
  slot.replaceChildren(
    el(
      'form',
      { className: 'send-form' },
      el('h3', { text: `Send #${entry.id} again` }),
      el('p', {}, method, ' ', path),
      body,
      el('p', {
        className: 'muted',
        text: 'Sent with the key it presented. Values shown [redacted] are sent as they were.',
      }),
      el(
        'p',
        {},
        el('button', { type: 'submit', className: 'send', text: 'Send' }),
        ' ',
        button('Cancel', () => slot.replaceChildren()),
      ),
    ),
  )
  slot.querySelector('form').addEventListener('submit', (event) => {
    event.preventDefault()
    safely(send)()
  })
}

/** The answer to a request sent again, beside the original's. */
async function showSentAgain(again) {
  const pane = $('journal-detail')
  const answers = pane.querySelector('.answers')
  answers.classList.add('compare')
  const view = again.entry
    ? answerView(again.entry, 'again', `Sent again (#${again.id}):`)
    : el(
        'section',
        { className: 'answer again' },
        el('h3', { text: `Sent again: ${again.status}`, className: `status-line ${statusClass(again.status)}` }),
        el('p', { className: 'muted', text: 'The journal keeps no entries (journal size 0).' }),
      )
  answers.replaceChildren(answers.querySelector('.original'), view)
  answers.scrollIntoView({ block: 'start' })
  if (journal.before === null && !$('journal-live').checked) await loadJournal()
}

function journalFiltersChanged() {
  const status = $('journal-status')
  if (!status.checkValidity()) return
  journal.operation = $('journal-operation').value
  journal.status = status.value.trim().toLowerCase()
  journal.path = $('journal-path').value.trim()
  journal.text = $('journal-text').value.trim()
  journal.before = null
  return loadJournal()
}

// ----------------------------------------------------------------------------------------------- data

const data = { project: null, kind: 'persons', search: '', offset: 0, count: 0, playlist: null, itemsOffset: 0 }
let searchTimer

const DATA_PATH = { persons: 'persons', playlists: 'playlists', recordings: 'session_recordings' }

const COLUMNS = {
  persons: [
    ['id', (p) => p.id],
    ['name', (p) => p.name],
    [
      'distinct ids',
      (p) =>
        p.distinct_ids.slice(0, 2).join(', ') + (p.distinct_ids.length > 2 ? ` (+${p.distinct_ids.length - 2})` : ''),
    ],
    ['created', (p) => when(p.created_at)],
    ['properties', (p) => (p.properties ? JSON.stringify(p.properties) : '—')],
  ],
  playlists: [
    ['short id', (p) => p.short_id],
    ['name', (p) => p.name || p.derived_name || '(unnamed)'],
    ['type', (p) => p.type],
    ['items', (p) => p.recordings_counts?.collection?.count ?? 0],
    ['pinned', (p) => (p.pinned ? 'yes' : '')],
    ['deleted', (p) => (p.deleted ? 'deleted' : '')],
    ['last modified', (p) => when(p.last_modified_at)],
  ],
  recordings: [
    ['id', (r) => r.id],
    ['distinct id', (r) => r.distinct_id],
    ['start', (r) => when(r.start_time)],
    ['duration (s)', (r) => r.recording_duration],
    ['start URL', (r) => r.start_url],
    ['person', (r) => r.person?.name],
    ['clicks', (r) => r.click_count],
  ],
}

async function loadProjects() {
  const { results } = await call('GET', '/_mock/projects')
  const select = $('data-project')
  const keep = data.project
  select.replaceChildren(...results.map((p) => el('option', { value: p.id, text: `${p.id}: ${p.name}` })))
  data.project = results.some((p) => String(p.id) === keep) ? keep : String(results[0]?.id ?? '')
  select.value = data.project
}

async function loadData() {
  if (data.project === null) await loadProjects()
  if (!data.project) return
  const q = new URLSearchParams({ limit: String(DATA_PAGE), offset: String(data.offset) })
  if (data.search) q.set('search', data.search)
  const page = await call('GET', `/_mock/projects/${encodeURIComponent(data.project)}/${DATA_PATH[data.kind]}?${q}`)
  data.count = page.count
  const columns = COLUMNS[data.kind]
  $('data-table').tHead.replaceChildren(el('tr', {}, ...columns.map(([name]) => el('th', { text: name }))))
  const body = document.createDocumentFragment()
  for (const record of page.results) {
    const row = el('tr', { className: data.kind === 'playlists' && record.deleted ? 'deleted' : undefined })
    for (const [name, value] of columns)
      row.append(
        cell(
          value(record),
          name === 'properties' || name === 'start URL' ? { className: 'clip', title: value(record) } : {},
        ),
      )
    row.addEventListener(
      'click',
      safely(() => {
        for (const other of $('data-table').tBodies[0].rows) other.classList.toggle('selected', other === row)
        return showRecord(record)
      }),
    )
    body.append(row)
  }
  $('data-table').tBodies[0].replaceChildren(body)
  const last = Math.min(data.offset + page.results.length, data.count)
  $('data-summary').textContent = data.count
    ? `${number(data.offset + 1)}–${number(last)} of ${number(data.count)}`
    : 'none'
  $('data-prev').disabled = data.offset === 0
  $('data-next').disabled = last >= data.count
}

async function showRecord(record) {
  const pane = $('data-detail')
  pane.hidden = false
  if (data.kind !== 'playlists') {
    pane.replaceChildren(
      closeDataButton(),
      el('h2', { text: data.kind === 'persons' ? `Person ${record.id}` : `Recording ${record.id}` }),
      el('pre', { text: pretty(record) }),
    )
    return
  }
  data.playlist = record
  data.itemsOffset = 0
  await showItems()
}

async function showItems() {
  const playlist = data.playlist
  const q = new URLSearchParams({ limit: String(ITEMS_PAGE), offset: String(data.itemsOffset) })
  const page = await call(
    'GET',
    `/_mock/projects/${encodeURIComponent(data.project)}/playlists/${encodeURIComponent(playlist.short_id)}/items?${q}`,
  )
  const rows = page.results.map((item) =>
    el(
      'tr',
      {},
      cell(item.recording_id),
      cell(when(item.added_at)),
      cell(item.recording ? item.recording.distinct_id : '(not in the project)'),
      cell(item.recording?.recording_duration),
      cell(item.recording?.start_url, { className: 'clip' }),
    ),
  )
  const pager = el(
    'p',
    {},
    el('button', {
      type: 'button',
      text: '← previous',
      disabled: data.itemsOffset === 0,
      onclick: () => ((data.itemsOffset -= ITEMS_PAGE), showItems()),
    }),
    ` ${page.count ? `${number(data.itemsOffset + 1)}–${number(data.itemsOffset + page.results.length)} of ${number(page.count)}` : 'no items'} `,
    el('button', {
      type: 'button',
      text: 'next →',
      disabled: !page.next,
      onclick: () => ((data.itemsOffset += ITEMS_PAGE), showItems()),
    }),
  )
  $('data-detail').replaceChildren(
    closeDataButton(),
    el('h2', {
      text: `Playlist ${playlist.short_id}: ${playlist.name || playlist.derived_name || '(unnamed)'}${playlist.deleted ? ' (deleted)' : ''}`,
    }),
    el('h3', { text: 'Items, most recently added first' }),
    el(
      'table',
      { className: 'rows items' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['recording', 'added', 'distinct id', 'duration (s)', 'start URL'].map((t) => el('th', { text: t })),
        ),
      ),
      el('tbody', {}, ...rows),
    ),
    pager,
    el('h3', { text: 'Playlist' }),
    el('pre', { text: pretty(playlist) }),
  )
}

const closeDataButton = () => button('close', () => ($('data-detail').hidden = true), 'close')

function dataQueryChanged({ resetPage = true } = {}) {
  if (resetPage) data.offset = 0
  $('data-detail').hidden = true
  return loadData()
}

// ------------------------------------------------------------------------------------ clock and tasks

let clockState = null
let tasksTick = 0

async function refreshClock(withTasks) {
  clockState = await call('GET', '/_mock/clock')
  $('clock-now').textContent = `${when(clockState.now)} UTC${clockState.frozen ? ' (frozen)' : ''}`
  $('clock-state').textContent = `${clockState.now}${clockState.frozen ? ', frozen' : ', following wall time'}`
  $('clock-freeze').textContent = clockState.frozen ? 'Follow wall time' : 'Freeze'
  if (withTasks) await loadTasks()
}

async function loadTasks() {
  const { results } = await call('GET', '/_mock/tasks')
  const now = clockState ? Date.parse(clockState.now) : Date.now()
  const shown = results.slice(-TASKS_SHOWN).reverse()
  const body = document.createDocumentFragment()
  for (const t of shown) {
    const due = t.state === 'queued' && Date.parse(t.scheduled_for) <= now
    const state = due ? 'due' : t.state
    body.append(
      el(
        'tr',
        { dataset: { id: t.id, state } },
        cell(t.id),
        cell(t.kind),
        cell(t.project_id),
        cell(t.target?.person_id ?? t.target?.person_uuid, { title: t.target?.person_uuid }),
        cell(when(t.created_at)),
        cell(when(t.scheduled_for)),
        cell(state, {
          className: `state ${state}`,
          title: due ? 'its time has come: it runs on the next API request, or with "Run what fell due"' : undefined,
        }),
        cell(when(t.ran_at)),
        cell(t.result ? `${number(t.result.deleted_events)} events deleted` : ''),
      ),
    )
  }
  $('tasks').tBodies[0].replaceChildren(body)
  if (results.length > TASKS_SHOWN)
    $('clock-ran').textContent = `Showing the newest ${TASKS_SHOWN} of ${number(results.length)} tasks.`
}

async function changeClock(body, what) {
  const state = await call('POST', '/_mock/clock', body)
  const ran = state.ran ?? []
  $('clock-ran').textContent =
    `${what}: now ${state.now}; ${ran.length ? `ran ${ran.map((t) => `#${t.id} (${number(t.result?.deleted_events ?? 0)} events deleted)`).join(', ')}` : 'no task fell due'}.`
  await refreshClock(true)
}

function advance(value) {
  const text = String(value).trim()
  if (text) return changeClock({ advance: /^\d+$/.test(text) ? Number(text) : text }, `Advanced by ${text}`)
}

// --------------------------------------------------------------------------------------------- faults

async function loadOperations() {
  const { results } = await call('GET', '/_mock/routes')
  const ids = results.map((r) => r.operation_id).sort()
  $('journal-operation').append(...ids.map((id) => el('option', { value: id, text: id })))
  const api = results
    .filter((r) => r.scopes !== null)
    .map((r) => r.operation_id)
    .sort()
  $('fault-operations').replaceChildren(...api.map((id) => el('option', { value: id, text: id })))
}

function showFaults(settings) {
  const parts = []
  if (settings.latency_ms || settings.jitter_ms)
    parts.push(`latency ${settings.latency_ms} ms${settings.jitter_ms ? ` + up to ${settings.jitter_ms} ms` : ''}`)
  if (settings.error_rate) parts.push(`${Math.round(settings.error_rate * 100)}% answered ${settings.error_status}`)
  $('faults-state').textContent = parts.length
    ? `${parts.join(', ')} on ${settings.operations ? settings.operations.join(', ') : 'every API operation'}`
    : 'none'
  $('fault-latency').value = settings.latency_ms
  $('fault-jitter').value = settings.jitter_ms
  $('fault-rate').value = settings.error_rate
  $('fault-status').value = String(settings.error_status)
  const chosen = new Set(settings.operations ?? [])
  for (const option of $('fault-operations').options) option.selected = chosen.has(option.value)
}

async function loadFaults() {
  showFaults(await call('GET', '/_mock/faults'))
}

async function setFaults() {
  const operations = [...$('fault-operations').selectedOptions].map((o) => o.value)
  const settings = await call('POST', '/_mock/faults', {
    latency_ms: Number($('fault-latency').value || 0),
    jitter_ms: Number($('fault-jitter').value || 0),
    error_rate: Number($('fault-rate').value || 0),
    error_status: Number($('fault-status').value),
    operations: operations.length ? operations : null,
  })
  showFaults(settings)
  notice('Faults set.', 'info')
}

async function clearFaults() {
  await call('DELETE', '/_mock/faults')
  await loadFaults()
  notice('Faults cleared.', 'info')
}

// ---------------------------------------------------------------------------------------------- reset

async function loadAbout() {
  const health = await call('GET', '/_mock/health')
  $('about').textContent = `${health.version} · scenario "${health.scenario}", seed ${health.seed}`
}

async function reset() {
  const state = await call('POST', '/_mock/reset', {})
  notice(`Reset to the seeded data: scenario "${state.fixtures}", seed ${state.seed}.`, 'info')
  journal.before = null
  showDetail(false)
  $('data-detail').hidden = true
  data.project = null
  await Promise.all([loadJournal(), loadAbout(), refreshClock(true), activeTab === 'data' ? loadData() : null])
}

// ------------------------------------------------------------------------------------------- the loop

let failing = false
async function tick() {
  try {
    if ($('journal-live').checked && journal.before === null) await pollJournal()
    if (++tasksTick % 3 === 0) await refreshClock(activeTab === 'clock')
    if (failing) clearNotice()
    failing = false
  } catch (error) {
    failing = true
    failed(error)
  } finally {
    setTimeout(tick, POLL_MS)
  }
}

function wire() {
  for (const tab of document.querySelectorAll('#tabs button'))
    tab.addEventListener('click', () => showTab(tab.dataset.tab))
  for (const form of document.querySelectorAll('form'))
    form.addEventListener('submit', (event) => event.preventDefault())

  on('journal-operation', 'change', journalFiltersChanged)
  on('journal-status', 'change', journalFiltersChanged)
  let journalSearchTimer
  for (const box of ['journal-path', 'journal-text']) {
    on(box, 'input', () => {
      clearTimeout(journalSearchTimer)
      journalSearchTimer = setTimeout(safely(journalFiltersChanged), 250)
    })
  }
  on('journal-goto', 'change', () => {
    const id = Number($('journal-goto').value)
    if (Number.isSafeInteger(id) && id >= 1) return goToEntry(id)
  })
  on('journal-live', 'change', () => $('journal-live').checked && journal.before === null && loadJournal())
  on('journal-older', 'click', () => {
    journal.before = journal.rows.at(-1).id
    return loadJournal()
  })
  on('journal-newer', 'click', newerJournal)

  on('data-project', 'change', () => {
    data.project = $('data-project').value
    return dataQueryChanged()
  })
  const kinds = document.querySelectorAll('#data-filters [data-kind]')
  for (const kind of kinds) {
    kind.addEventListener(
      'click',
      safely(() => {
        data.kind = kind.dataset.kind
        for (const other of kinds) other.setAttribute('aria-pressed', String(other === kind))
        return dataQueryChanged()
      }),
    )
  }
  on('data-search', 'input', () => {
    clearTimeout(searchTimer)
    searchTimer = setTimeout(
      safely(() => {
        data.search = $('data-search').value.trim()
        return dataQueryChanged()
      }),
      250,
    )
  })
  on('data-prev', 'click', () => {
    data.offset = Math.max(0, data.offset - DATA_PAGE)
    return dataQueryChanged({ resetPage: false })
  })
  on('data-next', 'click', () => {
    data.offset += DATA_PAGE
    return dataQueryChanged({ resetPage: false })
  })
  on('data-refresh', 'click', () => dataQueryChanged({ resetPage: false }))

  on('clock-advance', 'submit', () => advance($('clock-duration').value))
  for (const step of document.querySelectorAll('[data-advance]'))
    step.addEventListener(
      'click',
      safely(() => advance(step.dataset.advance)),
    )
  on('clock-run-due', 'click', () => changeClock({ advance: 0 }, 'Ran what fell due'))
  on('clock-freeze', 'click', () =>
    changeClock({ freeze: !clockState?.frozen }, clockState?.frozen ? 'Following wall time' : 'Frozen'),
  )

  on('faults-form', 'submit', setFaults)
  on('faults-clear', 'click', clearFaults)

  const dialog = $('reset-dialog')
  on('reset-open', 'click', () => dialog.showModal())
  on('reset-cancel', 'click', () => dialog.close())
  on('reset-confirm', 'click', () => {
    dialog.close()
    return reset()
  })
}

async function start() {
  wire()
  try {
    await Promise.all([loadOperations(), loadAbout(), refreshClock(false), loadJournal()])
  } catch (error) {
    failed(error)
  }
  document.body.dataset.ready = 'true'
  setTimeout(tick, POLL_MS)
}

start()
