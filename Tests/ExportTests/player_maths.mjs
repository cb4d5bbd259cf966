// Checks the player's maths (the block between BEGIN MATHS and END MATHS in
// Sources/Export/Page/ExportPage+Script.swift) against numbers printed by Segue's own Swift
// sources (Spring, CubicTimingCurve, VelocityEstimator, PanRecognizer, PopProjection,
// PropertyAnimator, compiled unchanged into a throwaway program) and a few worked by hand.
// Run: node Tests/ExportTests/player_maths.mjs — exits 1 on the first failed check set.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const swift = readFileSync(join(here, "../../Sources/Export/Page/ExportPage+Script.swift"), "utf8");
const begin = swift.indexOf("// BEGIN MATHS"), end = swift.indexOf("// END MATHS");
if (begin < 0 || end < begin) { console.error("no BEGIN MATHS … END MATHS block in ExportPage+Script.swift"); process.exit(1); }
const M = new Function('"use strict";\n' + swift.slice(begin, end) +
  "\nreturn { CubicCurve, Spring, VelocityEstimator, PanTracker, PopProjection, readingProgress, ruleFinishes, acceptsBegan," +
  " pieceState, pieceEnd, continueCubic, continueSpring, completeLayerTime, GestureDriver, GestureSession, planAt, planShape, panText };")();

let failures = 0, checks = 0;
function close(name, actual, expected, tolerance = 1e-9) {
  checks++;
  const ok = typeof expected === "number" ? Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)) : actual === expected;
  if (!ok) { failures++; console.error(`FAIL ${name}: got ${actual}, expected ${expected}`); }
}
function same(name, actual, expected) {
  checks++;
  if (JSON.stringify(actual) !== JSON.stringify(expected)) { failures++; console.error(`FAIL ${name}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`); }
}

