// The playground's worker: compiles a scene's text and samples its document with the WebAssembly modules, away
// from the page's main thread. A scene that takes seconds, or never ends, then blocks only this worker, which the
// page terminates when its budget is spent (playground-compiler.js): a WebAssembly call cannot be interrupted
// any other way. build.mjs bundles this file into a classic script and embeds its text in loadmark-wasm.js, which
// starts it from a blob: URL (Chromium refuses module workers from blob: URLs on file:// pages, and any worker
// from a file:// URL).
import { Compiler, DEFAULT_SAMPLES, Engine, SceneError } from './wasm-abi.js'

// The modules' instances, made from the first message.
let engine, compiler

/** An error as a plain object, since only some of an Error's fields survive postMessage: a SceneError keeps its parts. */
function plain(error) {
  const { name, message } = error
  if (error instanceof SceneError) return { name, message, line: error.line, column: error.column, path: error.path, reason: error.reason, status: error.status }
  return { name, message, status: error.status }
}

// The first message brings the engine and the compiler as WebAssembly.Module objects (the page compiles them once
// for every worker it starts); the answer is { ready } or { failed }. Each later message is { text }: the answer
// is { doc }, the scene's frame document, or { error }.
onmessage = async ({ data }) => {
  if (data.engine) {
    try {
      const [e, c] = await Promise.all([WebAssembly.instantiate(data.engine, {}), WebAssembly.instantiate(data.compiler, {})])
      engine = new Engine(e.exports)
      compiler = new Compiler(c.exports)
      postMessage({ ready: true })
    } catch (error) {
      postMessage({ failed: error.message })
    }
    return
  }
  try {
    // As the page played it on its main thread: 60 fps, and as many samples per unit of progress as a live player.
    postMessage({ doc: engine.load(compiler.compile(data.text)).document({ fps: 60, progressSamples: DEFAULT_SAMPLES }) })
  } catch (error) {
    postMessage({ error: plain(error) })
  }
}
