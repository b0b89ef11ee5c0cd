// OPTIONS, as the real service's framework (Django REST framework's SimpleMetadata) answers it: 200 with
// the view's name, a description, and the media types it renders and parses, with `Allow`. The key must
// carry the read scope of the path's resource, as for a read. The content comes from the contract: the
// media types its operations document; the name follows the framework's naming (the resource in the
// singular and List or Instance, or the action's name).
import type { Profile } from '../contract/profiles.ts'
import type { Route } from './router.ts'

export interface OptionsMetadata {
  name: string
  description: string
  renders: string[]
  parses: string[]
}

const title = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)
const singular = (segment: string) => segment.replace(/s$/, '')

/** The framework's view name for a path template. */
function viewName(template: string): string {
  const parts = template.split('/').filter(Boolean)
  const scoped = parts.indexOf('{project_id}')
  const rest = scoped >= 0 ? parts.slice(scoped + 1) : parts.slice(1)
  const literal = (p: string) => !p.startsWith('{')
  const resource = rest[0] ?? parts[parts.length - 1] ?? ''
  const base = singular(resource).split(/[_@]/).filter(Boolean).map(title).join(' ')
  const actions = rest.slice(1).filter(literal)
  if (actions.length > 0) return title(actions[actions.length - 1]!.replace(/_/g, ' '))
  return `${base} ${rest.length > 1 ? 'Instance' : 'List'}`
}

export function optionsMetadata(route: Route): OptionsMetadata {
  const renders = new Set<string>()
  const parses = new Set<string>()
  for (const op of route.methods.values()) {
    for (const [status, media] of op.responses) if (status < 300) media.forEach((m) => renders.add(m))
    for (const media of Object.keys((op.operation.requestBody as any)?.content ?? {})) parses.add(media)
  }
  return {
    name: viewName(route.template),
    description: '',
    renders: renders.size ? [...renders] : ['application/json'],
    parses: parses.size ? [...parses] : ['application/json'],
  }
}

/** The scopes OPTIONS needs: the read scope of the path's GET, else of its first operation. */
export function optionsScopes(route: Route, profile: Profile): string[] {
  const ops = [...route.methods.values()]
  const op = route.methods.get('GET') ?? ops[0]
  const scopes = op ? ((profile === 'observed' ? op.observed : op).scopes ?? []) : []
  return scopes.map((s) => s.replace(/:write$/, ':read'))
}
