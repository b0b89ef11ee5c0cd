// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  interface AutocannonOptions {
    url: string
    connections?: number
    pipelining?: number
    duration?: number
    amount?: number
    timeout?: number
    requests?: AutocannonRequest[]
    headers?: Record<string, string>
  }

  interface AutocannonResult {
    errors: number
    timeouts: number
    non2xx: number
    totalCompletedRequests: number
    duration: number
  }

  interface Instance extends EventEmitter {
    stop(): void
  }

  function autocannon(options: AutocannonOptions, callback: (error: Error | null, result: AutocannonResult) => void): Instance

  export default autocannon
}