// Reference numbers from the Swift sources (x86_64 Linux, Swift 6).
const REF = {"animations":[{"end":0.1499999999999999,"name":"animatorCubicCancel","states":[[0.29999999999999993,0.3797044387741165],[0.2258769014033669,0.32907718027090094],[0.031918253415560253,0.12656814625803858],[0,0],[0,0],[0,0],[0,0],[0,0]]},{"end":0.23999999999999977,"name":"animatorCubicFinish","states":[[0.6825405059782211,0.4],[0.7478534372968543,0.45000000000000007],[0.9159338487879173,0.6500000000000002],[0.9943164774961484,0.9000000000000005],[1,1],[1,1],[1,1],[1,1]]},{"end":0.3420406106793936,"name":"animatorSpringFinish","states":[[0.55,0],[0.6154439095592038,0.05847258885508978],[0.990788218385382,0.29236294427544857],[1.0064951677627236,0.5847258885508971],[0.9992546393553949,0.8770888328263461],[1,1],[1,1],[1,1]],"timingDuration":0.7600902459542083},{"end":0.15200000000000014,"name":"layerTimeFinish","states":[[0.8034877415330287,0.62],[0.8151974259523105,0.6331325982454515],[0.9852434918784683,0.907229038127817],[1,1],[1,1],[1,1],[1,1],[1,1]]},{"end":0.5020779187452709,"name":"completionSpring","states":[[0.35,0],[0.39477682519315116,0.03983445448065317],[0.7164981140552908,0.1991722724032694],[0.9255259625940376,0.3983445448065406],[0.9833623592785442,0.59751681720981],[0.998474175456467,0.8962752258147159],[1,1],[1,1]]}],"curve1":{"inputs":[0.06649118117123085,0.15699311681683376,0.293300668512927,0.721939097938983],"values":[0,0.09479630571576989,0.513315160977011,0.802403387584857,0.9670385062710749,0.9943164774961483,1],"xs":[0,0.1,0.3,0.5,0.77,0.9,1],"ys":[0.05,0.2,0.5,0.95]},"curve2":{"inputs":[0.056631059973093374,0.2820738894107947,0.4430757238180314,0.8926727301143703,0.8926727301143703],"values":[0,-0.008565989415490052,0.23057824404900043,0.6087682061839953,0.991072717931307,1.0396397317389758,1],"xs":[0,0.1,0.3,0.5,0.77,0.9,1],"ys":[-0.05,0.2,0.5,1.1,1.2]},"pan1":{"events":[{"location":[26,302],"state":"began","time":0.033,"translation":[6,0],"velocity":[514.7058823529412,61.76470588235294]},{"location":[40,303],"state":"changed","time":0.05,"translation":[20,1],"velocity":[823.529411764706,58.82352941176471]},{"location":[60,303],"state":"changed","time":0.066,"translation":[40,1],"velocity":[908.8235294117648,47.05882352941177]},{"location":[60,303],"state":"ended","time":0.09,"translation":[40,1],"velocity":[1000,0]}],"movementAtBegin":[21,2],"trace":[[0,5,300],[0.016,12,301],[0.033,26,302],[0.05,40,303],[0.066,60,303],[0.09,60,303]]},"pan2":{"events":[{"location":[100,288],"state":"began","time":0.04,"translation":[0,-2],"velocity":[166.66666666666666,-100]},{"location":[100,288],"state":"ended","time":0.04,"translation":[0,-2],"velocity":[166.66666666666666,-100]}],"trace":[[0,100,300],[0.016,104,300],[0.04,100,288]]},"pop":[{"averageAcceleration":-8.881784197001254e-15,"averageVelocity":1.09,"pops":true,"progress":0.16137179487179487,"projected":0.7063717948717938,"sampleCount":9,"trace":[[0,5,400],[0.016666666666666666,12.085,400],[0.03333333333333333,19.17,400],[0.05,26.255000000000003,400],[0.06666666666666667,33.34,400],[0.08333333333333333,40.425,400],[0.1,47.510000000000005,400],[0.11666666666666667,54.595000000000006,400],[0.13333333333333333,61.68,400],[0.15,68.765,400],[0.16666666666666666,75.85,400],[0.18333333333333332,82.935,400]]},{"averageAcceleration":0,"averageVelocity":0.19999999999999998,"pops":false,"progress":0.03153846153846153,"projected":0.13153846153846152,"sampleCount":10,"trace":[[0,5,400],[0.016666666666666666,6.3,400],[0.03333333333333333,7.6,400],[0.05,8.9,400],[0.06666666666666667,10.2,400],[0.08333333333333333,11.5,400],[0.1,12.8,400],[0.11666666666666667,14.1,400],[0.13333333333333333,15.4,400],[0.15,16.7,400],[0.16666666666666666,18,400],[0.18333333333333332,19.3,400],[0.2,20.6,400],[0.21666666666666667,21.9,400],[0.23333333333333334,23.2,400],[0.25,24.5,400],[0.26666666666666666,25.8,400],[0.2833333333333333,27.1,400],[0.3,28.4,400],[0.31666666666666665,29.7,400],[0.3333333333333333,31,400],[0.35,32.3,400]]},{"averageAcceleration":-6.106226635438351e-15,"averageVelocity":0.05000000000000001,"pops":false,"progress":0.004038461538461537,"projected":0.029038461538460777,"sampleCount":5,"trace":[[0,5,400],[0.016666666666666666,5.325,400],[0.03333333333333333,5.65,400],[0.05,5.975,400],[0.06666666666666667,6.3,400],[0.08333333333333333,6.625,400],[0.1,6.95,400],[0.11666666666666667,7.275,400],[0.13333333333333333,7.6,400],[0.15,7.925,400],[0.16666666666666666,8.25,400],[0.18333333333333332,8.575,400],[0.2,8.9,400],[0.21666666666666667,9.225,400],[0.23333333333333334,9.55,400],[0.25,9.875,400],[0.26666666666666666,10.2,400],[0.2833333333333333,10.525,400],[0.3,10.85,400],[0.31666666666666665,11.175,400],[0.3333333333333333,11.5,400],[0.35,11.825,400],[0.36666666666666664,12.15,400],[0.38333333333333336,12.475,400],[0.4,12.8,400],[0.4166666666666667,13.125,400],[0.43333333333333335,13.45,400],[0.45,13.775,400],[0.4666666666666667,14.1,400],[0.48333333333333334,14.425,400],[0.5,14.75,400],[0.5166666666666667,15.075,400],[0.5333333333333333,15.4,400],[0.55,15.725,400],[0.5666666666666667,16.05,400],[0.5833333333333334,16.375,400],[0.6,16.7,400],[0.6166666666666667,17.025,400],[0.6333333333333333,17.35,400],[0.65,17.675,400],[0.6666666666666666,18,400],[0.6833333333333333,18.325,400],[0.7,18.65,400],[0.7166666666666667,18.975,400],[0.7333333333333333,19.3,400],[0.75,19.625,400],[0.7666666666666667,19.95,400],[0.7833333333333333,20.275,400],[0.8,20.6,400],[0.8166666666666667,20.925,400],[0.8333333333333334,21.25,400],[0.85,21.575,400]]},{"averageAcceleration":0,"averageVelocity":0.5999999999999999,"pops":false,"progress":0.0015384615384615421,"projected":0.3015384615384615,"sampleCount":1,"trace":[[0,5,400],[0.016666666666666666,8.9,400],[0.03333333333333333,12.8,400],[0.05,16.7,400],[0.06666666666666667,20.6,400]]},{"averageAcceleration":0,"averageVelocity":1.6,"pops":false,"progress":0.041538461538461545,"projected":0.8415384615384616,"sampleCount":2,"trace":[[0,5,400],[0.016666666666666666,15.4,400],[0.03333333333333333,25.8,400],[0.05,36.2,400]]}],"spring1":{"settling":0.5057348843824729,"times":[0.01,0.05,0.1,0.2,0.5,1],"values":[0.0147704408449425,0.2322304925343014,0.5447783899280674,0.8792819320615024,0.9989009788907399,0.9999997732736869]},"spring2":{"settling":2.854974609888761,"times":[0.05,0.2,0.7,1.5],"values":[0.1128632805571752,1.070644550919464,0.8257505503659948,1.0032411545937594]},"spring3":{"settling":2.763102111592855,"times":[0.05,0.2,0.7,1.5],"values":[0.2189165424756393,1.216894604318635,0.8470460440886877,1.0088654375801245]},"spring4":{"settling":0.514132882813483,"times":[0.05,0.2],"values":[0.17202495312056387,0.8637103757206651]},"velocity":{"points":[[0,10,10],[0.016,20,12],[0.0165,25,12],[0.032,40,15],[0.05,70,15]],"velocities":[[0,0],[625,125],[625,125],[750,137.5],[1333.3333333333333,150]]}};

