// A small DevTools-protocol client for headless Chromium: launch, pages, evaluation, emulation, input, screenshots.
// No dependencies; needs Node 20's WebSocket (`node --experimental-websocket`).
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium'
// Headless, software rendering, and nothing that phones home or throttles pages that are not in front.
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--no-default-browser-check',
  '--disable-extensions', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding',
  '--mute-audio',
]
const COMMAND_TIMEOUT = 10_000
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']
const CSP_BINDING = '__cdpCspViolation'
// Runs before any page script: reports CSP violations through a binding, a channel apart from the page's console.
const CSP_LISTENER = `addEventListener('securitypolicyviolation', (event) => globalThis.${CSP_BINDING}?.(JSON.stringify({
  directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample, source: event.sourceFile, line: event.lineNumber,
})), true)`

/** Rejects with `what timed out` unless `promise` settles within `ms`. */
export function withTimeout(promise, ms, what) {
  let timer
  const expiry = new Promise((_, reject) => (timer = setTimeout(() => reject(Error(`${what} timed out after ${ms} ms`)), ms)))
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer))
}

/** Starts Chromium with a fresh profile and connects to it; the Browser must be closed (it is also killed on exit). */
export async function launch({ timeout = 15_000, args = [] } = {}) {
  if (!globalThis.WebSocket) throw Error('no WebSocket: run node with --experimental-websocket')
  const dir = await mkdtemp(join(tmpdir(), 'loadmark-chromium-'))
  // Its own process group, so that killing the group also ends the renderer, GPU and zygote processes.
  const child = spawn(CHROMIUM, [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${dir}`, ...args, 'about:blank'], {
    detached: true, stdio: ['ignore', 'ignore', 'pipe'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  const cleanup = () => {
    try { process.kill(-child.pid, 'SIGKILL') } catch {}
    rmSync(dir, { recursive: true, force: true })
    process.off('exit', cleanup)
    for (const signal of SIGNALS) process.off(signal, onSignal)
  }
  // Its own group does not get the terminal's Ctrl-C: end it, then die of the signal as before.
  const onSignal = (signal) => {
    cleanup()
    process.kill(process.pid, signal)
  }
  process.once('exit', cleanup)
  for (const signal of SIGNALS) process.once(signal, onSignal)
  try {
    const endpoint = await withTimeout(devtoolsEndpoint(dir, child, () => stderr), timeout, 'starting Chromium')
    const connection = await withTimeout(Connection.open(endpoint), timeout, 'connecting to Chromium')
    return new Browser(connection, child, async () => {
      cleanup()
      await withTimeout(exited, 5000, 'Chromium exiting').catch(() => {})
    })
  } catch (error) {
    cleanup()
    throw error
  }
}

// Chromium writes its port and browser path to DevToolsActivePort once it listens.
async function devtoolsEndpoint(dir, child, stderr) {
  const file = join(dir, 'DevToolsActivePort')
  for (;;) {
    if (child.exitCode != null || child.signalCode) throw Error(`Chromium exited early (${child.exitCode ?? child.signalCode}): ${stderr()}`)
    if (existsSync(file)) {
      const [port, path] = (await readFile(file, 'utf8')).split('\n')
      if (path) return `ws://127.0.0.1:${port}${path}`
    }
    await sleep(25)
  }
}

/** One WebSocket to the browser; sessions of attached pages share it (flat mode). */
class Connection {
  #ws
  #next = 1
  #pending = new Map()
  #listeners = new Set()
  #closed = null

  /** Connects to a DevTools WebSocket URL. */
  static open(url) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.onopen = () => resolve(new Connection(ws))
      ws.onerror = () => reject(Error(`cannot connect to ${url}`))
    })
  }

  constructor(ws) {
    this.#ws = ws
    ws.onmessage = (event) => this.#receive(JSON.parse(event.data))
    ws.onclose = () => this.#fail(Error('the DevTools connection closed'))
    ws.onerror = () => this.#fail(Error('the DevTools connection failed'))
  }

  /** Sends a command (to a page when `sessionId` is given) and resolves with its result. */
  send(method, params = {}, sessionId, timeout = COMMAND_TIMEOUT) {
    if (this.#closed) return Promise.reject(this.#closed)
    const id = this.#next++
    const reply = new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject, method }))
    this.#ws.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }))
    return withTimeout(reply, timeout, method).finally(() => this.#pending.delete(id))
  }

  /** Calls `listener({method, params, sessionId})` for every event; returns a function that stops it. */
  listen(listener) {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Closes the socket. */
  close() {
    this.#fail(Error('the DevTools connection closed'))
    this.#ws.close()
  }

  #receive(message) {
    if (message.id == null) return this.#listeners.forEach((listener) => listener(message))
    const pending = this.#pending.get(message.id)
    if (!pending) return
    if (message.error) pending.reject(Error(`${pending.method}: ${message.error.message} ${message.error.data ?? ''}`.trim()))
    else pending.resolve(message.result)
  }

  #fail(error) {
    this.#closed ??= error
    for (const { reject } of this.#pending.values()) reject(error)
    this.#pending.clear()
  }
}

