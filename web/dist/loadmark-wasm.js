// src/format.js
var FORMAT = "loadmark";
var VERSION = 3;
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
var LOWEST_WRITTEN_VERSION = 2;
var TRANSFORM_TRACKS = ["a", "b", "c", "d", "tx", "ty"];
var IDENTITY = [1, 0, 0, 1, 0, 0];

// src/wasm-abi.js
var KINDS2 = Object.keys(KINDS);
var ABI_VERSION = 5;
var COMPILER_ABI_VERSION = 1;
var UNKNOWN_PRESET = 1;
var BAD_OPTION = 2;
var NO_SELECTION = 4;
var UNKNOWN_CLIP = 5;
var BAD_LENGTH = 11;
var SAMPLES = [2, 1e5];
var MAX_SIDE = 1e4;
var MAX_FPS = 1e3;
var MAX_INPUT = 1048576;
var DEFAULT_SAMPLES = 1001;
var NOT_A_STATUS = 0;
var EngineError = class extends Error {
  constructor(message, status) {
    super("loadmark: " + message);
    this.name = "EngineError";
    this.status = status;
  }
};
function whole(name, value, min, max) {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new EngineError(`${name}: expected a whole number from ${min} to ${max}, got ${String(value)}`, BAD_OPTION);
  return value;
}
function number(name, value) {
  if (typeof value != "number")
    throw new EngineError(`${name}: expected a number, got ${typeof value}`, BAD_OPTION);
  return value;
}
function hexColor(color) {
  if (color == null)
    return -1n;
  const hex = typeof color == "string" && /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.exec(color)?.[1];
  if (!hex)
    return null;
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join("") : hex;
  return BigInt("0x" + full + (full.length == 6 ? "ff" : ""));
}
function optionArguments({ scale = -1, size = [-1, -1], color, lineWidth = -1, speed = 1 } = {}) {
  if (!Array.isArray(size) || size.length != 2)
    throw new EngineError(`size: expected [width, height], got ${String(size)}`, BAD_OPTION);
  const rgba = hexColor(color);
  if (rgba == null)
    throw new EngineError(`color: expected #rgb, #rgba, #rrggbb or #rrggbbaa, got ${String(color)}`, BAD_OPTION);
  return [number("scale", scale), number("size", size[0]), number("size", size[1]), rgba, number("lineWidth", lineWidth), number("speed", speed)];
}
var Engine = class {
  /** Wraps the exports of an engine module; throws unless it speaks ABI version 4. */
  constructor(abi) {
    const version = typeof abi?.lm_abi_version == "function" ? abi.lm_abi_version() : void 0;
    if (version !== ABI_VERSION) {
      throw new EngineError(`the engine module speaks ABI version ${version ?? "none"}; this loadmark-wasm.js needs version ${ABI_VERSION}: build both from the same Loadmark (tools/wasm/build)`, NOT_A_STATUS);
    }
    this.abi = abi;
    this.presets = Array.from({ length: abi.lm_preset_count() }, (_, i) => this.text(this.values(this.check(abi.lm_preset_name(i)))));
  }
  /** `result` if it is a count or 0; a negative count or a non-zero status is thrown with `lm_error`'s text. */
  check(result, status = result < 0 ? -result : 0) {
    if (result >= 0 && !status)
      return result;
    throw new EngineError(this.text(this.values(this.abi.lm_error())), Math.abs(status));
  }
  /** The selection `lm_describe` read; throws as the engine does when nothing is selected. */
  selection() {
    if (!this.selected)
      throw new EngineError("nothing is selected: call select or load first", NO_SELECTION);
    return this.selected;
  }
  // The output buffer's first `count` Doubles (a copy: the next call reuses the memory).
  values(count) {
    return new Float64Array(this.abi.memory.buffer, this.abi.lm_output(), count).slice();
  }
  text(codes) {
    return String.fromCharCode(...codes);
  }
  /** Selects `preset` (name or index) with options {scale, size: [w, h], color: '#rrggbb[aa]', lineWidth, speed}. */
  select(preset, options) {
    const index = typeof preset == "number" ? whole("preset", preset, 0, this.presets.length - 1) : this.presets.indexOf(preset);
    if (index < 0)
      throw new EngineError(`preset: expected one of ${this.presets.join(", ")}, got ${String(preset)}`, UNKNOWN_PRESET);
    const status = this.abi.lm_select(index, ...optionArguments(options));
    this.check(0, status);
    return this.selectedNow();
  }
  /** Selects a compiled scene (the bytes `loadmark compile` writes, or `compile` returns) with the same options as `select`. */
  load(image, options) {
    const bytes = image instanceof Uint8Array ? image : ArrayBuffer.isView(image) ? new Uint8Array(image.buffer, image.byteOffset, image.byteLength) : new Uint8Array(image);
    const args = optionArguments(options);
    const address = this.abi.lm_input(bytes.length);
    if (!address)
      throw new EngineError(`a compiled scene of ${bytes.length} bytes is over the ${MAX_INPUT >> 20} MiB an engine loads`, BAD_LENGTH);
    new Uint8Array(this.abi.memory.buffer, address, bytes.length).set(bytes);
    this.check(0, this.abi.lm_load(bytes.length, ...args));
    return this.selectedNow();
  }
  // Reads back what lm_select or lm_load selected.
  selectedNow() {
    this.name = this.text(this.values(this.check(this.abi.lm_name())));
    this.selected = this.describe();
    return this;
  }
  // Reads lm_describe's flat list (docs/WASM.md) into layers and clips.
  describe() {
    const v = this.values(this.check(this.abi.lm_describe()));
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
    const layers = [], moving = [];
    for (let n = 0; n < count; n++) {
      const kind = KINDS2[next()], role = ROLES[next() - 1], id = string(), moves = next() == 1;
      moving.push(moves);
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
    return { width, height, layers, moving, clips };
  }
  /** The selected indicator's frame document (docs/FORMAT.md, full precision) at `fps`, with `progressSamples` per unit of progress. */
  document({ fps = 60, progressSamples = 101 } = {}) {
    const { width, height, layers, moving, clips } = this.selection();
    number("fps", fps);
    whole("progressSamples", progressSamples, ...SAMPLES);
    const keys = layers.flatMap(({ id, kind }, n) => [...KINDS[kind], ...moving[n] ? TRANSFORM_TRACKS : []].map((property) => `${id}.${property}`));
    let transformed = false;
    const document2 = {
      format: FORMAT,
      version: LOWEST_WRITTEN_VERSION,
      preset: this.presetName,
      fps,
      width,
      height,
      layers,
      clips: clips.map((clip, c) => {
        const frames = this.check(this.abi.lm_sample_clip(c, fps, progressSamples));
        const values = this.values(frames * keys.length);
        const tracks = {};
        keys.forEach((key, t) => {
          const track = Array.from({ length: frames }, (_, f) => values[f * keys.length + t]);
          const k = TRANSFORM_TRACKS.indexOf(key.slice(key.lastIndexOf(".") + 1));
          if (k >= 0 && track.every((value) => value === IDENTITY[k]))
            return;
          if (k >= 0)
            transformed = true;
          tracks[key] = track;
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
    if (transformed)
      document2.version = VERSION;
    return document2;
  }
  /** The transition of the selected indicator's progress clips at `fps`: the implicit animation the engine samples. */
  transition(fps) {
    const frames = this.check(this.abi.lm_transition(number("fps", fps))), [duration, ...values] = this.values(frames + 1);
    return { duration, frames, values };
  }
  get presetName() {
    return this.name ?? "";
  }
  /** One instant of clip `clip` (index or name): seconds into a time clip, or progress 0…1; values in track order. */
  sample(clip, x) {
    const { clips } = this.selection();
    const index = typeof clip == "number" ? whole("clip", clip, 0, clips.length - 1) : clips.findIndex((c) => c.name == clip);
    if (index < 0)
      throw new EngineError(`clip: expected one of ${clips.map((c) => c.name).join(", ")}, got ${String(clip)}`, UNKNOWN_CLIP);
    return this.values(this.check(this.abi.lm_sample(index, number("x", x))));
  }
};
var SceneError = class extends Error {
  constructor(message, { line, column, path, reason, status }) {
    super(message);
    this.name = "SceneError";
    Object.assign(this, { line, column, path, reason, status });
  }
};
var Compiler = class {
  /** Wraps the exports of a scene compiler module; throws unless it speaks ABI version 1. */
  constructor(abi) {
    const version = typeof abi?.lmc_abi_version == "function" ? abi.lmc_abi_version() : void 0;
    if (version !== COMPILER_ABI_VERSION) {
      throw new EngineError(`the scene compiler module speaks ABI version ${version ?? "none"}; this loadmark-wasm.js needs version ${COMPILER_ABI_VERSION}: build both from the same Loadmark (tools/wasm/build)`, NOT_A_STATUS);
    }
    this.abi = abi;
  }
  /**
   * The compiled image of `scene` (its JSON text, or UTF-8 bytes), a copy; or throws a `SceneError` whose
   * `message` is what `loadmark validate` prints after the file name (`27:25: string or '}' expected near ','`,
   * `clips[0].script[0].layer: unknown layer "rings"`), with `line` and `column` (syntax and limits), `path`
   * (the field at fault), each null when the message has none, and `reason`, the message without them.
   */
  compile(scene) {
    const abi = this.abi;
    const text = typeof scene == "string" ? new TextEncoder().encode(scene) : ArrayBuffer.isView(scene) || scene instanceof ArrayBuffer ? new Uint8Array(scene.buffer ?? scene, scene.byteOffset ?? 0, scene.byteLength) : null;
    if (!text)
      throw new TypeError(`loadmark: compile expects a scene's text, got ${typeof scene}`);
    const address = abi.lmc_input(text.length);
    if (!address) {
      const reason = `file is ${text.length} bytes; the limit is ${MAX_INPUT} (${MAX_INPUT >> 20} MiB)`;
      throw new SceneError(reason, { line: null, column: null, path: null, reason, status: BAD_LENGTH });
    }
    new Uint8Array(abi.memory.buffer, address, text.length).set(text);
    const status = abi.lmc_compile(text.length);
    const output = new Uint8Array(abi.memory.buffer, abi.lmc_output(), abi.lmc_output_length()).slice();
    if (status == 0)
      return output;
    const message = new TextDecoder().decode(output), pathLength = abi.lmc_error_path_length();
    const line = abi.lmc_error_line() || null, column = line ? abi.lmc_error_column() : null;
    const path = pathLength ? new TextDecoder().decode(output.subarray(0, pathLength)) : null;
    const prefix = line ? `${line}:${column}: ` : path ? path + ": " : "";
    throw new SceneError(message, { line, column, path, reason: message.slice(prefix.length), status });
  }
};

// src/playground-compiler.js
var PLAYGROUND_BUDGET = 2e3;
var WORKER_SOURCE = true ? '(()=>{var P="loadmark";var R={arc:["start","sweep","opacity"],path:["strokeStart","strokeEnd","opacity"],dot:["scale","opacity"],roundedRect:["opacity"]};var $=["accent","secondary","surface"];var C=["butt","round","square"],U=["miter","round","bevel"];var it=2**53-1;var B=2;var D=["a","b","c","d","tx","ty"],V=[1,0,0,1,0,0];var z=Object.keys(R),W=5,X=1;var tt=1,y=2;var et=4,ot=5;var j=11;var nt=[2,1e5];var F=1048576,Y=1001,H=0,a=class extends Error{constructor(t,o){super("loadmark: "+t),this.name="EngineError",this.status=o}};function M(n,t,o,e){if(!Number.isInteger(t)||t<o||t>e)throw new a(`${n}: expected a whole number from ${o} to ${e}, got ${String(t)}`,y);return t}function _(n,t){if(typeof t!="number")throw new a(`${n}: expected a number, got ${typeof t}`,y);return t}function st(n){if(n==null)return-1n;let t=typeof n=="string"&&/^#([\\da-f]{3,4}|[\\da-f]{6}|[\\da-f]{8})$/i.exec(n)?.[1];if(!t)return null;let o=t.length<=4?[...t].map(e=>e+e).join(""):t;return BigInt("0x"+o+(o.length==6?"ff":""))}function K({scale:n=-1,size:t=[-1,-1],color:o,lineWidth:e=-1,speed:s=1}={}){if(!Array.isArray(t)||t.length!=2)throw new a(`size: expected [width, height], got ${String(t)}`,y);let i=st(o);if(i==null)throw new a(`color: expected #rgb, #rgba, #rrggbb or #rrggbbaa, got ${String(o)}`,y);return[_("scale",n),_("size",t[0]),_("size",t[1]),i,_("lineWidth",e),_("speed",s)]}var N=class{constructor(t){let o=typeof t?.lm_abi_version=="function"?t.lm_abi_version():void 0;if(o!==W)throw new a(`the engine module speaks ABI version ${o??"none"}; this loadmark-wasm.js needs version ${W}: build both from the same Loadmark (tools/wasm/build)`,H);this.abi=t,this.presets=Array.from({length:t.lm_preset_count()},(e,s)=>this.text(this.values(this.check(t.lm_preset_name(s)))))}check(t,o=t<0?-t:0){if(t>=0&&!o)return t;throw new a(this.text(this.values(this.abi.lm_error())),Math.abs(o))}selection(){if(!this.selected)throw new a("nothing is selected: call select or load first",et);return this.selected}values(t){return new Float64Array(this.abi.memory.buffer,this.abi.lm_output(),t).slice()}text(t){return String.fromCharCode(...t)}select(t,o){let e=typeof t=="number"?M("preset",t,0,this.presets.length-1):this.presets.indexOf(t);if(e<0)throw new a(`preset: expected one of ${this.presets.join(", ")}, got ${String(t)}`,tt);let s=this.abi.lm_select(e,...K(o));return this.check(0,s),this.selectedNow()}load(t,o){let e=t instanceof Uint8Array?t:ArrayBuffer.isView(t)?new Uint8Array(t.buffer,t.byteOffset,t.byteLength):new Uint8Array(t),s=K(o),i=this.abi.lm_input(e.length);if(!i)throw new a(`a compiled scene of ${e.length} bytes is over the ${F>>20} MiB an engine loads`,j);return new Uint8Array(this.abi.memory.buffer,i,e.length).set(e),this.check(0,this.abi.lm_load(e.length,...s)),this.selectedNow()}selectedNow(){return this.name=this.text(this.values(this.check(this.abi.lm_name()))),this.selected=this.describe(),this}describe(){let t=this.values(this.check(this.abi.lm_describe())),o=0,e=()=>t[o++],s=()=>[e(),e()],i=()=>{let r=e();return this.text(t.slice(o,o+=r))},l=()=>{let r=e();return r<0?void 0:"#"+r.toString(16).padStart(8,"0").replace(/ff$/,"")},[A,u,f]=[e(),e(),e()],d=[],h=[];for(let r=0;r<f;r++){let p=z[e()],S=$[e()-1],x=i(),E=e()==1;h.push(E);let c={id:x,kind:p,stroke:l(),fill:l(),lineWidth:e(),lineCap:C[e()],lineJoin:U[e()],miterLimit:e()};e()&&(c.shadow={color:l(),opacity:e(),offset:s(),radius:e()}),(p=="arc"||p=="dot")&&Object.assign(c,{center:s(),radius:e()}),p=="roundedRect"&&Object.assign(c,{rect:[...s(),e(),e()],cornerRadius:e()}),p=="path"&&(c.subpaths=Array.from({length:e()},()=>({move:s(),segments:Array.from({length:e()},()=>e()?{arc:[e(),e(),e(),e(),e()]}:{line:s()})}))),S&&(c.role=S);for(let g of["stroke","fill","shadow"])c[g]===void 0&&delete c[g];d.push(c)}let m=Array.from({length:e()},()=>{let r=i(),p=e()==1,S=e()==1,x=e();if(!p)return{name:r,index:"time",duration:x,loop:S};let E=s(),c=e(),g=e(),L=e()==1;return{name:r,index:"progress",loop:!1,domain:E,repeatFrom:c<E[1]?c:void 0,finish:g,transition:L}});for(let r of m)r.finish=r.finish?m[r.finish-1].name:void 0;return{width:A,height:u,layers:d,moving:h,clips:m}}document({fps:t=60,progressSamples:o=101}={}){let{width:e,height:s,layers:i,moving:l,clips:A}=this.selection();_("fps",t),M("progressSamples",o,...nt);let u=i.flatMap(({id:h,kind:m},r)=>[...R[m],...l[r]?D:[]].map(p=>`${h}.${p}`)),f=!1,d={format:P,version:B,preset:this.presetName,fps:t,width:e,height:s,layers:i,clips:A.map((h,m)=>{let r=this.check(this.abi.lm_sample_clip(m,t,o)),p=this.values(r*u.length),S={};u.forEach((O,q)=>{let k=Array.from({length:r},(v,Z)=>p[Z*u.length+q]),T=D.indexOf(O.slice(O.lastIndexOf(".")+1));T>=0&&k.every(v=>v===V[T])||(T>=0&&(f=!0),S[O]=k)});let{domain:x,repeatFrom:E,transition:c,finish:g,...L}=h,b={};return x&&(x[0]!=0||x[1]!=1)&&(b.domain=x),E!=null&&(b.repeatFrom=E),c&&(b.transition=this.transition(t)),g&&(b.finish=g),{...L,frames:r,...b,tracks:S}})};return f&&(d.version=3),d}transition(t){let o=this.check(this.abi.lm_transition(_("fps",t))),[e,...s]=this.values(o+1);return{duration:e,frames:o,values:s}}get presetName(){return this.name??""}sample(t,o){let{clips:e}=this.selection(),s=typeof t=="number"?M("clip",t,0,e.length-1):e.findIndex(i=>i.name==t);if(s<0)throw new a(`clip: expected one of ${e.map(i=>i.name).join(", ")}, got ${String(t)}`,ot);return this.values(this.check(this.abi.lm_sample(s,_("x",o))))}},I=class extends Error{constructor(t,{line:o,column:e,path:s,reason:i,status:l}){super(t),this.name="SceneError",Object.assign(this,{line:o,column:e,path:s,reason:i,status:l})}},w=class{constructor(t){let o=typeof t?.lmc_abi_version=="function"?t.lmc_abi_version():void 0;if(o!==X)throw new a(`the scene compiler module speaks ABI version ${o??"none"}; this loadmark-wasm.js needs version ${X}: build both from the same Loadmark (tools/wasm/build)`,H);this.abi=t}compile(t){let o=this.abi,e=typeof t=="string"?new TextEncoder().encode(t):ArrayBuffer.isView(t)||t instanceof ArrayBuffer?new Uint8Array(t.buffer??t,t.byteOffset??0,t.byteLength):null;if(!e)throw new TypeError(`loadmark: compile expects a scene\'s text, got ${typeof t}`);let s=o.lmc_input(e.length);if(!s){let r=`file is ${e.length} bytes; the limit is ${F} (${F>>20} MiB)`;throw new I(r,{line:null,column:null,path:null,reason:r,status:j})}new Uint8Array(o.memory.buffer,s,e.length).set(e);let i=o.lmc_compile(e.length),l=new Uint8Array(o.memory.buffer,o.lmc_output(),o.lmc_output_length()).slice();if(i==0)return l;let A=new TextDecoder().decode(l),u=o.lmc_error_path_length(),f=o.lmc_error_line()||null,d=f?o.lmc_error_column():null,h=u?new TextDecoder().decode(l.subarray(0,u)):null,m=f?`${f}:${d}: `:h?h+": ":"";throw new I(A,{line:f,column:d,path:h,reason:A.slice(m.length),status:i})}};var J,G;function rt(n){let{name:t,message:o}=n;return n instanceof I?{name:t,message:o,line:n.line,column:n.column,path:n.path,reason:n.reason,status:n.status}:{name:t,message:o,status:n.status}}onmessage=async({data:n})=>{if(n.engine){try{let[t,o]=await Promise.all([WebAssembly.instantiate(n.engine,{}),WebAssembly.instantiate(n.compiler,{})]);J=new N(t.exports),G=new w(o.exports),postMessage({ready:!0})}catch(t){postMessage({failed:t.message})}return}try{postMessage({doc:J.load(G.compile(n.text)).document({fps:60,progressSamples:Y})})}catch(t){postMessage({error:rt(t)})}};})();\n' : null;
var BudgetError = class extends Error {
  constructor(budget) {
    super(`stopped after ${budget / 1e3} s: this scene takes longer than the playground's budget to compile and play (loadmark export has no time limit); the last scene that compiled keeps playing`);
    this.name = "BudgetError";
    this.budget = budget;
  }
};
var WorkerRefused = class extends Error {
  constructor(reason) {
    super(`the playground's worker could not start (${reason}): scenes compile on the page's main thread, with no time budget`);
    this.name = "WorkerRefused";
  }
};
var Superseded = class extends Error {
};
function errorOf({ name, message, status, ...parts }) {
  if (name == "SceneError")
    return new SceneError(message, { ...parts, status });
  return Object.assign(new Error(message), { name, status });
}
var WorkerCompiler = class {
  /** `modules()` resolves to `{ engine, compiler }`, each a WebAssembly.Module, compiled once for every worker. */
  constructor(modules) {
    this.modules = modules;
    this.worker = null;
    this.pending = null;
    this.jobs = 0;
  }
  /** A worker that has instantiated both modules; rejects with `WorkerRefused` if the browser will not run one. */
  async start() {
    if (!WORKER_SOURCE || typeof Worker != "function")
      throw new WorkerRefused("this browser has no Worker");
    const modules = await (this.compiled ??= this.modules());
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
    let worker;
    try {
      worker = new Worker(url, { name: "loadmark-playground" });
      await new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => data.ready ? resolve() : reject(new WorkerRefused(data.failed));
        worker.onerror = (event) => {
          event.preventDefault();
          reject(new WorkerRefused(event.message || "refused"));
        };
        worker.postMessage(modules);
      });
      return worker;
    } catch (error) {
      worker?.terminate();
      throw error instanceof WorkerRefused ? error : new WorkerRefused(error.message);
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  /** Ends the worker, and with it any compile in flight; the next `run` starts a fresh one. */
  stop() {
    this.worker?.then((worker) => worker.terminate(), () => {
    });
    this.worker = null;
    this.pending?.(new Superseded());
    this.pending = null;
  }
  /**
   * The frame document of the scene `text`, compiled and sampled in the worker; rejects with its `SceneError` or
   * `EngineError` (as plain Errors of those names), with `BudgetError` once `budget` ms have passed, or with
   * `WorkerRefused`. A compile still running when `run` is called again is stopped: only the newest text counts.
   */
  async run(text, budget = PLAYGROUND_BUDGET) {
    const job = ++this.jobs;
    if (this.pending)
      this.stop();
    const worker = await (this.worker ??= this.start());
    if (job != this.jobs)
      throw new Superseded();
    return new Promise((resolve, reject) => {
      const settle = (outcome) => {
        clearTimeout(timer);
        this.pending = null;
        outcome();
      };
      const timer = setTimeout(() => {
        settle(() => reject(new BudgetError(budget)));
        this.stop();
      }, budget);
      this.pending = (error) => settle(() => reject(error));
      worker.onmessage = ({ data }) => settle(() => data.error ? reject(errorOf(data.error)) : resolve(data.doc));
      worker.onerror = (event) => {
        event.preventDefault();
        settle(() => reject(Error(`the playground's worker failed: ${event.message}`)));
        this.stop();
      };
      worker.postMessage({ text });
    });
  }
};
var superseded = (error) => error instanceof Superseded;

// src/loadmark-wasm.js
async function bytesOf(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source))
    return source;
  if (typeof source == "string" && source[0] == "#") {
    const element = document.getElementById(source.slice(1));
    if (!element)
      throw Error(`loadmark: no element ${source} holds a module`);
    return Uint8Array.from(atob(element.textContent.trim()), (c) => c.charCodeAt(0));
  }
  const response = await fetch(source);
  if (!response.ok)
    throw Error(`loadmark: ${source}: HTTP ${response.status}`);
  return response.arrayBuffer();
}
function sourceOf(source, id, file) {
  return source ?? (globalThis.document?.getElementById(id) ? "#" + id : new URL(file, import.meta.url).href);
}
async function instantiate(source) {
  return (await WebAssembly.instantiate(await bytesOf(source), {})).instance.exports;
}
async function loadEngine(source) {
  return new Engine(await instantiate(sourceOf(source, "loadmark-wasm", "loadmark.wasm")));
}
async function loadCompiler(source) {
  return new Compiler(await instantiate(sourceOf(source, "loadmark-scene-wasm", "loadmark-scene.wasm")));
}
var sharedCompiler;
async function compile(sceneText) {
  sharedCompiler ??= loadCompiler();
  return (await sharedCompiler).compile(sceneText);
}
var shared;
var served = /* @__PURE__ */ new WeakMap();
function decimalAttribute(element, name, { min, max, whole: whole2 = false, fallback }) {
  const text = element.getAttribute(name);
  if (text == null)
    return fallback;
  const value = /^\s*\d+(\.\d+)?\s*$/.test(text) ? +text : NaN;
  const wanted = whole2 ? `a whole number from ${min} to ${max}` : `a number above ${min} and at most ${max}`;
  const low = whole2 ? value >= min : value > min;
  if (!low || !(value <= max) || whole2 && !Number.isInteger(value))
    throw Error(`${name}="${text}": expected ${wanted}`);
  return value;
}
var colorCanvas;
function colorAttribute(element) {
  const text = element.getAttribute("color");
  if (text == null || text.trim() == "")
    return void 0;
  const color = text.trim();
  if (hexColor(color) != null)
    return color;
  colorCanvas ??= globalThis.document?.createElement("canvas").getContext("2d");
  if (colorCanvas && !color.startsWith("#")) {
    const parsed = ["#000001", "#000002"].map((start) => (colorCanvas.fillStyle = start, colorCanvas.fillStyle = color, colorCanvas.fillStyle));
    if (parsed[0] == parsed[1]) {
      const rgba = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(parsed[0]);
      return rgba ? "#" + [rgba[1], rgba[2], rgba[3], Math.round(rgba[4] * 255)].map((n) => (+n).toString(16).padStart(2, "0")).join("") : parsed[0];
    }
  }
  throw Error(`color="${text}": expected #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS colour`);
}
function attributeOptions(element, presets) {
  const preset = element.getAttribute("preset");
  if (!presets.includes(preset))
    throw Error(`preset="${preset ?? ""}": expected one of ${presets.join(", ")}`);
  const size = decimalAttribute(element, "size", { min: 0, max: MAX_SIDE });
  const fps = decimalAttribute(element, "fps", { min: 0, max: MAX_FPS, fallback: 60 });
  const progressSamples = decimalAttribute(element, "progress-samples", { min: SAMPLES[0], max: SAMPLES[1], whole: true, fallback: DEFAULT_SAMPLES });
  return { preset, size, fps, progressSamples, color: colorAttribute(element) };
}
async function serve(element) {
  try {
    shared ??= loadEngine();
    const engine = await shared;
    await customElements.whenDefined(element.localName);
    const { preset, size, fps, progressSamples, color } = attributeOptions(element, engine.presets);
    const key = [preset, size, fps, progressSamples, color ? "themed" : "plain"].join();
    if (element.doc && served.get(element) == key)
      return;
    engine.select(preset, { size: size ? [size, size] : void 0, color });
    const doc = engine.document({ fps, progressSamples });
    if (size)
      Object.assign(element.style, { width: size + "px", height: size + "px" });
    served.set(element, key);
    await element.load(doc);
  } catch (error) {
    const message = error.message.replace(/^loadmark: /, "");
    element.dispatchEvent(new CustomEvent("error", { detail: { message } }));
    console.error("loadmark: " + message);
  }
}
async function compiledModules() {
  const compiled = async (id, file) => WebAssembly.compile(await bytesOf(sourceOf(void 0, id, file)));
  const [engine, compiler] = await Promise.all([compiled("loadmark-wasm", "loadmark.wasm"), compiled("loadmark-scene-wasm", "loadmark-scene.wasm")]);
  return { engine, compiler };
}
async function documentHere(text) {
  const image = await compile(text);
  const engine = await (shared ??= loadEngine());
  return engine.load(image).document({ fps: 60, progressSamples: DEFAULT_SAMPLES });
}
function budgetOf(root, fallback) {
  const value = Number(root.getAttribute("data-lm-budget"));
  return value > 0 && Number.isFinite(value) ? value : fallback;
}
function playground(root, { delay = 300, budget = PLAYGROUND_BUDGET } = {}) {
  const input = root.querySelector("[data-lm-scene]"), player = root.querySelector("[data-lm-scene-player]");
  const output = root.querySelector("[data-lm-scene-error]");
  let timer, attempt = 0, worker = new WorkerCompiler(compiledModules);
  root.setAttribute("data-lm-compiler", "worker");
  const sceneDocument = async (text) => {
    if (worker) {
      try {
        return await worker.run(text, budgetOf(root, budget));
      } catch (error) {
        if (!(error instanceof WorkerRefused))
          throw error;
        worker = null;
        root.setAttribute("data-lm-compiler", "main-thread");
        console.warn("loadmark: " + error.message);
      }
    }
    return documentHere(text);
  };
  const update = async () => {
    const ticket = ++attempt;
    let detail;
    try {
      const doc = await sceneDocument(input.value);
      if (ticket != attempt)
        return;
      await player.load(doc);
      player.play(doc.clips.find((clip) => clip.index == "time")?.name);
      output.textContent = "";
      input.removeAttribute("aria-invalid");
      detail = { doc };
    } catch (error) {
      if (ticket != attempt || superseded(error))
        return;
      output.textContent = error.message.replace(/^loadmark: /, "");
      input.setAttribute("aria-invalid", "true");
      detail = { error };
    }
    root.dispatchEvent(new CustomEvent("loadmark-scene", { detail }));
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(update, delay);
  });
  return update();
}
if (globalThis.document) {
  document.addEventListener("loadmark-engine", (event) => event.target.getAttribute("engine") == "wasm" && serve(event.target));
  for (const element of document.querySelectorAll('[engine="wasm"]'))
    serve(element);
  for (const element of document.querySelectorAll("[data-lm-playground]"))
    playground(element);
}
export {
  ABI_VERSION,
  BudgetError,
  COMPILER_ABI_VERSION,
  Compiler,
  Engine,
  EngineError,
  PLAYGROUND_BUDGET,
  SceneError,
  attributeOptions,
  compile,
  hexColor,
  loadCompiler,
  loadEngine,
  playground,
  serve
};