// Spring.value(at:) and settlingDuration(epsilon: 0.001).
for (const [name, m, v0] of [["spring1", [3, 1000, 500], 0], ["spring2", [1, 100, 5], 0], ["spring3", [1, 100, 5], 2.5], ["spring4", [3, 1000, 500], -3]]) {
  const s = new M.Spring(m[0], m[1], m[2], v0);
  REF[name].times.forEach((t, i) => close(`${name}.value(${t})`, s.value(t), REF[name].values[i], 1e-12));
  close(`${name}.settlingDuration`, s.settlingDuration(0.001), REF[name].settling, 1e-12);
}
// Apple's documented ≈ 2.85 s for (m 1, k 100, damping 5) (docs/uikit-semantics.md#springs).
close("spring2 settling ≈ 2.85 s", new M.Spring(1, 100, 5).settlingDuration(0.001), 2.85, 0.01);
// An honoured duration is the run's duration whatever the spring.
{
  const s = M.Spring.from({ mass: 1, stiffness: 300, damping: 30, honouredDuration: 0.4, settleEpsilon: 0.001 });
  const p = M.continueSpring({ value: 0.2, fraction: 0.2 }, 1, s, 0.001, null);
  close("honoured spring duration", p.duration, 0.4); close("honoured spring time scale", p.timeScale, 1);
}

