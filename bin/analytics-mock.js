#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (a dependency), so the package works from source.
import { register } from 'tsx/esm/api'

register()
await import('../src/cli/main.ts')
