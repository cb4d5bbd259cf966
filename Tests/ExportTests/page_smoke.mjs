// Smoke test of an exported page in headless Chromium, over the DevTools protocol: loads PAGE
// (made from Fixtures/two-screens.json), runs the probe below through window.segueExport (push by
// a drag, pop by a 1.09 widths/s edge swipe, a cancelled drag, a tap, a button), then drags with
// real mouse events; records console errors and exceptions (exit 1 on any) and screenshots.
//   node --experimental-websocket Tests/ExportTests/page_smoke.mjs /abs/path/demo.html /tmp/shot.png
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
const [page, shot] = process.argv.slice(2);
const port = 9333;
const chrome = spawn("/usr/bin/chromium", ["--headless=new", "--no-sandbox", `--remote-debugging-port=${port}`,
  "--user-data-dir=" + mkdtempSync("/tmp/segue-smoke-"), "--window-size=900,1000", "about:blank"], { stdio: "ignore" });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let target;
for (let i = 0; i < 100 && !target; i++) {
  await sleep(100);
  try { target = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()).find((t) => t.type === "page"); } catch {}
}
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener("open", r));
let id = 0; const pending = new Map(); const problems = [];
ws.addEventListener("message", (m) => {
  const msg = JSON.parse(m.data);
  if (msg.id && pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); return; }
  if (msg.method === "Runtime.exceptionThrown") problems.push("exception: " + JSON.stringify(msg.params.exceptionDetails).slice(0, 500));
  if (msg.method === "Runtime.consoleAPICalled" && ["error", "warning", "assert"].includes(msg.params.type))
    problems.push("console." + msg.params.type + ": " + msg.params.args.map((a) => a.value ?? a.description).join(" "));
  // (The probe's own getImageData readbacks draw a willReadFrequently advice: not the page's.)
  if (msg.method === "Log.entryAdded" && ["error", "warning"].includes(msg.params.entry.level) && !/willReadFrequently/.test(msg.params.entry.text)) problems.push("log: " + msg.params.entry.text);
});
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
await send("Runtime.enable"); await send("Log.enable"); await send("Page.enable");
await send("Page.navigate", { url: "file://" + page });
await sleep(1500);
const probe = PROBE.toString().replace(/^async function PROBE\(\)/, "async ()=>");
const result = await send("Runtime.evaluate", { expression: "(" + probe + ")()", awaitPromise: true, returnByValue: true });
if (result.result.exceptionDetails) problems.push("probe: " + JSON.stringify(result.result.exceptionDetails).slice(0, 800));
const value = result.result.result && result.result.result.value;
// A real drag with the mouse through the input pipeline (pointer events with real time stamps).
const box = (await send("Runtime.evaluate", { expression: "JSON.stringify(document.getElementById('screen').getBoundingClientRect())", returnByValue: true })).result.result.value;
const b = JSON.parse(box);
const at = (x, y) => ({ x: b.left + x, y: b.top + y });
await send("Input.dispatchMouseEvent", { type: "mouseMoved", ...at(5, 500) });
await send("Input.dispatchMouseEvent", { type: "mousePressed", button: "left", clickCount: 1, ...at(5, 500) });
for (let i = 1; i <= 12; i++) { await sleep(16); await send("Input.dispatchMouseEvent", { type: "mouseMoved", button: "left", buttons: 1, ...at(5 + i * 6, 500) }); }
const during = (await send("Runtime.evaluate", { expression: "JSON.stringify({phase: segueExport.phase, value: segueExport.value, edge: segueExport.edge, state: segueExport.state})", returnByValue: true })).result.result.value;
const mid = await send("Page.captureScreenshot", { format: "png" });
writeFileSync(shot.replace(".png", "-drag.png"), Buffer.from(mid.result.data, "base64"));
await send("Input.dispatchMouseEvent", { type: "mouseReleased", button: "left", clickCount: 1, ...at(77, 500) });
await sleep(1200);
const after = (await send("Runtime.evaluate", { expression: "JSON.stringify({phase: segueExport.phase, state: segueExport.state, last: segueExport.last, pan: segueExport.panText().slice(0, 200), frames: segueExport.frameTimes.length})", returnByValue: true })).result.result.value;
const shotResult = await send("Page.captureScreenshot", { format: "png" });
writeFileSync(shot, Buffer.from(shotResult.result.data, "base64"));