// CubicTimingCurve.value(at:) and input(forValue:), monotonic and overshooting.
for (const [name, c] of [["curve1", [0.25, 0.1, 0.25, 1]], ["curve2", [0.3, -0.2, 0.6, 1.3]]]) {
  const curve = M.CubicCurve.from(c);
  REF[name].xs.forEach((x, i) => close(`${name}.value(${x})`, curve.value(x), REF[name].values[i], 1e-12));
  REF[name].ys.forEach((y, i) => close(`${name}.input(${y})`, curve.input(y), REF[name].inputs[i], 1e-12));
}
close("linear curve", M.CubicCurve.from([0, 0, 1, 1]).value(0.37), 0.37, 0);
close("curve clamps below 0", M.CubicCurve.from([0.42, 0, 0.58, 1]).value(-0.5), 0, 0);

// VelocityEstimator: 0.2 × the latest sample + 0.8 × the one before; moves under 1 ms add none.
{
  const e = new M.VelocityEstimator({ minimumInterval: 0.001, latestWeight: 0.2 });
  REF.velocity.points.forEach((p, i) => {
    e.add(p[0], p[1], p[2]);
    close(`velocity[${i}].x`, e.velocity[0], REF.velocity.velocities[i][0], 1e-12);
    close(`velocity[${i}].y`, e.velocity[1], REF.velocity.velocities[i][1], 1e-12);
  });
  // By hand: samples (10/0.016, 2/0.016) then (0.5 ms skipped) (20/0.0165... ) — the third point is skipped.
  const h = new M.VelocityEstimator({ minimumInterval: 0.001, latestWeight: 0.2 });
  h.add(0, 0, 0); h.add(0.01, 10, 0); h.add(0.02, 30, 0);
  close("velocity by hand 0.2/0.8", h.velocity[0], 0.2 * 2000 + 0.8 * 1000, 1e-9);
}

// PanRecognizer: slop 15 from the left edge, 21 pt moved at .began reports 6 pt.
function recognize(recognizer, trace) {
  const t = new M.PanTracker(recognizer, [390, 844], { minimumInterval: 0.001, latestWeight: 0.2 });
  const events = [];
  trace.forEach((p, i) => events.push(...t.add(p[0], p[1], p[2], i === trace.length - 1)));
  return { events, tracker: t };
}
function sameEvents(name, actual, expected) {
  same(`${name} states`, actual.map((e) => e.state), expected.map((e) => e.state));
  expected.forEach((e, i) => {
    if (!actual[i]) return;
    close(`${name}[${i}].time`, actual[i].time, e.time, 0);
    for (const k of ["location", "translation", "velocity"]) for (const a of [0, 1]) close(`${name}[${i}].${k}[${a}]`, actual[i][k][a], e[k][a], 1e-12);
  });
}
{
  const { events, tracker } = recognize({ slop: 15, edge: "left", edgeZone: 13 }, REF.pan1.trace);
  sameEvents("pan1", events, REF.pan1.events);
  close("pan1 began translation (hand: 21 − 15 = 6)", events[0].translation[0], 6, 0);
  same("pan1 movementAtBegin", tracker.movementAtBegin, REF.pan1.movementAtBegin);
  const { events: e2 } = recognize({ slop: 10, edge: null, edgeZone: 13 }, REF.pan2.trace);
  sameEvents("pan2 (begins on the lift)", e2, REF.pan2.events);
  const { events: e3, tracker: t3 } = recognize({ slop: 15, edge: "left", edgeZone: 13 }, [[0, 20, 300], [0.1, 80, 300], [0.2, 90, 300]]);
  same("not near the edge: no pan", [e3.length, t3.dead], [0, true]);
  const { tracker: t4 } = recognize({ slop: 15, edge: "right", edgeZone: 13 }, [[0, 377, 300], [0.1, 300, 300]]);
  same("right edge zone is inclusive (390 − 377 = 13)", t4.began, true);
}