/** A running Chromium. */
class Browser {
  #connection
  #cleanup

  constructor(connection, child, cleanup) {
    this.#connection = connection
    this.#cleanup = cleanup
    this.pid = child.pid
  }

  /** Opens a blank page with the given viewport, collecting its console messages, exceptions and CSP violations. */
  async newPage(viewport = {}) {
    const connection = this.#connection
    const { targetId } = await connection.send('Target.createTarget', { url: 'about:blank' })
    const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true })
    const page = new Page(connection, targetId, sessionId)
    await page.init(viewport)
    return page
  }

  /** The browser's product name and version, e.g. "HeadlessChrome/120.0.6099.0". */
  async version() {
    return (await this.#connection.send('Browser.getVersion')).product
  }

  /** Asks Chromium to quit, then kills its process group and removes its profile, whatever happened. */
  async close() {
    try {
      await this.#connection.send('Browser.close', {}, undefined, 2000)
    } catch {}
    this.#connection.close()
    await this.#cleanup()
  }
}

/** One page (target), attached through its own session. */
class Page {
  #connection
  #stop

  /** Console messages, log entries, exceptions and CSP violations, in order: {kind, level, text}. */
  messages = []

  constructor(connection, targetId, sessionId) {
    Object.assign(this, { targetId, sessionId })
    this.#connection = connection
    this.#stop = connection.listen((message) => message.sessionId == sessionId && this.#record(message))
  }

  /** Enables the domains the client uses, the CSP listener and the viewport. */
  async init(viewport) {
    await Promise.all(['Page.enable', 'Runtime.enable', 'Log.enable'].map((method) => this.send(method)))
    await this.send('Runtime.addBinding', { name: CSP_BINDING })
    await this.send('Page.addScriptToEvaluateOnNewDocument', { source: CSP_LISTENER })
    await this.setViewport(viewport)
  }

  /** Sends a command to this page. */
  send(method, params, timeout) {
    return this.#connection.send(method, params, this.sessionId, timeout)
  }

