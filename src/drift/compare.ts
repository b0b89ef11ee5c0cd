// Our operations against a deployment's published schema. A difference is breaking when it touches
// something we send or read: an operation, a parameter, a request field, or a response field we
// require, that their schema does not have; a type that does not match (they may send a type we do not
// read, null included, or refuse one we send); a value we send that they do not list; something they
// require that we may not send. The rest is a warning: what they have and we do not (fields,
// parameters, enum values: additions), response fields they do not promise (not required there),
// fields we read but do not require, deprecation, extra scopes, another success status, a body they
// do not document.
import type { ApiDocument, DocOperation, DocParameter } from './openapi.ts'
import { typeCovered, typeText, type Shape } from './shape.ts'

export type Severity = 'breaking' | 'warning'

export interface Finding {
  severity: Severity
  /** Our operation. */
  operationId: string
  method: string
  path: string
  /** Where in it: `operation`, `query parameter limit`, `request body name`, `response 200 results[].viewed`. */
  where: string
  change:
    | 'removed'
    | 'retyped'
    | 'required'
    | 'optional'
    | 'enum'
    | 'added'
    | 'deprecated'
    | 'scopes'
    | 'status'
    | 'format'
    | 'undocumented'
  message: string
  /** Stable across runs (what a baseline lists). */
  id: string
  /** Listed in the baseline: known, does not fail the run. */
  accepted?: boolean
}

export interface OperationMatch {
  ours: DocOperation & { operationId: string }
  theirs?: DocOperation
}

/** Which way data flows: a response is theirs to send and ours to read; a request the other way. */
type Direction = 'response' | 'request'

const norm = (path: string) => path.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '')

/** Their operation for ours: the same method at the same path, or at one of our path's aliases. */
export function matchOperations(
  ours: ApiDocument,
  operations: Array<DocOperation & { operationId: string }>,
  theirs: ApiDocument,
): OperationMatch[] {
  const index = new Map<string, DocOperation>()
  for (const op of theirs.operations) index.set(`${op.method} ${norm(op.path)}`, op)
  return operations.map((op) => {
    const candidates = [
      op.path,
      ...ours.aliases.filter((a) => op.path.startsWith(a.from)).map((a) => a.to + op.path.slice(a.from.length)),
    ]
    for (const path of candidates) {
      const found = index.get(`${op.method} ${norm(path)}`)
      if (found) return { ours: op, theirs: found }
    }
    return { ours: op }
  })
}

class Findings {
  readonly list: Finding[] = []
  constructor(private readonly op: OperationMatch['ours']) {}

  add(severity: Severity, where: string, change: Finding['change'], message: string): void {
    const { operationId, method, path } = this.op
    this.list.push({
      severity,
      operationId,
      method,
      path,
      where,
      change,
      message,
      id: `${operationId} ${where} ${change}`,
    })
  }
}

const values = (list: unknown[]) => list.map((v) => JSON.stringify(v)).join(', ')