// PopProjection over steady swipes from the left edge (a 1.09 widths/s one pops).
REF.pop.forEach((ref, k) => {
  const { events } = recognize({ slop: 15, edge: "left", edgeZone: 13 }, ref.trace);
  const p = new M.PopProjection({ distance: 390, threshold: Math.min(187.5 / 390, 0.5), sampleInterval: 0.01, movedInterval: 0.001, accelerationStep: 5, window: 3 });
  events.forEach((e) => p.add(e));
  const progress = Math.min(Math.max(events[events.length - 1].translation[0] / 390, 0), 1);
  close(`pop${k}.progress`, progress, ref.progress, 1e-12);
  close(`pop${k}.sampleCount`, p.sampleCount, ref.sampleCount, 0);
  close(`pop${k}.averageVelocity`, p.averageVelocity, ref.averageVelocity, 1e-9);
  close(`pop${k}.averageAcceleration`, p.averageAcceleration, ref.averageAcceleration, 1e-9);
  close(`pop${k}.projected`, p.projected(progress, 0.5), ref.projected, 1e-9);
  same(`pop${k}.pops`, p.pops(progress, 0.5), ref.pops);
});
same("the 1.09 widths/s swipe pops", REF.pop[0].pops, true);

// PropertyAnimator completions, as PercentDrivenDriver.complete makes them.
{
  const states = (piece, times) => times.map((t) => { const s = M.pieceState(piece, 0, t); return [s.value, s.fraction]; });
  const ts = [0, 0.02, 0.1, 0.2, 0.3, 0.45, 0.7, 1.2];
  const byName = Object.fromEntries(REF.animations.map((a) => [a.name, a]));
  const check = (name, piece) => {
    const ref = byName[name];
    states(piece, ts).forEach((s, i) => { close(`${name}(${ts[i]}).value`, s[0], ref.states[i][0], 1e-9); close(`${name}(${ts[i]}).fraction`, s[1], ref.states[i][1], 1e-9); });
    close(`${name} end`, M.pieceEnd(piece, 0), ref.end, 1e-9);
  };
  const easeInOut = M.CubicCurve.from([0.42, 0, 0.58, 1]), standard = M.CubicCurve.from([0.25, 0.1, 0.25, 1]);
  check("animatorCubicCancel", M.continueCubic({ value: 0.3, fraction: 0.3 }, 0, easeInOut, Math.max(0.3, 1e-3) / 1 * 0.5));
  check("animatorCubicFinish", M.continueCubic({ value: standard.value(0.4), fraction: 0.4 }, 1, standard, Math.max(0.6, 1e-3) / 1.5 * 0.6));
  const spring = new M.Spring(1, 200, 20, 0);
  const springDuration = byName.animatorSpringFinish.timingDuration;
  close("spring timing duration", spring.settlingDuration(0.001), springDuration, 1e-12);
  check("animatorSpringFinish", M.continueSpring({ value: 0.55, fraction: 0.55 }, 1, spring, 0.001, Math.max(0.45, 1e-3) / 1 * springDuration));
  const easeOut = M.CubicCurve.from([0, 0, 0.58, 1]);
  check("layerTimeFinish", M.completeLayerTime({ value: easeOut.value(0.62), fraction: 0.62 }, 1, easeOut, easeInOut, 0.4 * (1 - 0.62) / 1));
  const v = (300 / 390) / (1 - 0.35);
  check("completionSpring", M.continueSpring({ value: 0.35, fraction: 0.35 }, 1, new M.Spring(3, 1000, 500, v), 0.001, null));
}

