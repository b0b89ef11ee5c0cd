// Client-supplied regular expressions (the persons `regex` property filter) run in V8's backtracking
// engine, where a pattern like ^(a+)+$ takes exponential time: one request could hold the server's
// event loop for minutes. The real service matches with RE2, in linear time. This switches V8 to its
// linear-time engine for any regexp that starts to backtrack excessively (patterns without
// backreferences or lookaround, which the filter refuses anyway, as RE2 does). Node only: imported by
// the server face for the standalone server.
import { setFlagsFromString } from 'node:v8'

setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks')
