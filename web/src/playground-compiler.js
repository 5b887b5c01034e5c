// The playground's compiler off the page's main thread: a worker (playground-worker.js) compiles each scene and
// samples its document within a time budget, so that typing, scrolling and the other players go on while it
// works. A compile past the budget is stopped by terminating the worker, the only way to stop a WebAssembly
// call; the next compile starts a fresh one. Where the browser refuses the worker (no worker-src blob: in the
// page's policy, no Worker at all), `run` rejects with `WorkerRefused` and the playground compiles on the main
// thread as before.
import { SceneError } from './wasm-abi.js'

/**
 * How long the playground lets one scene compile and sample, in milliseconds (docs/WASM.md, the playground). A
 * scene like the starter takes tens of milliseconds; one that takes seconds at every pause in typing leaves the
 * player out of step with the text, and the repro's hostile scenes never end.
 */
export const PLAYGROUND_BUDGET = 2000

// The worker's classic script, which build.mjs bundles and puts here as text; absent when this file runs
// unbundled (Node's tests import the sources), where there is no worker to start.
const WORKER_SOURCE = typeof LOADMARK_PLAYGROUND_WORKER == 'string' ? LOADMARK_PLAYGROUND_WORKER : null

/** A compile that ran past its budget and was stopped. */
export class BudgetError extends Error {
  constructor(budget) {
    super(`stopped after ${budget / 1000} s: this scene takes longer than the playground's budget to compile and play (loadmark export has no time limit); the last scene that compiled keeps playing`)
    this.name = 'BudgetError'
    this.budget = budget
  }
}

/** The browser would not start the worker: the playground compiles on the main thread instead. */
export class WorkerRefused extends Error {
  constructor(reason) {
    super(`the playground's worker could not start (${reason}): scenes compile on the page's main thread, with no time budget`)
    this.name = 'WorkerRefused'
  }
}

/** A compile that a newer one replaced: its worker was ended, and nobody waits for its answer. */
class Superseded extends Error {}

/** The error the worker sent as a plain object, as the page's own compile would have thrown it. */
function errorOf({ name, message, status, ...parts }) {
  if (name == 'SceneError') return new SceneError(message, { ...parts, status })
  return Object.assign(new Error(message), { name, status })
}

/** One worker at a time, started when first needed, ended when a compile runs past its budget or is replaced. */
export class WorkerCompiler {
  /** `modules()` resolves to `{ engine, compiler }`, each a WebAssembly.Module, compiled once for every worker. */
  constructor(modules) {
    this.modules = modules
    this.worker = null
    this.pending = null
    this.jobs = 0
  }

  /** A worker that has instantiated both modules; rejects with `WorkerRefused` if the browser will not run one. */
  async start() {
    if (!WORKER_SOURCE || typeof Worker != 'function') throw new WorkerRefused('this browser has no Worker')
    const modules = await (this.compiled ??= this.modules())
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }))
    let worker
    try {
      // A policy without worker-src blob: throws here in some browsers, and fires `error` in others.
      worker = new Worker(url, { name: 'loadmark-playground' })
      await new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => (data.ready ? resolve() : reject(new WorkerRefused(data.failed)))
        worker.onerror = (event) => {
          event.preventDefault()
          reject(new WorkerRefused(event.message || 'refused'))
        }
        worker.postMessage(modules)
      })
      return worker
    } catch (error) {
      worker?.terminate()
      throw error instanceof WorkerRefused ? error : new WorkerRefused(error.message)
    } finally {
      URL.revokeObjectURL(url)
    }
  }

  /** Ends the worker, and with it any compile in flight; the next `run` starts a fresh one. */
  stop() {
    this.worker?.then((worker) => worker.terminate(), () => {})
    this.worker = null
    this.pending?.(new Superseded())
    this.pending = null
  }

  /**
   * The frame document of the scene `text`, compiled and sampled in the worker; rejects with its `SceneError` or
   * `EngineError` (as plain Errors of those names), with `BudgetError` once `budget` ms have passed, or with
   * `WorkerRefused`. A compile still running when `run` is called again is stopped: only the newest text counts.
   */
  async run(text, budget = PLAYGROUND_BUDGET) {
    const job = ++this.jobs
    if (this.pending) this.stop()
    const worker = await (this.worker ??= this.start())
    // A newer text came while the worker started.
    if (job != this.jobs) throw new Superseded()
    return new Promise((resolve, reject) => {
      const settle = (outcome) => {
        clearTimeout(timer)
        this.pending = null
        outcome()
      }
      // The budget counts from the moment the worker has the text: starting a worker is not the scene's cost.
      const timer = setTimeout(() => {
        settle(() => reject(new BudgetError(budget)))
        this.stop()
      }, budget)
      this.pending = (error) => settle(() => reject(error))
      worker.onmessage = ({ data }) => settle(() => (data.error ? reject(errorOf(data.error)) : resolve(data.doc)))
      // Not an error of the scene (those are answers): the worker itself failed, so a fresh one takes the next.
      worker.onerror = (event) => {
        event.preventDefault()
        settle(() => reject(Error(`the playground's worker failed: ${event.message}`)))
        this.stop()
      }
      worker.postMessage({ text })
    })
  }
}

/** Whether `error` is the rejection of a compile that a newer one replaced (see `run`). */
export const superseded = (error) => error instanceof Superseded