// GestureDriver end to end: the same completions reached through handle(_:).
{
  const W = 390;
  const gesture = (completion, decision, extra = {}) => ({
    recognizer: { slop: 15, edge: "left", edgeZone: 13, region: null },
    reading: { source: "translation", axis: "x", start: -2 * W, step: 2, values: Array.from({ length: 2 * W + 1 }, (_, i) => (-2 * W + 2 * i) / W) },
    autoFinish: null, decision, scrub: { linear: true, curve: [0, 0, 1, 1] }, completion, frames: { values: [0, 1], plans: [[], []] }, ...extra,
  });
  const projection = { kind: "projection", duration: 0.5, distance: W, threshold: Math.min(187.5 / W, 0.5), sampleInterval: 0.01, movedInterval: 0.001, accelerationStep: 5, window: 3 };
  const spring = { kind: "spring", spring: { mass: 3, stiffness: 1000, damping: 500, honouredDuration: null, settleEpsilon: 0.001 }, velocity: [1 / W, 0] };
  const data = { size: [W, 844], velocity: { minimumInterval: 0.001, latestWeight: 0.2 },
                 states: [{ gestures: [0], taps: [{ rect: [0, 100, 390, 50], edge: 1 }] }],
                 edges: [{ gesture: gesture(spring, projection) }, { gesture: null }] };
  const run = (trace) => { const s = new M.GestureSession(data, 0); trace.forEach((p, i) => s.add(p[0], p[1], p[2], i === trace.length - 1)); return s; };
  const fast = run(REF.pop[0].trace);
  same("steady 1.09 widths/s pop finishes", fast.driver.completion.finished, true);
  close("pop release progress", fast.driver.release.progress, REF.pop[0].progress, 1e-12);
  const slow = run(REF.pop[1].trace);
  same("slow pop cancels", slow.driver.completion.finished, false);
  // The completion spring starts with the release velocity over what is left (PercentDrivenDriver.complete).
  const r = fast.driver.release, left = 1 - r.progress;
  const expected = M.continueSpring({ value: r.progress }, 1, new M.Spring(3, 1000, 500, (r.velocity[0] / W) / left), 0.001, null);
  close("spring completion time", fast.driver.completion.time, r.time + expected.duration, 1e-12);
  // A tap: under 10 pt, under 0.5 s, on the tap rect (half-open).
  same("tap", run([[0, 30, 120], [0.1, 34, 122]]).tap, 1);
  same("tap too long", run([[0, 30, 120], [0.6, 30, 120]]).tap, null);
  same("tap outside", run([[0, 30, 150], [0.1, 30, 150]]).tap, null);

  // A rule: threshold 0.5 exclusive, flick 1000 by direction, autoFinish 0.7 with a layer-time completion.
  const rule = { kind: "rule", axis: "x", sign: 1, flick: 1000, velocity: null, threshold: 0.5, inclusive: false };
  same("rule: at threshold, exclusive", M.ruleFinishes(rule, 0.5, [10, 0]), false);
  same("rule: at threshold, inclusive", M.ruleFinishes({ ...rule, inclusive: true }, 0.5, [10, 0]), true);
  same("rule: flick back", M.ruleFinishes(rule, 0.9, [-1200, 0]), false);
  same("rule: flick by magnitude", M.ruleFinishes(rule, 0.1, [900, -600]), true);
  same("rule: velocity along", M.ruleFinishes({ ...rule, flick: null, threshold: null, velocity: 0 }, 0.1, [5, 0]), true);
  const layer = { kind: "layerTime", curve: [0.42, 0, 0.58, 1], completionCurve: [0.42, 0, 0.58, 1], duration: 0.4, speed: 1 };
  const auto = gesture(layer, rule, { autoFinish: 0.7, scrub: { linear: false, curve: [0.42, 0, 0.58, 1] }, recognizer: { slop: 10, edge: null, edgeZone: 13, region: null } });
  const d2 = { ...data, edges: [{ gesture: auto }, { gesture: null }] };
  const s2 = new M.GestureSession(d2, 0);
  [[0, 10, 300], [0.02, 30, 300], [0.04, 150, 300], [0.06, 300, 300]].forEach((p) => s2.add(p[0], p[1], p[2], false));
  // began at 20 pt moved (translation 10), changed at 130 (p 0.333), then 280 (0.718 > 0.7): finishes from 0.333 (its value never shown).
  same("autoFinish finishes while the finger is down", [s2.driver.completion.finished, s2.driver.release.autoFinished], [true, true]);
  const f = 130 / W, x0 = f;
  close("autoFinish completes from the last applied fraction", s2.driver.piece.x0, x0, 1e-12);
  close("autoFinish duration = duration × remaining / speed", s2.driver.completion.time - 0.06, 0.4 * (1 - f), 1e-12);
  close("value shown before: curve(f)", M.pieceState(s2.driver.piece, 0.06, 0.06).value, M.CubicCurve.from([0.42, 0, 0.58, 1]).value(f), 1e-12);
  // .began applies nothing: the value stays 0 until the first .changed.
  const s3 = new M.GestureSession(d2, 0);
  [[0, 10, 300], [0.02, 40, 300]].forEach((p) => s3.add(p[0], p[1], p[2], false));
  same("began shows 0", [s3.driver.state(0.02).value, s3.driver.progress], [0, 20 / W]);

  // Candidates in order: an earlier one that has not begun holds the decision (slop 15 vs 10).
  const half = gesture(spring, rule, { recognizer: { slop: 10, edge: null, edgeZone: 13, region: { half: "left" } } });
  const d3 = { ...data, states: [{ gestures: [0, 1], taps: [] }], edges: [{ gesture: gesture(spring, projection) }, { gesture: half }] };
  const s4 = new M.GestureSession(d3, 0);
  s4.add(0, 5, 300, false); s4.add(0.02, 17, 300, false);
  same("edge pan pending at 12 pt", s4.winner, null);
  s4.add(0.04, 25, 300, false);
  same("edge pan wins at 20 pt", s4.winner.edge, 0);
  const s5 = new M.GestureSession(d3, 0);
  s5.add(0, 5, 300, false); s5.add(0.02, 17, 300, false); s5.add(0.05, 17, 300, true);
  same("edge pan never begins: the half pan takes the lift", s5.winner && s5.winner.edge, 1);
  same("half region is tested at .began", M.acceptsBegan({ region: { half: "right" } }, { location: [195, 10] }, [20, 0], [390, 844]), true);
  same("moving (beginsMoving) test", M.acceptsBegan({ region: null, moving: "bottom" }, { location: [10, 10] }, [12, 5], [390, 844]), false);
}

