// Rommikirja's rules engine in the browser: a module worker that starts the self-hosted
// Pyodide, unpacks the engine wheel and answers JSON requests with rommikirja.practice.handle.
// The page talks to it with {id, request}; replies are {id, ok, result | error, ms}.
const base = new URL("../", import.meta.url);
let engine = null;

async function start() {
  const t0 = performance.now();
  // the engine wheel downloads while Pyodide starts
  const runtimeP = fetch(new URL("data/runtime.json", base)).then((r) => r.json());
  const wheelP = runtimeP.then((rt) => fetch(new URL("pyodide/" + rt.wheel, base))).then((r) => r.arrayBuffer());
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  const [runtime, wheel] = await Promise.all([runtimeP, wheelP]);
  pyodide.unpackArchive(wheel, "wheel");
  const handle = pyodide.runPython("from rommikirja.practice import handle\nhandle");
  // the Pelaa page's requests ({play: true, ...}) go to rommikirja.play.handle
  const playHandle = pyodide.runPython("from rommikirja.play import handle as play_handle\nplay_handle");
  engine = (text, play) => (play ? playHandle : handle)(text);
  return { ms: Math.round(performance.now() - t0), pyodide: runtime.pyodide };
}

const ready = start();

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    if (request === "ready") {
      const info = await ready;
      self.postMessage({ id, ok: true, result: info });
      return;
    }
    await ready;
    const t = performance.now();
    const reply = JSON.parse(engine(JSON.stringify(request), request && request.play));
    reply.ms = performance.now() - t;
    self.postMessage({ id, ...reply });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err) });
  }
};
