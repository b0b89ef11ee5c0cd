// Memory for the columns a big dataset's plan writes (bulk-plan.ts: the events' rows, the recordings'
// columns): shared memory where the platform has it, else an ordinary ArrayBuffer.
//
// Written on the plan's thread and read by the one that keeps the data, shared memory crosses between
// them without a copy, as handing an ArrayBuffer over does. What differs is V8's count of memory
// outside its heap: an ArrayBuffer's bytes are counted in the isolate that holds it, and each 64 MB of
// growth past the count at the last full collection sets off another full collection; shared memory is
// not counted. At a million persons the ~360 MB of columns handed over near the end of the start-up set
// off two full collections of a ~600 MB heap that held no garbage (~0.5 s; `--trace-incremental-marking`
// names the reason: "external memory pressure"). These columns live as long as the dataset, so no
// collection could have freed them anyway.

/** `bytes` of zeroed memory for a column (see above). */
export function columnMemory(bytes: number): ArrayBuffer | SharedArrayBuffer {
  return typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)
}