// Frames: interpolated when the shapes match, else the nearer; clamped to the ends.
{
  const A = [["clear", [0, 0, 0, 1]], ["image", 0, 1, [0, 0, 10, 10], 0, [2, 0, 0, 2, 0, 0]]];
  const B = [["clear", [0, 0, 0, 1]], ["image", 0, 0.5, [0, 0, 10, 10], 0, [2, 0, 0, 2, 20, 0]]];
  const C = [["clear", [0, 0, 0, 1]], ["image", 1, 0.5, [0, 0, 10, 10], 0, [2, 0, 0, 2, 40, 0]]];
  const frames = { values: [0, 0.5, 1], plans: [A, B, C] };
  const mid = M.planAt(frames, 0.25);
  close("lerp alpha", mid[1][2], 0.75, 1e-12); close("lerp tx", mid[1][5][4], 10, 1e-12); same("part kept", mid[1][1], 0);
  same("different parts: nearer (below)", M.planAt(frames, 0.7), B);
  same("different parts: nearer (above)", M.planAt(frames, 0.8), C);
  same("clamped below", M.planAt(frames, -0.2), A);
  same("clamped above", M.planAt(frames, 1.3), C);
  same("shape sees null clips", M.planShape([["begin", null]]) === M.planShape([["begin", [[0, 0, 1, 1], 0, [1, 0, 0, 1, 0, 0]]]]), false);
}

// Reading: linear between samples, the ends beyond the table.
{
  const reading = { source: "location", axis: "y", start: -10, step: 2, values: [0, 1, 4] };
  close("reading between", M.readingProgress(reading, { location: [0, -9], translation: [0, 0] }), 0.5, 1e-12);
  close("reading past the end", M.readingProgress(reading, { location: [0, 100], translation: [0, 0] }), 4, 0);
  close("reading before the start", M.readingProgress(reading, { location: [0, -100], translation: [0, 0] }), 0, 0);
}

// Copy as pan:
same("pan text", M.panText([[0, 60.123, 420.1], [0.016666, 78, -0.001], [0.05, 95.805, 420.1]]),
     "pan: [[0, 60.12, 420.1], [0.0167, 78, 0], [0.05, 95.81, 420.1]]");

if (failures) { console.error(`${failures} of ${checks} checks failed`); process.exit(1); }
console.log(`player maths: ${checks} checks passed`);