/** Compares two shapes at `where`; `deep` walks properties and items (parameters compare only their own type and values). */
function compareShapes(
  f: Findings,
  where: string,
  ours: Shape,
  theirs: Shape,
  direction: Direction,
  deep: boolean,
  depth = 0,
): void {
  // Who sends: a response is theirs to send, a request ours; the receiver must take every type the sender may send.
  const [sent, taken, sender] = direction === 'response' ? [theirs, ours, 'they'] : [ours, theirs, 'we']
  if (sent.types && taken.types) {
    const untaken = [...sent.types].filter((t) => !typeCovered(t, taken.types!))
    if (untaken.length > 0) {
      const what =
        untaken.length === 1 && untaken[0] === 'null'
          ? `${sender} may send null`
          : `${sender} may send ${untaken.join('|')}`
      f.add('breaking', where, 'retyped', `${what}: ours is ${typeText(ours)}, theirs ${typeText(theirs)}`)
    }
  }
  if (ours.format && theirs.format && ours.format !== theirs.format) {
    f.add('warning', where, 'format', `format ${theirs.format} where ours is ${ours.format}`)
  }
  if (ours.enum && theirs.enum) {
    const missing = ours.enum.filter((v) => !theirs.enum!.includes(v))
    const extra = theirs.enum.filter((v) => !ours.enum!.includes(v))
    if (missing.length > 0) {
      f.add(
        direction === 'request' ? 'breaking' : 'warning',
        where,
        'enum',
        `they do not list ${values(missing)}${direction === 'request' ? ', which we send' : ''}`,
      )
    }
    if (extra.length > 0) f.add('warning', where, 'enum', `they also list ${values(extra)}`)
  }
  if (!deep || depth > 8) return
  if (ours.items && theirs.items) compareShapes(f, `${where}[]`, ours.items, theirs.items, direction, deep, depth + 1)
  if (!ours.properties || !theirs.properties) return
  // Fields one side never sees in this direction (read-only ones in a request, write-only ones in a response).
  const hidden = (s: Shape) => (direction === 'request' ? s.readOnly : s.writeOnly)
  const at = (name: string) => (where.endsWith(' body') ? `${where} ${name}` : `${where}.${name}`)
  for (const [name, mine] of ours.properties) {
    if (hidden(mine)) continue
    const theirsField = theirs.properties.get(name)
    if (!theirsField || hidden(theirsField)) {
      if (direction === 'request')
        f.add('breaking', at(name), 'removed', `we send ${name}; their schema does not take it`)
      else
        f.add(
          ours.required.has(name) ? 'breaking' : 'warning',
          at(name),
          'removed',
          `we read ${name}${ours.required.has(name) ? ' (required in ours)' : ''}; their schema does not have it`,
        )
      continue
    }
    compareShapes(f, at(name), mine, theirsField, direction, deep, depth + 1)
    if (direction === 'response' && ours.required.has(name) && !theirs.required.has(name)) {
      f.add('warning', at(name), 'optional', `we rely on ${name} being there; their schema does not promise it`)
    }
  }
  for (const [name, field] of theirs.properties) {
    if (ours.properties.has(name) || hidden(field)) continue
    if (direction === 'request' && theirs.required.has(name))
      f.add('breaking', at(name), 'required', `they require ${name}, which we do not send`)
    else f.add('warning', at(name), 'added', `their schema also has ${name} (${typeText(field)})`)
  }
  if (direction === 'request') {
    for (const name of theirs.required) {
      if (ours.properties.has(name) && !ours.required.has(name) && !theirs.properties.get(name)?.readOnly) {
        f.add('breaking', at(name), 'required', `they require ${name}; ours sends it only sometimes`)
      }
    }
  }
}

function parameterKey(p: DocParameter, pathIndex: Map<DocParameter, number>): string {
  // Path parameters go by position (their names differ between documents: project_id, environment_id).
  return p.in === 'path' ? `path #${pathIndex.get(p)}` : `${p.in} ${p.name}`
}

function pathPositions(op: DocOperation): Map<DocParameter, number> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
  return new Map(op.parameters.filter((p) => p.in === 'path').map((p) => [p, names.indexOf(p.name)]))
}

function compareParameters(f: Findings, ours: DocOperation, theirs: DocOperation): void {
  const ourPositions = pathPositions(ours)
  const theirPositions = pathPositions(theirs)
  const theirsByKey = new Map(theirs.parameters.map((p) => [parameterKey(p, theirPositions), p]))
  const ourKeys = new Set<string>()
  for (const p of ours.parameters) {
    const key = parameterKey(p, ourPositions)
    ourKeys.add(key)
    const where = p.in === 'path' ? `path parameter ${p.name}` : `${p.in} parameter ${p.name}`
    const t = theirsByKey.get(key)
    if (!t) {
      f.add('breaking', where, 'removed', `we send ${p.name}; their schema does not list it`)
      continue
    }
    compareShapes(f, where, p.shape, t.shape, 'request', false)
    if (t.required && !p.required)
      f.add('breaking', where, 'required', `they require ${p.name}; ours sends it only sometimes`)
  }
  for (const [key, t] of theirsByKey) {
    if (ourKeys.has(key)) continue
    const where = `${t.in} parameter ${t.name}`
    if (t.required) f.add('breaking', where, 'required', `they require ${t.name}, which we do not send`)
    else f.add('warning', where, 'added', `their schema also takes ${t.name} (${typeText(t.shape)})`)
  }
}

