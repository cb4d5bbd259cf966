extension PreviewPage {
    static let script = #"""
    "use strict";
    // Segue preview. State of the page; `window.seguePreview` exposes it for tests.
    // `variant`: undefined until the page picks one (the server's starting variant: `--variant NAME`,
    // else the scene as written), "" as written, or a variant's name.
    const state = { scenes: [], scene: null, variant: undefined, meta: null, frame: 0, playing: false, playStart: 0, playFrom: 0,
                    loading: false, pending: null, shownFrame: -1, shownGeneration: -1, reloads: 0 };
    window.seguePreview = state;
    const $ = (id) => document.getElementById(id);
    const img = $("frame"), stage = $("stage"), ink = $("ink"), scrubber = $("scrubber"), plot = $("plot");

    // Every request that changes something is JSON and carries this run's token (docs/preview.md).
    const token = document.querySelector('meta[name="segue-token"]').content;
    async function api(path, options) {
      if (options && options.method && options.method !== "GET") {
        options = { ...options, headers: { ...(options.headers || {}), "Content-Type": "application/json", "X-Segue-Token": token } };
        if (options.body === undefined) options.body = "{}";
      }
      const response = await fetch(path, options);
      const text = await response.text();
      if (!response.ok) {
        // A refusal the page can show as the scene's error (an unknown variant) comes as JSON with `errors`.
        const error = new Error(text || response.statusText);
        try { const answer = JSON.parse(text); if (answer.errors) error.answer = answer; } catch { /* plain text */ }
        throw error;
      }
      return JSON.parse(text);
    }
    const query = (extra) => "?scene=" + encodeURIComponent(state.scene)
      + (state.variant === undefined ? "" : "&variant=" + encodeURIComponent(state.variant)) + (extra || "");
    // The page's address names the scene and, once picked, the variant, so a reload shows them again.
    const hashParameter = (name) => { const found = location.hash.match(new RegExp("[#&]" + name + "=([^&]*)")); return found ? decodeURIComponent(found[1]) : undefined; };
    function setHash() {
      location.hash = "scene=" + encodeURIComponent(state.scene) + (state.variant === undefined ? "" : "&variant=" + encodeURIComponent(state.variant));
    }
    const status = (text) => { $("status").textContent = text; };

    async function loadScenes() {
      const list = await api("/api/scenes");
      state.scenes = list.scenes;
      const picker = $("scene-picker");
      picker.innerHTML = "";
      for (const name of list.scenes) picker.add(new Option(name, name));
      picker.hidden = list.single;
      const wanted = hashParameter("scene") || "";
      state.scene = list.scenes.includes(wanted) ? wanted : list.scenes[0];
      if (state.scene === wanted) state.variant = hashParameter("variant");
      picker.value = state.scene;
      if (!state.scene) { status("no scene files in " + list.folder); return; }
      await loadScene(true);
    }

    async function loadScene(first) {
      let meta;
      try {
        meta = await api("/api/scene" + query());
      } catch (error) {
        if (!error.answer) throw error;
        meta = error.answer;
      }
      state.meta = meta;
      showVariants(meta);
      state.reloads += 1;
      document.body.dataset.generation = meta.generation;
      $("scene-name").textContent = state.scene;
      showErrors(meta.errors || []);
      stage.classList.toggle("disabled", !meta.ok || !meta.editable);
      stage.title = meta.editable ? "" : "JSON scenes are not edited from the page";
      $("undo").disabled = !meta.undo;
      if (!meta.ok) { status("the scene has errors"); drawPlot(); return; }
      scrubber.max = meta.frameCount - 1;
      if (first) state.frame = 0;
      state.frame = Math.min(state.frame, meta.frameCount - 1);
      ink.width = meta.size[0]; ink.height = meta.size[1];
      clearInk();
      status(`${meta.size[0]}×${meta.size[1]} pt · ${meta.fps} fps · ${meta.frameCount} frames · generation ${meta.generation}`);
      show(state.frame);
      prefetch(meta.generation);
      if ($("tab-snapshots").classList.contains("selected")) checkSnapshots();
    }

    // The variant picker: "as written" and each variant the scene declares; hidden when it declares none.
    function showVariants(meta) {
      const picker = $("variant-picker");
      const variants = meta.variants || [];
      picker.innerHTML = "";
      picker.add(new Option("as written", ""));
      for (const name of variants) picker.add(new Option(name, name));
      const current = meta.variant === null || meta.variant === undefined ? "" : meta.variant;
      if (current && !variants.includes(current)) {
        const unknown = new Option(current + " (not declared)", current);
        unknown.disabled = true;
        picker.add(unknown);
      }
      picker.value = current;
      picker.hidden = variants.length === 0 && !current;
      document.body.dataset.variant = current;
    }

    function showErrors(errors) {
      const list = $("errors");
      list.innerHTML = "";
      for (const error of errors) {
        const item = document.createElement("li");
        item.textContent = error.description || error.message;
        list.append(item);
      }
      list.hidden = errors.length === 0;
    }

    const frameURL = (n, generation) => `/frame/${n}.png` + query("&g=" + generation);
    // What a frame request shows: the generation, the frame and the variant ("" as written).
    const variantShown = () => (state.meta && state.meta.variant) || "";

    // Shows frame `n`: exactly that frame, loaded after any in flight (never a frame skipped over).
    function show(n) {
      const meta = state.meta;
      if (!meta || !meta.ok) return;
      n = Math.max(0, Math.min(meta.frameCount - 1, n | 0));
      state.frame = n;
      scrubber.value = n;
      $("position").textContent = `frame ${n} / ${meta.frameCount - 1} · ${(n / meta.fps).toFixed(3)} s`;
      drawPlot();
      if (state.loading) { state.pending = n; return; }
      state.loading = true;
      const generation = meta.generation;
      img.dataset.requested = `${generation}:${n}:${variantShown()}`;
      img.src = frameURL(n, generation);
      loadTrace(n, generation, variantShown());
    }

    img.addEventListener("load", () => {
      const [generationText, frameText, ...rest] = img.dataset.requested.split(":");
      const generation = Number(generationText), frame = Number(frameText), variant = rest.join(":");
      state.shownFrame = frame; state.shownGeneration = generation; state.shownVariant = variant;
      img.dataset.frame = frame; img.dataset.generation = generation; img.dataset.variant = variant;
      frameLoaded();
    });
    img.addEventListener("error", frameLoaded);
    function frameLoaded() {
      state.loading = false;
      if (state.pending !== null) { const n = state.pending; state.pending = null; show(n); }
      else if (state.meta && state.meta.ok && (state.shownGeneration !== state.meta.generation || state.shownVariant !== variantShown())) show(state.frame);
    }

    async function loadTrace(n, generation, variant) {
      try {
        const response = await fetch(`/api/trace/${n}` + query());
        if (state.frame === n && state.meta && state.meta.generation === generation && variantShown() === variant) {
          const text = await response.text();
          try { $("trace").textContent = prettyTrace(JSON.parse(text)); } catch { $("trace").textContent = text; }
        }
      } catch (error) { /* the next frame shown asks again */ }
    }

    // The trace object indented, with arrays of numbers (frames, transforms, touches) kept on one line.
    function prettyTrace(object) {
      return JSON.stringify(object, null, 2).replace(/\[[^\[\]{}]*\]/g, (array) => array.replace(/\s+/g, " ").replace("[ ", "[").replace(" ]", "]"));
    }

    // Loads every frame of a generation into the browser's cache, four at a time, so playback is smooth.
    async function prefetch(generation) {
      const meta = state.meta;
      let next = 0;
      const worker = async () => {
        while (state.meta === meta && next < meta.frameCount) {
          const n = next++;
          await new Promise((resolve) => { const image = new Image(); image.onload = image.onerror = resolve; image.src = frameURL(n, generation); });
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      if (state.meta === meta) state.prefetched = generation;
    }

    // Playback at the scene's frame rate; frames shown are always whole frames of the scene.
    function togglePlay(force) {
      state.playing = force === undefined ? !state.playing : force;
      $("play").textContent = state.playing ? "❚❚" : "▶";
      if (!state.playing || !state.meta || !state.meta.ok) return;
      if (state.frame >= state.meta.frameCount - 1) state.frame = 0;
      state.playFrom = state.frame;
      state.playStart = performance.now();
      requestAnimationFrame(tick);
    }
    function tick(now) {
      if (!state.playing || !state.meta || !state.meta.ok) return;
      const n = state.playFrom + Math.floor((now - state.playStart) / 1000 * state.meta.fps);
      if (n >= state.meta.frameCount) { show(state.meta.frameCount - 1); togglePlay(false); return; }
      if (n !== state.frame) show(n);
      requestAnimationFrame(tick);
    }

    // The timeline under the frame: progress of each transition per frame, phases shaded, finish/cancel marked.
    function drawPlot() {
      const ratio = window.devicePixelRatio || 1;
      const width = plot.clientWidth, height = plot.clientHeight;
      plot.width = width * ratio; plot.height = height * ratio;
      const g = plot.getContext("2d");
      g.setTransform(ratio, 0, 0, ratio, 0, 0);
      g.clearRect(0, 0, width, height);
      const meta = state.meta;
      if (!meta || !meta.ok) return;
      const left = 36, right = 8, top = 14, bottom = 18;
      const frames = meta.frames, count = frames.length;
      const curves = meta.curves || [];
      const values = curves.flatMap((c) => c.points.map((p) => p[1]));
      const low = Math.min(0, Math.min(...values, 0) - 0.05), high = Math.max(1, Math.max(...values, 1) + 0.05);
      const x = (n) => left + (width - left - right) * (count > 1 ? n / (count - 1) : 0);
      const y = (p) => height - bottom - (height - top - bottom) * (p - low) / (high - low);
      const step = (width - left - right) / Math.max(count - 1, 1);
      // Phase bands: one rectangle per stretch of frames in the same phase.
      for (let start = 0, n = 1; n <= count; n++) {
        if (n < count && frames[n][0] === frames[start][0]) continue;
        const phase = frames[start][0];
        if (phase !== "idle") {
          g.fillStyle = phase === "interactive" ? "rgba(0,122,255,.16)" : "rgba(142,142,147,.2)";
          g.fillRect(x(start) - step / 2, top, (n - start) * step, height - top - bottom);
        }
        start = n;
      }
      g.strokeStyle = "rgba(60,60,67,.15)"; g.fillStyle = "#6e6e73"; g.font = "10px system-ui"; g.lineWidth = 1;
      for (const value of [0, 0.5, 1]) {
        g.beginPath(); g.moveTo(left, y(value)); g.lineTo(width - right, y(value)); g.stroke();
        g.fillText(value.toFixed(1), 4, y(value) + 3);
      }
      const seconds = (count - 1) / meta.fps, tickStep = seconds > 6 ? 1 : seconds > 2 ? 0.5 : 0.25;
      for (let t = 0; t <= seconds + 1e-9; t += tickStep) g.fillText(`${+t.toFixed(2)} s`, x(t * meta.fps) - 8, height - 4);
      const palette = ["#007aff", "#ff9500", "#34c759", "#af52de", "#ff3b30"];
      // One line per run, as `segue plot` draws them: transitions thick; a detent move as its share
      // of the move; scroll runs thin, their distance from where they started (1 at the farthest).
      curves.forEach((curve, index) => {
        g.strokeStyle = g.fillStyle = palette[index % palette.length];
        g.lineWidth = curve.kind === "scroll" ? 1.25 : 2;
        const [t0, v0] = curve.points[0];
        g.beginPath(); g.arc(x(t0 * meta.fps), y(v0), 2, 0, 7); g.fill();
        g.beginPath(); g.moveTo(x(t0 * meta.fps), y(v0));
        for (const [t, v] of curve.points.slice(1)) g.lineTo(x(t * meta.fps), y(v));
        g.stroke();
      });
      g.font = "bold 10px system-ui";
      frames.forEach((f, n) => {
        const before = frames[n - 1];
        if (before && !before[2] && f[2]) { g.fillStyle = "#1c1c1e"; g.beginPath(); g.arc(x(n), height - bottom - 5, 3, 0, 7); g.fill(); }
        if (before && before[0] === "interactive" && f[0] === "animating") {
          const time = n / meta.fps;
          const decided = meta.runs.filter((r) => r.start <= time + 1e-9).pop();
          const finished = decided ? decided.finished : true;
          g.strokeStyle = g.fillStyle = finished ? "#34c759" : "#ff3b30";
          g.lineWidth = 1.5;
          g.beginPath(); g.moveTo(x(n), top); g.lineTo(x(n), height - bottom); g.stroke();
          g.fillText(finished ? "finish" : "cancel", x(n) + 3, top + 9);
        }
      });
      // The playhead: near-black, apart from the decisions' green and red, with a marker on top.
      g.strokeStyle = g.fillStyle = "#1c1c1e"; g.lineWidth = 2;
      g.beginPath(); g.moveTo(x(state.frame), 2); g.lineTo(x(state.frame), height - bottom); g.stroke();
      g.beginPath(); g.moveTo(x(state.frame) - 5, 0); g.lineTo(x(state.frame) + 5, 0); g.lineTo(x(state.frame), 7); g.fill();
    }

    function seekFromPlot(event) {
      const meta = state.meta;
      if (!meta || !meta.ok) return;
      const rect = plot.getBoundingClientRect();
      const fraction = (event.clientX - rect.left - 36) / (rect.width - 44);
      show(Math.round(fraction * (meta.frameCount - 1)));
    }
    plot.addEventListener("pointerdown", (event) => { plot.setPointerCapture(event.pointerId); togglePlay(false); seekFromPlot(event); });
    plot.addEventListener("pointermove", (event) => { if (event.buttons) seekFromPlot(event); });

    // Drawing a gesture on the frame: samples in scene points with their times, sent when the finger lifts.
    let stroke = null;
    const toPoints = (event) => {
      const rect = img.getBoundingClientRect();
      return [(event.clientX - rect.left) / rect.width * state.meta.size[0], (event.clientY - rect.top) / rect.height * state.meta.size[1]];
    };
    function clearInk() { ink.getContext("2d").clearRect(0, 0, ink.width, ink.height); }
    function drawStroke() {
      const g = ink.getContext("2d");
      clearInk();
      g.strokeStyle = "rgba(255,45,85,.9)"; g.fillStyle = "rgba(255,45,85,.5)"; g.lineWidth = 4; g.lineJoin = g.lineCap = "round";
      g.beginPath();
      stroke.samples.forEach(([, px, py], i) => (i ? g.lineTo(px, py) : g.moveTo(px, py)));
      g.stroke();
      const [, sx, sy] = stroke.samples[0];
      g.beginPath(); g.arc(sx, sy, 12, 0, 7); g.fill();
    }
    function sample(event) { const [px, py] = toPoints(event); stroke.samples.push([event.timeStamp, px, py]); }
    stage.addEventListener("pointerdown", (event) => {
      if (!$("draw").checked || !state.meta || !state.meta.ok || event.button !== 0) return;
      if (!state.meta.editable) {
        $("edit-result").className = "failed";
        $("edit-result").textContent = "only YAML scenes can be edited from the page; add gestures to a JSON scene by hand";
        return;
      }
      event.preventDefault();
      togglePlay(false);
      stage.setPointerCapture(event.pointerId);
      stroke = { frame: state.frame, samples: [] };
      sample(event);
      drawStroke();
    });
    stage.addEventListener("pointermove", (event) => {
      if (!stroke) return;
      const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const e of events.length ? events : [event]) sample(e);
      drawStroke();
    });
    stage.addEventListener("pointerup", async (event) => {
      if (!stroke) return;
      sample(event);
      const drawn = stroke;
      stroke = null;
      const t0 = drawn.samples[0][0];
      const body = { at: drawn.frame / state.meta.fps, samples: drawn.samples.map(([t, px, py]) => [(t - t0) / 1000, px, py]) };
      const result = $("edit-result");
      result.className = "";
      result.textContent = "adding the gesture…";
      try {
        const answer = await api("/api/gesture" + query(), { method: "POST", body: JSON.stringify(body) });
        if (answer.ok) {
          result.textContent = `added a ${answer.kind} at ${+body.at.toFixed(3)} s, line ${answer.line} (Undo edit takes it out):\n${answer.text}`;
          await loadScene();
          show(drawn.frame);
          togglePlay(true);
          state.lastEdit = answer;
        } else {
          state.lastEdit = answer;
          result.className = "failed";
          result.textContent = (answer.reverted ? `the ${answer.kind} would make the scene invalid; the file was left as it was:\n` : "")
            + answer.errors.map((e) => e.description || e.message).join("\n");
          clearInk();
        }
      } catch (error) {
        result.className = "failed";
        result.textContent = String(error.message || error);
      }
    });
    stage.addEventListener("pointercancel", () => { stroke = null; clearInk(); });
    // Drawing is a mode: off until turned on, so a stray click never writes into the scene.
    $("draw").addEventListener("change", (event) => { stage.classList.toggle("drawing", event.target.checked); });

    // Undo: the server puts the file back as it was before the page's last edit, unless it changed since.
    async function undoEdit() {
      const result = $("edit-result");
      result.className = "";
      try {
        const answer = await api("/api/undo" + query(), { method: "POST" });
        state.lastUndo = answer;
        if (answer.ok) {
          result.textContent = "undid the page's last edit to " + state.scene;
          clearInk();
          await loadScene();
        } else {
          result.className = "failed";
          result.textContent = answer.errors.map((e) => e.description || e.message).join("\n");
          $("undo").disabled = !answer.undo;
        }
      } catch (error) {
        result.className = "failed";
        result.textContent = String(error.message || error);
      }
    }
    $("undo").addEventListener("click", undoEdit);

    // Snapshots: golden | actual | diff per point, and recording the actual as the golden.
    async function checkSnapshots() {
      $("snapshot-summary").textContent = "checking…";
      try { renderSnapshots(await api("/api/snapshots" + query())); }
      catch (error) { $("snapshot-summary").textContent = String(error.message || error); }
    }
    function renderSnapshots(answer) {
      const list = $("snapshot-list");
      list.innerHTML = "";
      // Missing goldens (none recorded yet) are told apart from failing ones.
      const missing = answer.snapshots.filter((s) => s.status === "missing").length;
      const failing = answer.snapshots.filter((s) => !["passed", "recorded", "unchanged", "removed", "missing"].includes(s.status)).length;
      $("snapshot-summary").textContent = answer.snapshots.length
        ? `${answer.snapshots.length} points: ${answer.snapshots.length - missing - failing} passing, ${failing} failing, ${missing} without a golden yet`
        : "no snapshot points";
      const stamp = Date.now();
      for (const snapshot of answer.snapshots) {
        const box = document.createElement("div");
        box.className = "snapshot";
        box.dataset.point = snapshot.name;
        const title = document.createElement("h3");
        title.textContent = snapshot.name || "(scene)";
        const badge = document.createElement("span");
        badge.className = "status " + snapshot.status; badge.textContent = snapshot.status;
        title.append(badge);
        if (snapshot.actual && snapshot.name) {
          const button = document.createElement("button");
          button.type = "button"; button.textContent = "Record as golden"; button.className = "record";
          button.addEventListener("click", async () => {
            button.disabled = true;
            try { renderSnapshots(await api("/api/snapshots/record" + query("&point=" + encodeURIComponent(snapshot.name)), { method: "POST" })); }
            catch (error) { $("snapshot-summary").textContent = String(error.message || error); }
          });
          title.append(button);
        }
        box.append(title);
        const message = document.createElement("p"); message.textContent = snapshot.message; box.append(message);
        const images = document.createElement("div"); images.className = "images";
        for (const kind of ["golden", "actual", "diff"]) {
          const cell = document.createElement("div");
          cell.append(kind);
          if (snapshot[kind]) {
            const image = document.createElement("img");
            image.alt = kind; image.loading = "lazy";
            image.src = `/snapshot/${kind}` + query(`&point=${encodeURIComponent(snapshot.name)}&t=${stamp}`);
            cell.append(image);
          } else if (kind !== "golden" && snapshot.status === "passed") {
            cell.append(document.createElement("br"), "matches the golden");
          } else if (kind === "golden" && snapshot.status === "missing") {
            cell.append(document.createElement("br"), "none recorded yet");
          }
          images.append(cell);
        }
        box.append(images);
        list.append(box);
      }
    }
    function selectTab(name) {
      for (const tab of ["trace", "snapshots"]) {
        $("tab-" + tab).classList.toggle("selected", tab === name);
        $(tab).hidden = tab !== name;
      }
      if (name === "snapshots") checkSnapshots();
    }
    $("tab-trace").addEventListener("click", () => selectTab("trace"));
    $("tab-snapshots").addEventListener("click", () => selectTab("snapshots"));
    $("check-snapshots").addEventListener("click", checkSnapshots);

    // Controls.
    scrubber.addEventListener("input", () => { togglePlay(false); show(+scrubber.value); });
    $("play").addEventListener("click", () => togglePlay());
    $("step-back").addEventListener("click", () => { togglePlay(false); show(state.frame - 1); });
    $("step-forward").addEventListener("click", () => { togglePlay(false); show(state.frame + 1); });
    document.addEventListener("keydown", (event) => {
      if (event.target.tagName === "INPUT" && event.target.type !== "range" && event.target.type !== "checkbox") return;
      if ((event.ctrlKey || event.metaKey) && event.key === "z" && !$("undo").disabled) { event.preventDefault(); undoEdit(); }
      else if (event.key === " ") { event.preventDefault(); togglePlay(); }
      else if (event.key === "ArrowLeft") { event.preventDefault(); togglePlay(false); show(state.frame - 1); }
      else if (event.key === "ArrowRight") { event.preventDefault(); togglePlay(false); show(state.frame + 1); }
    });
    $("scene-picker").addEventListener("change", (event) => {
      state.scene = event.target.value;
      state.variant = undefined;
      setHash();
      $("snapshot-list").innerHTML = "";
      loadScene(true).catch((error) => status(String(error.message || error)));
    });
    // Another variant: the same frame, played with that variant's traits.
    $("variant-picker").addEventListener("change", (event) => {
      state.variant = event.target.value;
      setHash();
      loadScene().catch((error) => status(String(error.message || error)));
    });
    window.addEventListener("resize", drawPlot);

    // Live updates: the server says which scene changed; the page reloads only what it shows.
    const events = new EventSource("/events");
    events.addEventListener("changed", (event) => {
      const change = JSON.parse(event.data);
      const shown = state.meta ? state.meta.variant : undefined;
      if (change.scene === state.scene && (!state.meta || (change.variant === shown && change.generation !== state.meta.generation))) loadScene();
    });
    events.onerror = () => status("reconnecting to segue preview…");
    events.onopen = () => { if (state.meta) loadScene(); };

    loadScenes().catch((error) => status(String(error.message || error)));
    """#
}
