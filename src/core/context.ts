// What a handler receives. Generic over what the composition hands the handlers (`services`), the
// caller (`principal`) and the project in the path: the core knows none of them.
import type { Profile } from '../contract/profiles.ts'
import type { Principal, ProjectLike } from './auth.ts'
import type { OperationInfo } from './contract.ts'
import type { MockRequest, MockResponse } from './http.ts'

export interface HandlerContext<S = unknown, P = Principal, Proj = ProjectLike> {
  op: OperationInfo
  /** The profile the app answers as. */
  profile: Profile
  /**
   * Whether the answer follows the operation's x-observed note `noteId` (the observed profile) rather
   * than the seed. Throws for a note the operation does not have, so a handler cannot ask about a
   * difference the contract does not record.
   */
  observed(noteId: string): boolean
  req: MockRequest
  url: URL
  /** Path parameters. */
  params: Record<string, string>
  /** Query parameters, coerced to the contract's types where the contract declares them. */
  query: Record<string, any>
  /** Parsed JSON body (undefined when there was none). */
  body: any
  /** The caller; absent on the control API. */
  principal?: P
  /** The project in the path, after the access check. */
  project?: Proj
  services: S
}

export type Handler<C = HandlerContext<any, any, any>> = (ctx: C) => MockResponse | Promise<MockResponse>
export type HandlerMap<C = HandlerContext<any, any, any>> = Record<string, Handler<C>>