/** The lowest 2xx status documented (what a client of the operation expects on success). */
const success = (op: DocOperation) => [...op.responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort()[0]

function compareResponses(f: Findings, ours: DocOperation, theirs: DocOperation): void {
  const status = success(ours)
  if (!status) return
  let theirStatus = status
  if (!theirs.responses.has(status)) {
    const other = success(theirs)
    f.add(
      'warning',
      `response ${status}`,
      'status',
      other ? `they document ${other} instead of ${status}` : `they document no success status (ours ${status})`,
    )
    if (!other) return
    theirStatus = other
  }
  const mine = ours.responses.get(status) ?? null
  const theirsBody = theirs.responses.get(theirStatus) ?? null
  const where = `response ${status} body`
  if (mine && !theirsBody)
    f.add('warning', where, 'undocumented', `they document no JSON body for ${theirStatus}; ours has one`)
  else if (!mine && theirsBody)
    f.add('warning', where, 'added', `they document a JSON body for ${theirStatus}; ours has none`)
  else if (mine && theirsBody) compareShapes(f, where, mine, theirsBody, 'response', true)
}

function compareRequestBodies(f: Findings, ours: DocOperation, theirs: DocOperation): void {
  const mine = ours.requestBody
  const theirsBody = theirs.requestBody
  if (mine?.shape && !theirsBody)
    f.add('breaking', 'request body', 'removed', 'we send a JSON body; they document none')
  else if (!mine && theirsBody?.required)
    f.add('breaking', 'request body', 'required', 'they require a body; we send none')
  else if (!mine && theirsBody) f.add('warning', 'request body', 'added', 'they take a body; we send none')
  if (mine?.shape && theirsBody?.shape) compareShapes(f, 'request body', mine.shape, theirsBody.shape, 'request', true)
  if (mine && theirsBody?.required && !mine.required)
    f.add('breaking', 'request body', 'required', 'they require a body; ours sends one only sometimes')
}

/**
 * What their security needs beyond ours: undefined when a key that meets one of our alternatives meets
 * one of theirs (or either names no scope), else the scopes each of their alternatives adds, `or` between.
 */
function moreScopes(ours: string[][] | null, theirs: string[][] | null): string | undefined {
  if (!ours || !theirs) return undefined
  const missing = theirs.map((alternative) => {
    // The fewest our alternatives leave out of this one of theirs.
    const lacks = ours.map((held) => alternative.filter((s) => !held.includes(s)))
    return lacks.reduce((a, b) => (b.length < a.length ? b : a))
  })
  if (missing.some((lack) => lack.length === 0)) return undefined
  return [...new Set(missing.map((lack) => lack.join(', ')))].join(' or ')
}

export function compareOperation(match: OperationMatch): Finding[] {
  const f = new Findings(match.ours)
  const { ours, theirs } = match
  if (!theirs) {
    // An x-unpublished operation is served but never published: its absence is expected, not drift.
    if (!ours.unpublished) f.add('breaking', 'operation', 'removed', `their schema has no ${ours.method} ${ours.path}`)
    return f.list
  }
  if (theirs.deprecated && !ours.deprecated) f.add('warning', 'operation', 'deprecated', 'they mark it deprecated')
  const extraScopes = moreScopes(ours.security, theirs.security)
  if (extraScopes) f.add('warning', 'operation', 'scopes', `they also require ${extraScopes}`)
  compareParameters(f, ours, theirs)
  compareRequestBodies(f, ours, theirs)
  compareResponses(f, ours, theirs)
  return f.list
}
