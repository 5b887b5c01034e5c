// src/format.js
var FORMAT = "loadmark";
var VERSION = 2;
var KINDS = {
  arc: ["start", "sweep", "opacity"],
  path: ["strokeStart", "strokeEnd", "opacity"],
  dot: ["scale", "opacity"],
  roundedRect: ["opacity"]
};
var ROLES = ["accent", "secondary", "surface"];
var LINE_CAPS = ["butt", "round", "square"];
var LINE_JOINS = ["miter", "round", "bevel"];
var MAX_RUNNING_SUM = 2 ** 53 - 1;

// src/loadmark-wasm.js
var KINDS2 = Object.keys(KINDS);
async function bytesOf(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source))
    return source;
  if (typeof source == "string" && source[0] == "#") {
    const text = document.getElementById(source.slice(1))?.textContent ?? "";
    return Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
  }
  const response = await fetch(source);
  if (!response.ok)
    throw Error(`loadmark: ${source}: HTTP ${response.status}`);
  return response.arrayBuffer();
}
async function loadEngine(source) {
  source ??= globalThis.document?.getElementById("loadmark-wasm") ? "#loadmark-wasm" : new URL("loadmark.wasm", import.meta.url).href;
  const { instance } = await WebAssembly.instantiate(await bytesOf(source), {});
  return new Engine(instance.exports);
}
var Engine = class {
  constructor(abi) {
    this.abi = abi;
    this.presets = Array.from({ length: abi.lm_preset_count() }, (_, i) => this.text(this.values(abi.lm_preset_name(i))));
  }
  // The output buffer's first `count` Doubles (a copy: the next call reuses the memory).
  values(count) {
    return new Float64Array(this.abi.memory.buffer, this.abi.lm_output(), count).slice();
  }
  text(codes) {
    return String.fromCharCode(...codes);
  }
  /** Selects `preset` (name or index) with options {scale, size: [w, h], color: '#rrggbb[aa]', lineWidth, speed}. */
  select(preset, { scale = -1, size = [-1, -1], color, lineWidth = -1, speed = 1 } = {}) {
    const index = typeof preset == "number" ? preset : this.presets.indexOf(preset);
    const hex = color ? /^#?([\da-f]{6})([\da-f]{2})?$/i.exec(color) : null;
    if (color && !hex)
      throw Error(`loadmark: bad colour ${color}`);
    const rgba = hex ? BigInt("0x" + hex[1] + (hex[2] ?? "ff")) : -1n;
    const status = this.abi.lm_select(index, scale, size[0], size[1], rgba, lineWidth, speed);
    if (status)
      throw Error(`loadmark: cannot select ${preset} (status ${status})`);
    return this.selectedNow();
  }
  /** Selects a compiled scene (the bytes `loadmark compile` writes) with the same options as `select`. */
  load(image, { scale = -1, size = [-1, -1], color, lineWidth = -1, speed = 1 } = {}) {
    const bytes = image instanceof Uint8Array ? image : new Uint8Array(image);
    const hex = color ? /^#?([\da-f]{6})([\da-f]{2})?$/i.exec(color) : null;
    if (color && !hex)
      throw Error(`loadmark: bad colour ${color}`);
    const address = this.abi.lm_input(bytes.length);
    if (!address)
      throw Error(`loadmark: a compiled scene of ${bytes.length} bytes is over the 1 MiB limit`);
    new Uint8Array(this.abi.memory.buffer, address, bytes.length).set(bytes);
    const status = this.abi.lm_load(bytes.length, scale, size[0], size[1], hex ? BigInt("0x" + hex[1] + (hex[2] ?? "ff")) : -1n, lineWidth, speed);
    if (status == 3)
      throw Error("loadmark: " + this.text(this.values(this.abi.lm_error())));
    if (status)
      throw Error(`loadmark: cannot load the scene (status ${status})`);
    return this.selectedNow();
  }
  // Reads back what lm_select or lm_load selected.
  selectedNow() {
    this.name = this.text(this.values(this.abi.lm_name()));
    this.selected = this.describe();
    return this;
  }
  // Reads lm_describe's flat list (docs/WASM.md) into layers and clips.
  describe() {
    const v = this.values(this.abi.lm_describe());
    let i = 0;
    const next = () => v[i++];
    const point = () => [next(), next()];
    const string = () => {
      const length = next();
      return this.text(v.slice(i, i += length));
    };
    const color = () => {
      const rgba = next();
      return rgba < 0 ? void 0 : "#" + rgba.toString(16).padStart(8, "0").replace(/ff$/, "");
    };
    const [width, height, count] = [next(), next(), next()];
    const layers = [];
    for (let n = 0; n < count; n++) {
      const kind = KINDS2[next()], role = ROLES[next() - 1], id = string();
      const layer = { id, kind, stroke: color(), fill: color(), lineWidth: next(), lineCap: LINE_CAPS[next()], lineJoin: LINE_JOINS[next()], miterLimit: next() };
      if (next())
        layer.shadow = { color: color(), opacity: next(), offset: point(), radius: next() };
      if (kind == "arc" || kind == "dot")
        Object.assign(layer, { center: point(), radius: next() });
      if (kind == "roundedRect")
        Object.assign(layer, { rect: [...point(), next(), next()], cornerRadius: next() });
      if (kind == "path") {
        layer.subpaths = Array.from({ length: next() }, () => ({
          move: point(),
          segments: Array.from({ length: next() }, () => next() ? { arc: [next(), next(), next(), next(), next()] } : { line: point() })
        }));
      }
      if (role)
        layer.role = role;
      for (const key of ["stroke", "fill", "shadow"])
        if (layer[key] === void 0)
          delete layer[key];
      layers.push(layer);
    }
    const clips = Array.from({ length: next() }, () => {
      const name = string(), progress = next() == 1, loop = next() == 1, duration = next();
      if (!progress)
        return { name, index: "time", duration, loop };
      const domain = point(), repeatFrom = next(), finish = next(), transition = next() == 1;
      return { name, index: "progress", loop: false, domain, repeatFrom: repeatFrom < domain[1] ? repeatFrom : void 0, finish, transition };
    });
    for (const clip of clips)
      clip.finish = clip.finish ? clips[clip.finish - 1].name : void 0;
    return { width, height, layers, clips };
  }
  /** The selected preset's frame document (docs/FORMAT.md, full precision) at `fps`, with `progressSamples` per progress clip. */
  document({ fps = 60, progressSamples = 101 } = {}) {
    const { width, height, layers, clips } = this.selected;
    const keys = layers.flatMap(({ id, kind }) => KINDS[kind].map((property) => `${id}.${property}`));
    return {
      format: FORMAT,
      version: VERSION,
      preset: this.presetName,
      fps,
      width,
      height,
      layers,
      clips: clips.map((clip, c) => {
        const frames = this.abi.lm_sample_clip(c, fps, progressSamples);
        const values = this.values(frames * keys.length);
        const tracks = {};
        keys.forEach((key, t) => {
          tracks[key] = Array.from({ length: frames }, (_, f) => values[f * keys.length + t]);
        });
        const { domain, repeatFrom, transition, finish, ...rest } = clip, progress = {};
        if (domain && (domain[0] != 0 || domain[1] != 1))
          progress.domain = domain;
        if (repeatFrom != null)
          progress.repeatFrom = repeatFrom;
        if (transition)
          progress.transition = this.transition(fps);
        if (finish)
          progress.finish = finish;
        return { ...rest, frames, ...progress, tracks };
      })
    };
  }
  /** The transition of the selected preset's progress clips at `fps`: the implicit animation the engine samples. */
  transition(fps) {
    const frames = this.abi.lm_transition(fps), [duration, ...values] = this.values(frames + 1);
    return { duration, frames, values };
  }
  get presetName() {
    return this.name ?? "";
  }
  /** One instant of clip `clip` (index or name): seconds into a time clip, or progress 0…1; values in track order. */
  sample(clip, x) {
    const index = typeof clip == "number" ? clip : this.selected.clips.findIndex((c) => c.name == clip);
    return this.values(this.abi.lm_sample(index, x));
  }
};
var shared;
async function serve(element) {
  try {
    shared ??= loadEngine();
    const engine = await shared;
    await customElements.whenDefined(element.localName);
    const size = +element.getAttribute("size") || 0;
    engine.select(element.getAttribute("preset"), { size: size ? [size, size] : void 0, color: element.getAttribute("color") || void 0 });
    const doc = engine.document({ fps: +element.getAttribute("fps") || 60, progressSamples: 1001 });
    if (size)
      Object.assign(element.style, { width: size + "px", height: size + "px" });
    await element.load(doc);
  } catch (error) {
    element.dispatchEvent(new CustomEvent("error", { detail: { message: error.message } }));
    console.error("loadmark: " + error.message);
  }
}
if (globalThis.document) {
  document.addEventListener("loadmark-engine", (event) => event.target.getAttribute("engine") == "wasm" && serve(event.target));
  for (const element of document.querySelectorAll('[engine="wasm"]'))
    serve(element);
}
export {
  Engine,
  loadEngine,
  serve
};