const p = value || {};
const expect = (name, ok) => { if (!ok) problems.push("check failed: " + name); };
expect("ready", p.ready === true);
expect("push by drag finishes", p.afterPush && p.afterPush.state === 1);
expect("1.09 widths/s pop finishes", p.pop && p.pop.last.finished === true && p.afterPop.state === 0);
expect("short drag cancels", p.cancel && p.cancel.last.finished === false && p.afterCancel.state === 0);
expect("tap plays", p.afterTap && p.afterTap.state === 1 && p.afterTap.last.kind === "tap");
expect("button plays", p.afterButton && p.afterButton.state === 0);
expect("mouse drag drives the pop", JSON.parse(during).phase === "dragging");
console.log(JSON.stringify({ probe: value, mouseDrag: { during: JSON.parse(during), after: JSON.parse(after) }, problems }, null, 1));
ws.close(); chrome.kill();
process.exit(problems.length ? 1 : 0);

// Runs in the page.
async function PROBE() {
  const out = { errors: [] };
  window.addEventListener("error", (e) => out.errors.push(String(e.message)));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const P = window.segueExport;
  const waitIdle = async () => { for (let i = 0; i < 400 && P.phase !== "idle"; i++) await sleep(25); await sleep(50); };
  for (let i = 0; i < 200 && !P.ready; i++) await sleep(25);
  await sleep(100);
  const canvas = document.getElementById("screen");
  const ctx = canvas.getContext("2d");
  const px = (x, y) => Array.from(ctx.getImageData(x * 2, y * 2, 1, 1).data);
  out.ready = P.ready; out.draws0 = P.draws;
  out.rest0 = { list: px(200, 500), row: px(200, 150), bar: px(200, 50), barEdge: px(200, 99), overlay: px(41, 41) };
  // 1. Push by a slow drag left from the right half, past half way: finishes (threshold 0.5).
  const drag = []; for (let i = 0; i <= 30; i++) drag.push([i / 60, 350 - i * 8, 400]); drag.push([31 / 60 + 0.1, 110, 400]);
  P.replay(drag);
  out.push = { phase: P.phase, edge: P.edge, last: JSON.parse(JSON.stringify(P.last)), progress: P.progress };
  await waitIdle();
  out.afterPush = { state: P.state, pixel: px(200, 500) };
  // 2. Pop: a steady 1.09 widths/s swipe from the left edge pops.
  const swipe = []; for (let i = 0; i <= 11; i++) swipe.push([i / 60, 5 + 1.09 * 390 * i / 60, 400]);
  P.replay(swipe);
  out.pop = { last: JSON.parse(JSON.stringify(P.last)) };
  await sleep(120);
  out.midPop = { phase: P.phase, value: P.value, pixel: px(200, 500) };
  await waitIdle();
  out.afterPop = { state: P.state, pixel: px(200, 500) };
  // 3. A short, slow drag from the right half cancels.
  const short = []; for (let i = 0; i <= 10; i++) short.push([i / 30, 300 - i * 6, 400]); short.push([10 / 30 + 0.2, 240, 400]);
  P.replay(short);
  out.cancel = { last: JSON.parse(JSON.stringify(P.last)) };
  await waitIdle();
  out.afterCancel = { state: P.state };
  // 4. A tap on the first row plays the push.
  P.replay([[0, 100, 150], [0.08, 101, 151]]);
  out.tap = { phase: P.phase, edge: P.edge };
  await waitIdle();
  out.afterTap = { state: P.state, last: P.last };
  // 5. The Back button plays the pop.
  document.querySelector("#buttons button").click();
  out.button = { phase: P.phase };
  await waitIdle();
  out.afterButton = { state: P.state };
  // 6. Real pointer events: down, moves, up on the canvas.
  const box = canvas.getBoundingClientRect();
  const fire = (type, x, y) => canvas.dispatchEvent(new PointerEvent(type, { pointerId: 7, bubbles: true, clientX: box.left + x, clientY: box.top + y, pointerType: "touch", isPrimary: true }));
  fire("pointerdown", 340, 600);
  for (let i = 1; i <= 12; i++) { await sleep(16); fire("pointermove", 340 - i * 20, 600); }
  out.pointerDragging = { phase: P.phase, value: P.value, progress: P.progress };
  await sleep(16);
  fire("pointerup", 100, 600);
  out.pointer = { last: P.last, samples: P.samples.length, text: P.panText().slice(0, 120) };
  await waitIdle();
  out.afterPointer = { state: P.state };
  out.hint = document.getElementById("hint").textContent;
  out.buttons = Array.from(document.querySelectorAll("#buttons button")).map((b) => b.textContent);
  out.draws = P.draws;
  const ft = P.frameTimes.map((f) => f.draw);
  out.drawMs = { n: ft.length, mean: ft.reduce((a, b) => a + b, 0) / ft.length, max: Math.max(...ft) };
  return out;
}