  /** Resolves with the params of the next `method` event that `accept`s them. */
  waitFor(method, accept = () => true, timeout = COMMAND_TIMEOUT) {
    let stop
    const event = new Promise((resolve) => {
      stop = this.#connection.listen((message) => {
        if (message.sessionId == this.sessionId && message.method == method && accept(message.params)) resolve(message.params)
      })
    })
    return withTimeout(event, timeout, `waiting for ${method}`).finally(stop)
  }

  /** The messages of level error: console errors, error log entries, exceptions and CSP violations. */
  get errors() {
    return this.messages.filter((message) => message.level == 'error')
  }

  /** Navigates and waits for the load event. */
  async goto(url, timeout = COMMAND_TIMEOUT) {
    const loaded = this.waitFor('Page.loadEventFired', undefined, timeout)
    const { errorText } = await this.send('Page.navigate', { url })
    if (errorText) {
      loaded.catch(() => {})
      throw Error(`${url}: ${errorText}`)
    }
    await loaded
  }

  /** Evaluates an expression in the page, awaiting a promise, and returns its value as JSON-compatible data. */
  async evaluate(expression, timeout = COMMAND_TIMEOUT) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', {
      expression, awaitPromise: true, returnByValue: true, userGesture: true,
    }, timeout)
    if (exceptionDetails) throw Error(`in page: ${describeException(exceptionDetails)}`)
    return result.value
  }

  /** Calls a self-contained function in the page with JSON arguments: `page.call((a) => a + 1, 1)`. */
  call(fn, ...args) {
    return this.evaluate(`(${fn})(...${JSON.stringify(args)})`)
  }

  /** Sets the viewport size and device pixel ratio. */
  setViewport({ width = 800, height = 600, deviceScaleFactor = 1 } = {}) {
    return this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile: false })
  }

  /** Emulates media features, e.g. {'prefers-reduced-motion': 'reduce'}; {} resets them. */
  emulateMedia(features) {
    return this.send('Emulation.setEmulatedMedia', { features: Object.entries(features).map(([name, value]) => ({ name, value })) })
  }

  /** Captures the page (beyond the viewport when `fullPage`, or the CSS-pixel `clip` {x, y, width, height}) as PNG,
   * writing it to `path` if given; resolves to the bytes. */
  async screenshot(path, { fullPage = true, clip } = {}) {
    const params = { format: 'png', captureBeyondViewport: fullPage, ...(clip && { clip: { scale: 1, ...clip } }) }
    const { data } = await this.send('Page.captureScreenshot', params, 20_000)
    const png = Buffer.from(data, 'base64')
    if (path) await writeFile(path, png)
    return png
  }

  /** Dispatches one mouse event at CSS pixel (x, y); `type` is mousePressed, mouseReleased or mouseMoved; `pointerType` 'pen' for a pen. */
  mouse(type, x, y, { button = 'left', buttons = type == 'mouseReleased' ? 0 : 1, pointerType = 'mouse' } = {}) {
    const pressed = type == 'mouseMoved' && !buttons ? 'none' : button
    return this.send('Input.dispatchMouseEvent', { type, x, y, button: pressed, buttons, clickCount: type == 'mouseMoved' ? 0 : 1, pointerType })
  }

  /** Clicks with the left button at (x, y). */
  async click(x, y) {
    await this.mouse('mouseMoved', x, y, { buttons: 0 })
    await this.mouse('mousePressed', x, y)
    await this.mouse('mouseReleased', x, y)
  }

  /** Presses at `from`, moves through `steps` evenly spaced points to `to`, and keeps the button down (release with mouse). */
  async drag([x0, y0], [x1, y1], steps = 5, pointerType = 'mouse') {
    await this.mouse('mouseMoved', x0, y0, { buttons: 0, pointerType })
    await this.mouse('mousePressed', x0, y0, { pointerType })
    for (let i = 1; i <= steps; i++) await this.mouse('mouseMoved', x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, { pointerType })
  }

  /** Presses and releases a key, e.g. press('ArrowRight', 39); with `text` (press('Enter', 13, '\r')) it types it too, which activates a button. */
  async press(key, keyCode, text) {
    for (const type of [text ? 'keyDown' : 'rawKeyDown', 'keyUp']) {
      await this.send('Input.dispatchKeyEvent', { type, key, code: key, windowsVirtualKeyCode: keyCode, ...(text && type != 'keyUp' && { text }) })
    }
  }

  /** Dispatches one touch event (touchStart, touchMove, touchEnd, touchCancel) with the given [x, y] points. */
  touch(type, points = []) {
    return this.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) })
  }

  /** Closes the page. */
  async close() {
    this.#stop()
    await this.#connection.send('Target.closeTarget', { targetId: this.targetId }).catch(() => {})
  }

  #record({ method, params }) {
    const add = (kind, level, text) => this.messages.push({ kind, level, text })
    if (method == 'Runtime.consoleAPICalled') {
      const level = { error: 'error', assert: 'error', warning: 'warning' }[params.type] ?? 'info'
      add('console', level, params.args.map((arg) => arg.value ?? arg.description ?? arg.type).join(' '))
    } else if (method == 'Log.entryAdded') {
      add('log', params.entry.level, `${params.entry.source}: ${params.entry.text}${params.entry.url ? ` (${params.entry.url})` : ''}`)
    } else if (method == 'Runtime.exceptionThrown') {
      add('exception', 'error', describeException(params.exceptionDetails))
    } else if (method == 'Runtime.bindingCalled' && params.name == CSP_BINDING) {
      const { directive, blocked, sample, source, line } = JSON.parse(params.payload)
      add('csp', 'error', `CSP violation of ${directive}: blocked ${blocked || 'inline'}${sample ? ` "${sample}"` : ''} at ${source}:${line}`)
    }
  }
}

// The message of a thrown value, with its location.
function describeException({ exception, text, url, lineNumber, columnNumber }) {
  return `${exception?.description ?? exception?.value ?? text}${url ? ` (${url}:${lineNumber + 1}:${columnNumber + 1})` : ''}`
}
