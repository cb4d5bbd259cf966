extension ExportPage {
    /// The player: the maths between BEGIN MATHS and END MATHS ports Segue's engine (each function
    /// names the Swift type and method it follows; Tests/ExportTests/player_maths.mjs checks it in
    /// Node), the rest draws the plans on the canvas and turns pointer events into samples.
    static let script = #"""
    "use strict";
    // Segue export player. Everything between BEGIN MATHS and END MATHS is pure (no DOM): ports of
    // Segue's Swift engine, named by Swift type and method, that Tests/ExportTests/player_maths.mjs
    // evaluates in Node against reference numbers. The page below it draws and handles the pointer.
    // BEGIN MATHS
    const clamp01 = (v) => Math.min(Math.max(v, 0), 1);

    /** Rect.contains (Geometry/Rect.swift): half-open, [x, y, w, h]. */
    function rectContains(r, x, y) {
      return x >= r[0] && x < r[0] + r[2] && y >= r[1] && y < r[1] + r[3];
    }

    /** CubicTimingCurve (Motion/CubicTimingCurve.swift): a cubic Bézier from (0, 0) to (1, 1). */
    class CubicCurve {
      constructor(x1, y1, x2, y2) {
        this.x1 = x1; this.y1 = y1; this.x2 = x2; this.y2 = y2;
        this.cx = 3 * x1; this.bx = 3 * (x2 - x1) - this.cx; this.ax = 1 - this.cx - this.bx;
        this.cy = 3 * y1; this.by = 3 * (y2 - y1) - this.cy; this.ay = 1 - this.cy - this.by;
      }
      static from(a) { return new CubicCurve(a[0], a[1], a[2], a[3]); }
      get isLinear() { return this.x1 === this.y1 && this.x2 === this.y2; }
      get isMonotonic() { return this.y1 >= 0 && this.y1 <= 1 && this.y2 >= 0 && this.y2 <= 1; }
      sampleX(t) { return ((this.ax * t + this.bx) * t + this.cx) * t; }
      sampleY(t) { return ((this.ay * t + this.by) * t + this.cy) * t; }
      sampleDerivativeX(t) { return (3 * this.ax * t + 2 * this.bx) * t + this.cx; }
      /** CubicTimingCurve.solveParameter(forX:): presampled guess, Newton, then bisection. */
      solveParameter(x) {
        const epsilon = 1e-9;
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        let t = x, previous = 0;
        for (let i = 1; i <= 10; i++) {
          const ti = i / 10, xi = this.sampleX(ti);
          if (xi >= x) {
            const x0 = this.sampleX(previous);
            t = previous + (ti - previous) * (x - x0) / Math.max(xi - x0, 1e-12);
            break;
          }
          previous = ti;
        }
        for (let i = 0; i < 8; i++) {
          const error = this.sampleX(t) - x;
          if (Math.abs(error) < epsilon) return t;
          const derivative = this.sampleDerivativeX(t);
          if (Math.abs(derivative) < 1e-7) break;
          t -= error / derivative;
        }
        let low = 0, high = 1;
        t = x;
        for (let i = 0; i < 64; i++) {
          const value = this.sampleX(t);
          if (Math.abs(value - x) < epsilon) return t;
          if (value < x) low = t; else high = t;
          t = (low + high) / 2;
        }
        return t;
      }
      /** CubicTimingCurve.value(at:): y for x clamped to [0, 1]. */
      value(x) {
        x = clamp01(x);
        if (this.isLinear) return x;
        return this.sampleY(this.solveParameter(x));
      }
      /** CubicTimingCurve.input(forValue:): the smallest x at which the curve reaches y. */
      input(y) {
        if (!this.isMonotonic) return this.overshootingInput(y);
        if (y <= this.value(0)) return 0;
        if (y >= this.value(1)) return 1;
        let low = 0, high = 1;
        for (let i = 0; i < 80; i++) {
          const mid = (low + high) / 2;
          if (this.value(mid) < y) low = mid; else high = mid;
        }
        return (low + high) / 2;
      }
      /** CubicTimingCurve.overshootingInput(forValue:). */
      overshootingInput(y) {
        const roots = [];
        const a = 3 * this.ay, b = 2 * this.by, c = this.cy;
        if (Math.abs(a) < 1e-12) {
          if (b !== 0) roots.push(-c / b);
        } else {
          const discriminant = b * b - 4 * a * c;
          if (discriminant >= 0) {
            const root = Math.sqrt(discriminant);
            roots.push((-b - root) / (2 * a), (-b + root) / (2 * a));
          }
        }
        const breaks = [0, ...roots.filter((r) => r > 0 && r < 1).sort((p, q) => p - q), 1];
        let closestT = 0, closestDistance = Infinity;
        for (let i = 0; i + 1 < breaks.length; i++) {
          const t0 = breaks[i], t1 = breaks[i + 1];
          const y0 = this.sampleY(t0), y1 = this.sampleY(t1);
          if (y0 === y) return this.sampleX(t0);
          if (Math.min(y0, y1) <= y && y <= Math.max(y0, y1)) {
            let low = t0, high = t1;
            for (let k = 0; k < 100; k++) {
              const mid = (low + high) / 2;
              if ((this.sampleY(mid) < y) === (y0 < y)) low = mid; else high = mid;
            }
            return this.sampleX((low + high) / 2);
          }
          for (const [t, v] of [[t0, y0], [t1, y1]]) {
            if (Math.abs(v - y) < closestDistance) { closestT = t; closestDistance = Math.abs(v - y); }
          }
        }
        return this.sampleX(closestT);
      }
    }

    /** Spring (Motion/Spring.swift), as Core Animation evaluates it (no over-damped form). */
    class Spring {
      constructor(mass, stiffness, damping, initialVelocity = 0, honouredDuration = null) {
        this.mass = mass; this.stiffness = stiffness; this.damping = damping;
        this.initialVelocity = initialVelocity; this.honouredDuration = honouredDuration;
      }
      /** A SPRING of the data with an initial velocity. */
      static from(model, initialVelocity = 0) {
        return new Spring(model.mass, model.stiffness, model.damping, initialVelocity,
                          model.honouredDuration == null ? null : model.honouredDuration);
      }
      get naturalFrequency() { return Math.sqrt(this.stiffness / this.mass); }
      get dampingRatio() { return this.damping / (2 * Math.sqrt(this.stiffness * this.mass)); }
      /** Spring.value(at:): 0 at t = 0, settling at 1. */
      value(t) {
        if (t <= 0) return 0;
        const w0 = this.naturalFrequency, zeta = this.dampingRatio, v = this.initialVelocity;
        if (zeta < 1) {
          const wd = w0 * Math.sqrt(1 - zeta * zeta);
          const b = (zeta * w0 - v) / wd;
          return 1 - Math.exp(-zeta * w0 * t) * (Math.cos(wd * t) + b * Math.sin(wd * t));
        }
        return 1 - (1 + (w0 - v) * t) * Math.exp(-w0 * t);
      }
      /** Spring.settlingDuration(epsilon:). */
      settlingDuration(epsilon) {
        const limit = 120;
        const w0 = this.naturalFrequency, zeta = this.dampingRatio, v = this.initialVelocity;
        if (zeta < 1) {
          if (!(zeta > 0)) return limit;
          const wd = w0 * Math.sqrt(1 - zeta * zeta);
          const b = Math.abs((zeta * w0 - v) / wd);
          return Math.min(Math.max(Math.log((1 + b) / epsilon) / (zeta * w0), 0), limit);
        }
        if (this.envelope(0) < epsilon) return 0;
        let high = 1 / Math.max(w0, 1e-9);
        while (this.envelope(high) >= epsilon && high < limit) high *= 2;
        if (high >= limit) return limit;
        let low = 0;
        for (let i = 0; i < 100; i++) {
          const mid = (low + high) / 2;
          if (this.envelope(mid) >= epsilon && mid > low) low = mid; else high = mid;
        }
        return high;
      }
      /** Spring.envelope(at:), critically damped form. */
      envelope(t) {
        const w0 = this.naturalFrequency, v = this.initialVelocity;
        return (1 + Math.abs(w0 - v) * t) * Math.exp(-w0 * t);
      }
    }

    /** VelocityEstimator (Interaction/VelocityEstimator.swift); constants from data.velocity. */
    class VelocityEstimator {
      constructor(constants) {
        this.minimumInterval = constants.minimumInterval;
        this.latestWeight = constants.latestWeight;
        this.last = null; this.latest = null; this.previous = null;
      }
      /** VelocityEstimator.add(_:). */
      add(t, x, y) {
        if (this.last === null) { this.last = [t, x, y]; return; }
        const dt = t - this.last[0];
        if (!(dt >= this.minimumInterval)) return;
        const k = 1 / dt;
        this.previous = this.latest;
        this.latest = [(x - this.last[1]) * k, (y - this.last[2]) * k];
        this.last = [t, x, y];
      }
      /** VelocityEstimator.velocity, points per second. */
      get velocity() {
        if (this.latest === null) return [0, 0];
        if (this.previous === null) return [this.latest[0], this.latest[1]];
        const w = this.latestWeight;
        return [this.latest[0] * w + this.previous[0] * (1 - w), this.latest[1] * w + this.previous[1] * (1 - w)];
      }
    }

    /**
     * PanRecognizer.recognize(_:) (Interaction/PanRecognizer.swift) fed one touch report at a time:
     * add(t, x, y, isLast) returns the pan events that report produces. The first report is the
     * touch-down, the one with isLast the lift (which ends the pan).
     */
    class PanTracker {
      constructor(recognizer, size, velocity) {
        this.slop = recognizer.slop;
        this.edge = recognizer.edge || null;
        this.edgeZone = recognizer.edgeZone;
        this.bounds = [0, 0, size[0], size[1]];
        this.estimator = new VelocityEstimator(velocity);
        this.down = null; this.origin = null; this.movementAtBegin = null;
        this.dead = false; this.began = false; this.ended = false;
      }
      /** PanRecognizer.isNearEdge(_:). */
      isNearEdge(x, y) {
        const b = this.bounds;
        switch (this.edge) {
          case "left": return x - b[0] <= this.edgeZone;
          case "right": return b[0] + b[2] - x <= this.edgeZone;
          case "top": return y - b[1] <= this.edgeZone;
          case "bottom": return b[1] + b[3] - y <= this.edgeZone;
          default: return true;
        }
      }
      add(t, x, y, isLast) {
        if (this.down === null) {
          this.down = [t, x, y];
          if (!this.isNearEdge(x, y)) { this.dead = true; return []; }
          this.estimator.add(t, x, y);
          return [];
        }
        if (this.dead || this.ended) return [];
        this.estimator.add(t, x, y);
        const velocity = this.estimator.velocity;
        const event = (state) => ({ state, time: t, location: [x, y],
                                    translation: [x - this.origin[0], y - this.origin[1]], velocity });
        if (this.origin !== null) {
          if (isLast) this.ended = true;
          return [event(isLast ? "ended" : "changed")];
        }
        const mx = x - this.down[1], my = y - this.down[2];
        if (Math.sqrt(mx * mx + my * my) >= this.slop) {
          // PanRecognizer.hysteresis(of:): each axis of the movement clamped to ±slop.
          const hx = Math.min(Math.max(mx, -this.slop), this.slop), hy = Math.min(Math.max(my, -this.slop), this.slop);
          this.origin = [this.down[1] + hx, this.down[2] + hy];
          this.movementAtBegin = [mx, my];
          this.began = true;
          const events = [event("began")];
          if (isLast) { this.ended = true; events.push(event("ended")); }
          return events;
        }
        return [];
      }
    }

    /** PopProjection (Interaction/PopProjection.swift); constants from the decision object. */
    class PopProjection {
      constructor(decision) {
        this.totalDistance = decision.distance;
        this.sampleInterval = decision.sampleInterval;
        this.movedInterval = decision.movedInterval;
        this.accelerationStep = decision.accelerationStep;
        this.window = decision.window;
        this.thresholdValue = decision.threshold;
        this.sampleCount = 0; this.averageVelocity = 0; this.averageAcceleration = 0; this.hasChanged = false;
        this.velocities = new Array(this.window).fill(0); this.accelerations = new Array(this.window).fill(0);
        this.previousTime = 0; this.skipTime = 0;
        this.previousDisplacement = 0; this.previousVelocity = 0; this.previousAcceleration = 0;
        this.lastLocation = null;
      }
      /** PopProjection.add(_:). */
      add(event) {
        const last = this.lastLocation;
        this.lastLocation = event.location;
        if (event.state === "changed" && last !== null && event.location[0] === last[0] && event.location[1] === last[1]) return;
        const displacement = Math.max(event.translation[0], 0) / this.totalDistance;
        const velocity = event.velocity[0] / this.totalDistance;
        if (event.state === "changed") this.hasChanged = true;
        if (event.state === "began") {
          this.previousTime = event.time; this.skipTime = event.time;
          this.previousDisplacement = displacement; this.previousVelocity = velocity; this.previousAcceleration = 0;
          this.averageVelocity = velocity; this.averageAcceleration = 0;
          this.velocities = new Array(this.window).fill(0); this.velocities[0] = velocity;
          this.accelerations = new Array(this.window).fill(0);
          this.sampleCount = 1;
          return;
        }
        if (!(this.sampleCount > 0)) return;
        const sinceCall = event.time - this.skipTime;
        this.skipTime = event.time;
        if (!(sinceCall >= this.sampleInterval || (sinceCall > this.movedInterval && this.previousDisplacement !== displacement))) return;
        const dt = event.time - this.previousTime;
        const slot = this.sampleCount % this.window;
        const n = this.sampleCount, w = this.window;
        if (this.sampleCount >= w) {
          this.averageVelocity = (velocity + this.averageVelocity * w - this.velocities[slot]) / w;
        } else {
          this.averageVelocity = (velocity + this.averageVelocity * n) / (n + 1);
        }
        this.velocities[slot] = velocity;
        let acceleration = (velocity - this.previousVelocity) / dt;
        const step = this.accelerationStep;
        if (Math.abs(acceleration - this.previousAcceleration) > step) {
          acceleration = this.previousAcceleration + (acceleration > this.previousAcceleration ? step : -step);
        }
        if (this.sampleCount >= w) {
          this.averageAcceleration = (acceleration + this.averageAcceleration * w - this.accelerations[slot]) / w;
        } else {
          this.averageAcceleration = (acceleration + this.averageAcceleration * n) / (n + 1);
        }
        this.accelerations[slot] = acceleration;
        this.previousAcceleration = acceleration;
        this.previousVelocity = velocity;
        this.previousDisplacement = displacement;
        this.previousTime = event.time;
        this.sampleCount += 1;
      }
      /** PopProjection.projected(progress:duration:). */
      projected(progress, duration) {
        return progress + this.averageVelocity * duration + 0.5 * this.averageAcceleration * duration * duration;
      }
      /** PopProjection.pops(progress:duration:). */
      pops(progress, duration) {
        if (this.sampleCount >= this.window && this.hasChanged) return this.projected(progress, duration) > this.thresholdValue;
        return this.averageVelocity > 0 && this.hasChanged;
      }
    }

    /** The style's progress for a pan event (InteractionRule.progress, sampled as `reading`), unclamped. */
    function readingProgress(reading, event) {
      const vector = reading.source === "location" ? event.location : event.translation;
      const v = reading.axis === "y" ? vector[1] : vector[0];
      const values = reading.values, n = values.length;
      const f = (v - reading.start) / reading.step;
      if (!(f > 0)) return values[0];
      if (f >= n - 1) return values[n - 1];
      const i = Math.floor(f), u = f - i;
      return values[i] + (values[i + 1] - values[i]) * u;
    }

    /** ReleaseDecision.finishes(progress:velocity:) (Engine/InteractionRule.swift). */
    function ruleFinishes(d, p, v) {
      const along = d.sign * (d.axis === "y" ? v[1] : v[0]);
      if (d.flick != null && Math.sqrt(v[0] * v[0] + v[1] * v[1]) > d.flick) return along > 0;
      if (d.velocity != null && along > d.velocity) return true;
      if (d.threshold != null) return d.inclusive ? p >= d.threshold : p > d.threshold;
      return false;
    }

    /**
     * InteractionRule.accepts(beganAt:bounds:) on the location at .began, and, when the recognizer
     * carries `moving` (a custom style's beginsMoving), CustomStyle's direction test on the movement at .began.
     */
    function acceptsBegan(recognizer, began, movement, size) {
      // A sheet's drag asks where the pan started (SheetStyle.gesture: location − translation).
      const [x, y] = recognizer.regionAt === "origin"
        ? [began.location[0] - began.translation[0], began.location[1] - began.translation[1]] : began.location;
      if (recognizer.vertical && !(Math.abs(movement[1]) > Math.abs(movement[0]))) return false;
      const region = recognizer.region;
      if (region) {
        if (region.half != null) {
          const midX = size[0] / 2, midY = size[1] / 2;
          switch (region.half) {
            case "left": if (!(x < midX)) return false; break;
            case "right": if (!(x >= midX)) return false; break;
            case "top": if (!(y < midY)) return false; break;
            case "bottom": if (!(y >= midY)) return false; break;
          }
        } else if (region.rect != null && !rectContains(region.rect, x, y)) {
          return false;
        }
      }
      if (recognizer.moving) {
        const [mx, my] = movement;
        switch (recognizer.moving) {
          case "bottom": return my > 0 && Math.abs(my) > Math.abs(mx);
          case "top": return my < 0 && Math.abs(my) > Math.abs(mx);
          case "right": return mx > 0 && Math.abs(mx) > Math.abs(my);
          case "left": return mx < 0 && Math.abs(mx) > Math.abs(my);
        }
      }
      return true;
    }

    /**
     * PropertyAnimator.state(at:) of one piece starting at `start` (Motion/PropertyAnimator.swift):
     * { value, fraction, running }.
     */
    function pieceState(piece, start, time) {
      const t = time - start;
      switch (piece.kind) {
        case "still":
          return { value: piece.value, fraction: piece.fraction, running: false };
        case "cubic": {
          const s = time >= start + piece.duration ? 1 : clamp01(t / piece.duration);
          const x = piece.x0 + (piece.x1 - piece.x0) * s;
          return { value: piece.curve.value(x), fraction: x, running: s < 1 };
        }
        case "spring": {
          if (time >= start + piece.duration) return { value: piece.to, fraction: piece.to, running: false };
          const v = piece.from + (piece.to - piece.from) * piece.spring.value(t * piece.timeScale);
          return { value: v, fraction: clamp01(t / piece.duration), running: true };
        }
        case "completing": {
          if (time >= start + piece.duration) return { value: piece.curve.value(piece.x1), fraction: piece.x1, running: false };
          const x = piece.x0 + (piece.x1 - piece.x0) * piece.progression.value(t / piece.duration);
          return { value: piece.curve.value(x), fraction: x, running: true };
        }
      }
      throw new Error("unknown piece " + piece.kind);
    }

    /** When a piece started at `start` ends (PropertyAnimator.completionTime); `start` for a still one. */
    function pieceEnd(piece, start) {
      return piece.kind === "still" ? start : start + piece.duration;
    }

    /** PropertyAnimator.continueAnimation(at:reversed:timing:durationFactor:initialVelocity:) with a cubic timing. */
    function continueCubic(state, target, curve, remainingDuration) {
      const x0 = Math.abs(curve.value(state.fraction) - state.value) < 1e-9 ? state.fraction : curve.input(state.value);
      if (remainingDuration <= 0 || x0 === target) return { kind: "still", value: curve.value(target), fraction: target };
      return { kind: "cubic", curve, duration: remainingDuration, x0, x1: target };
    }

    /** PropertyAnimator.continueAnimation with a spring timing; `duration` null: the spring's own settling. */
    function continueSpring(state, target, spring, epsilon, duration) {
      const settling = spring.honouredDuration != null ? spring.honouredDuration : spring.settlingDuration(epsilon);
      const d = duration == null ? settling : duration;
      if (d <= 0 || Math.abs(target - state.value) < 1e-12) return { kind: "still", value: target, fraction: target };
      return { kind: "spring", spring, from: state.value, to: target, duration: d, timeScale: settling / d };
    }

    /** PropertyAnimator.complete(at:toEnd:completionCurve:duration:) (layer-time scrubbing). */
    function completeLayerTime(state, target, curve, progression, duration) {
      if (duration <= 0 || state.fraction === target) return { kind: "still", value: curve.value(target), fraction: target };
      return { kind: "completing", curve, progression, duration, x0: state.fraction, x1: target };
    }

    /**
     * PercentDrivenDriver (Engine/PercentDrivenDriver.swift) for one GESTURE of the data: the
     * animator (one piece from `start`), the pop projection, handle(_:) and complete(toEnd:at:velocity:).
     */
    class GestureDriver {
      constructor(gesture) {
        this.g = gesture;
        this.scrubCurve = CubicCurve.from(gesture.scrub.curve);
        this.piece = { kind: "still", value: 0, fraction: 0 };
        this.start = -Infinity;
        this.projection = null;
        this.completion = null;          // { time, finished }
        this.progress = 0;               // clamped progress of the last event handled
        this.release = null;             // { time, progress, velocity, finished, autoFinished }
      }
      /** PropertyAnimator.state(at:). */
      state(time) { return pieceState(this.piece, this.start, time); }
      set(piece, time) { this.piece = piece; this.start = time; }
      /** PropertyAnimator.scrub(to:at:) with the data's scrub (linear, or the animation's curve). */
      scrub(p, time) {
        const f = clamp01(p);
        this.set({ kind: "still", value: this.g.scrub.linear ? f : this.scrubCurve.value(f), fraction: f }, time);
      }
      newProjection() { return this.g.decision.kind === "projection" ? new PopProjection(this.g.decision) : null; }
      /** PercentDrivenDriver.begin(_:). */
      begin(began) {
        this.scrub(0, began.time);
        this.projection = this.newProjection();
        if (this.projection) this.projection.add(began);
      }
      /** PercentDrivenDriver.handle(_:). */
      handle(event) {
        if (this.completion !== null) return;
        const progress = clamp01(readingProgress(this.g.reading, event));
        this.progress = progress;
        if (event.state === "began") this.projection = this.newProjection();
        if (this.projection) this.projection.add(event);
        switch (event.state) {
          case "began":
            break;
          case "changed":
            if (this.g.autoFinish != null && progress > this.g.autoFinish) {
              this.release = { time: event.time, progress, velocity: event.velocity, finished: true, autoFinished: true, outcome: "finish" };
              this.complete(true, event.time, [0, 0]);
            } else {
              this.scrub(progress, event.time);
            }
            break;
          case "ended": {
            this.scrub(progress, event.time);
            const d = this.g.decision;
            const finishes = d.kind === "projection" ? this.projection.pops(progress, d.duration)
                                                     : ruleFinishes(d, progress, event.velocity);
            this.release = { time: event.time, progress, velocity: event.velocity, finished: finishes, autoFinished: false,
                             outcome: finishes ? "finish" : "cancel" };
            this.complete(finishes, event.time, event.velocity);
            break;
          }
        }
      }
      /** The state the page rests in afterwards. */
      next(edge) { return this.completion.finished ? edge.to : edge.from; }
      /** PercentDrivenDriver.complete(toEnd:at:velocity:). */
      complete(toEnd, time, velocity) {
        const c = this.g.completion;
        const target = toEnd ? 1 : 0;
        const state = this.state(time);
        let piece;
        if (c.kind === "spring") {
          const left = target - state.value;
          const speed = c.velocity[0] * velocity[0] + c.velocity[1] * velocity[1];
          const normalized = Math.abs(left) > 1e-9 ? speed / left : 0;
          piece = continueSpring(state, target, Spring.from(c.spring, normalized), c.spring.settleEpsilon, null);
        } else {
          const remaining = toEnd ? 1 - state.fraction : state.fraction;
          if (c.kind === "layerTime") {
            piece = completeLayerTime(state, target, CubicCurve.from(c.curve), CubicCurve.from(c.completionCurve),
                                      c.duration * remaining / c.speed);
          } else {
            const factor = Math.max(remaining, 1e-3) / c.speed;
            const timing = c.timing;
            if (timing.spring) {
              piece = continueSpring(state, target, Spring.from(timing.spring, 0), timing.spring.settleEpsilon, factor * timing.duration);
            } else {
              piece = continueCubic(state, target, CubicCurve.from(timing.curve), factor * timing.duration);
            }
          }
        }
        this.set(piece, time);
        this.completion = { time: pieceEnd(piece, time), finished: toEnd };
      }
    }

    /** SheetGeometry.target(top:velocity:bounds:flick:keep:projection:): the detent's top edge, or null to dismiss. */
    function sheetTarget(d, top, velocity) {
      const tops = d.tops.slice().sort((a, b) => a - b);
      if (tops.length === 0) return null;
      const lowest = tops[tops.length - 1], highest = tops[0];
      if (velocity >= d.flick) return null;
      if (velocity <= -d.flick) {
        const above = tops.filter((t) => t < top - 0.5);
        return above.length ? above[above.length - 1] : highest;
      }
      const projected = top + velocity * d.projection;
      const lowestHeight = d.bottom - lowest;
      if (d.bottom - projected < d.keep * lowestHeight) return null;
      let best = tops[0];
      for (const t of tops) if (Math.abs(t - projected) < Math.abs(best - projected)) best = t;
      return best;
    }

    /** Track.animate(to:at:spring:velocity:) (Motion/Track.swift) as a piece from `from`. */
    function trackSpring(from, to, model, velocity) {
      const distance = to - from;
      const normalized = Math.abs(distance) > 1e-9 ? velocity / distance : 0;
      const spring = Spring.from(model, normalized);
      const duration = Math.abs(distance) > 1e-9
        ? (spring.honouredDuration != null ? spring.honouredDuration : spring.settlingDuration(model.settleEpsilon)) : 0;
      if (duration <= 0) return { kind: "still", value: to, fraction: to };
      return { kind: "spring", spring, from, to, duration, timeScale: 1 };
    }

    /**
     * SheetDriver (Engine/SheetDriver.swift) for a GESTURE whose key is `top`: the sheet's top edge
     * follows the reading (rubber-banded there), and the release springs it to the detent
     * `SheetGeometry.target` picks, or off screen. `outcome`: finish (dismissed), cancel (back where
     * it rested) or detent (another detent: `target` says which).
     */
    class SheetGestureDriver {
      constructor(gesture) {
        this.g = gesture;
        this.restTop = readingProgress(gesture.reading, { location: [0, 0], translation: [0, 0] });
        this.piece = { kind: "still", value: this.restTop, fraction: this.restTop };
        this.start = -Infinity;
        this.completion = null;
        this.progress = 0;
        this.release = null;
        this.target = null;
      }
      state(time) { return pieceState(this.piece, this.start, time); }
      /** SheetDriver.begin(_:); the session hands `.began` to handle(_:) next. */
      begin(began) {}
      handle(event) {
        if (this.completion !== null) return;
        const y = readingProgress(this.g.reading, event);
        this.piece = { kind: "still", value: y, fraction: y };
        this.start = event.time;
        this.progress = y;
        if (event.state !== "ended") return;
        const d = this.g.decision, vy = event.velocity[1];
        let target = sheetTarget(d, y, vy);
        if (target === null && d.dismisses === false) target = Math.max(...d.tops);
        const destination = target === null ? d.bottom : target;
        this.piece = trackSpring(y, destination, this.g.completion.spring, vy);
        this.start = event.time;
        const dismissed = target === null;
        const outcome = dismissed ? "finish" : (Math.abs(target - this.restTop) < 1e-9 ? "cancel" : "detent");
        this.target = target;
        this.release = { time: event.time, progress: y, velocity: event.velocity, finished: dismissed, autoFinished: false, outcome };
        this.completion = { time: pieceEnd(this.piece, event.time), finished: dismissed };
      }
      /** The state the page rests in afterwards. */
      next(edge) {
        if (this.release.outcome === "finish") return edge.to;
        if (this.release.outcome === "cancel") return edge.from;
        const found = (edge.gesture.detents || []).find((d) => Math.abs(d.top - this.target) < 0.01);
        return found ? found.state : edge.from;
      }
    }

    /** The index of the sample at or below `value` in ascending `values` (clamped to the table). */
    function sampleIndex(values, value) {
      let low = 0, high = values.length - 1;
      if (!(value > values[0])) return 0;
      if (value >= values[high]) return high;
      while (high - low > 1) {
        const mid = (low + high) >> 1;
        if (values[mid] <= value) low = mid; else high = mid;
      }
      return value - values[low] <= values[high] - value ? low : high;
    }

    /**
     * `plan` with the steps in `ranges` carried by the map of points p → (sx·p.x + ox, sy·p.y + oy)
     * applied after their own transforms (a copy; `scale` pixels per point).
     */
    function mapSteps(plan, ranges, sx, sy, ox, oy, scale) {
      if (!ranges || ranges.length === 0 || (sx === 1 && sy === 1 && ox === 0 && oy === 0)) return plan;
      const out = plan.slice();
      const map = (m, k) => [sx * m[0], sy * m[1], sx * m[2], sy * m[3], sx * m[4] + ox * k, sy * m[5] + oy * k];
      for (const [from, to] of ranges) {
        for (let i = from; i < to && i < out.length; i++) {
          const step = out[i].slice();
          switch (step[0]) {
            case "shadow": step[7] = map(step[7], 1); break;
            case "fill": case "image": case "backdrop": step[5] = map(step[5], scale); break;
            case "overlay": step[3] = sx * step[3] + ox * scale; step[4] = sy * step[4] + oy * scale; break;
            case "begin": if (step[1]) step[1] = [step[1][0], step[1][1], map(step[1][2], scale)]; break;
          }
          out[i] = step;
        }
      }
      return out;
    }

    /** `plan` with the steps in `ranges` moved by `delta` points along y. */
    function shiftSteps(plan, ranges, delta, scale) {
      return mapSteps(plan, ranges, 1, 1, 0, delta, scale);
    }

    /**
     * SlideUpModalDriver (Engine/SlideUpModalDriver.swift), dismissing, for a GESTURE with a
     * `follower`: the transition animator's fraction moves by each callback's change of the
     * reading (clamped each time, `accumulates`), the following screen moves with the finger, and
     * the release springs the screen (Track.animate, one axis of two) while the animator continues
     * for the spring's run (`animate(toEnd:at:velocity:startsAnimator:)`). The pictures show the
     * screen where a straight drag puts it; `decorate` moves it to where it is.
     */
    class FollowerDriver {
      constructor(gesture) {
        this.g = gesture;
        this.curve = CubicCurve.from(gesture.completion.curve);
        this.piece = { kind: "still", value: 0, fraction: 0 };
        this.start = -Infinity;
        this.track = { kind: "still", value: 0, fraction: 0 };
        this.trackStart = -Infinity;
        this.lastTranslation = 0;
        this.completion = null;
        this.release = null;
        this.progress = 0;
        this.time = 0;
      }
      state(time) { return pieceState(this.piece, this.start, time); }
      offset(time) { return pieceState(this.track, this.trackStart, time).value; }
      /** SlideUpModalDriver.interactive(…began:): the animator at 0; the session hands `.began` to handle(_:) next, once. */
      begin(began) {}
      handle(event) {
        if (this.completion !== null) return;
        this.time = event.time;
        if (event.state === "began") this.lastTranslation = 0;
        const ty = event.translation[1], dy = ty - this.lastTranslation;
        this.lastTranslation = ty;
        if (dy !== 0) {
          const reading = this.g.reading;
          const step = readingProgress(reading, { translation: [0, ty], location: [0, 0] })
            - readingProgress(reading, { translation: [0, ty - dy], location: [0, 0] });
          const f = clamp01(this.state(event.time).fraction + step);
          this.piece = { kind: "still", value: f, fraction: f };
          this.start = event.time;
          const y = this.offset(event.time) + dy;
          this.track = { kind: "still", value: y, fraction: y };
          this.trackStart = event.time;
        }
        this.progress = this.state(event.time).fraction;
        if (event.state !== "ended") return;
        const finishes = ruleFinishes(this.g.decision, this.progress, event.velocity);
        this.release = { time: event.time, progress: this.progress, velocity: event.velocity, finished: finishes,
                         autoFinished: false, outcome: finishes ? "finish" : "cancel" };
        this.animate(finishes, event.time, event.velocity[1]);
      }
      animate(toEnd, time, velocity) {
        const c = this.g.completion;
        const from = this.offset(time), to = toEnd ? c.travel : 0, distance = to - from;
        const inherited = c.inherits ? velocity : 0;
        const spring = Spring.from(c.spring, Math.abs(distance) > 1e-9 ? inherited / distance : 0);
        let run = Math.abs(distance) > 1e-9
          ? (spring.honouredDuration != null ? spring.honouredDuration : spring.settlingDuration(c.spring.settleEpsilon)) : 0;
        if (spring.honouredDuration == null) run = Math.max(run, Spring.from(c.spring, 0).settlingDuration(c.spring.settleEpsilon));
        this.track = run > 0 ? { kind: "spring", spring, from, to, duration: run, timeScale: 1 } : { kind: "still", value: to, fraction: to };
        this.trackStart = time;
        const frameDuration = run > 0 ? run : c.frameDuration;
        const state = this.state(time);
        this.piece = continueCubic(state, toEnd ? 1 : 0, this.curve, frameDuration / c.duration * c.duration);
        this.start = time;
        const transitionEnd = pieceEnd(this.piece, time);
        this.completion = { time: toEnd ? transitionEnd : Math.max(transitionEnd, time + run), finished: toEnd };
      }
      next(edge) { return this.completion.finished ? edge.to : edge.from; }
      /** The picture at `time`: the following screen moved from where the sampled picture has it. */
      decorate(plan, time, edge, scale) {
        const g = edge.gesture, value = this.state(time).value;
        const delta = this.offset(time) - value * g.follower.perValue;
        const ranges = g.movedSteps ? g.movedSteps[sampleIndex(g.frames.values, value)] : null;
        return shiftSteps(plan, ranges, delta, scale);
      }
    }

    /**
     * ZoomDriver (Engine/ZoomDriver.swift), popping, for a GESTURE with `zoom`: the frame follows
     * ZoomDriver.dragged while the finger moves; the release decides as ZoomDriver.popFinishes and
     * springs the frame (x and y with the finger's velocity, the size at rest) to the source view or
     * back (Track.animate each). The key is the frame's width; `decorate` carries the card's steps
     * from the frame its picture shows to the frame.
     */
    class ZoomGestureDriver {
      constructor(gesture) {
        this.g = gesture;
        this.z = gesture.zoom;
        const b = this.z.bounds;
        this.tracks = [b[0], b[1], b[2], b[3]].map((v) => ({ kind: "still", value: v, fraction: v }));
        this.starts = [-Infinity, -Infinity, -Infinity, -Infinity];
        this.anchor = [0, 0];
        this.completion = null; this.release = null; this.progress = 0; this.time = 0; this.popping = false;
      }
      frame(time) { return this.tracks.map((piece, i) => pieceState(piece, this.starts[i], time).value); }
      state(time) { const w = this.frame(time)[2]; return { value: w, fraction: w }; }
      /** ZoomDriver.begin(_:): where the finger started is the point the card shrinks about. */
      begin(began) { this.anchor = [began.location[0] - began.translation[0], began.location[1] - began.translation[1]]; }
      /** ZoomDriver.dragged(_:anchor:translation:parameters:). */
      dragged(t) {
        const [bx, by, bw, bh] = this.z.bounds;
        const progress = clamp01(t[1] / (bh * this.z.scaleDistance));
        const s = 1 - (1 - this.z.minimumScale) * progress;
        return [this.anchor[0] + (bx - this.anchor[0]) * s + t[0], this.anchor[1] + (by - this.anchor[1]) * s + t[1], bw * s, bh * s];
      }
      handle(event) {
        if (this.completion !== null) return;
        this.time = event.time;
        const f = this.dragged(event.translation);
        this.tracks = f.map((v) => ({ kind: "still", value: v, fraction: v }));
        this.starts = [event.time, event.time, event.time, event.time];
        this.progress = clamp01(event.translation[1] / (this.z.bounds[3] * this.z.scaleDistance));
        if (event.state !== "ended") return;
        // ZoomDriver.popFinishes(translation:velocity:bounds:parameters:).
        const vy = event.velocity[1];
        const pops = vy >= this.z.flick ? true : vy <= -this.z.flick ? false
          : event.translation[1] / (this.z.bounds[3] * this.z.scaleDistance) > this.z.threshold;
        const target = pops ? this.z.source : this.z.bounds;
        const velocities = [event.velocity[0], event.velocity[1], 0, 0];
        this.tracks = f.map((from, i) => trackSpring(from, target[i], this.z.spring, velocities[i]));
        this.starts = [event.time, event.time, event.time, event.time];
        this.popping = pops;
        this.release = { time: event.time, progress: this.progress, velocity: event.velocity, finished: pops,
                         autoFinished: false, outcome: pops ? "finish" : "cancel" };
        this.completion = { time: Math.max(...this.tracks.map((piece) => pieceEnd(piece, event.time))), finished: pops };
      }
      next(edge) { return this.completion.finished ? edge.to : edge.from; }
      /** The picture at `time`: the sampled picture at the frame's width, its card carried to the frame. */
      decorate(plan, time, edge, scale) {
        const g = edge.gesture, [x, y, w, h] = this.frame(time), [bx, by, bw, bh] = this.z.bounds;
        if (this.popping) {
          // On the way to the source view, as ZoomDriver.sampleFrame(width:popping: true) shows it.
          const [sx0, sy0, sw, sh] = this.z.source;
          const phi = Math.abs(bw - sw) > 1e-9 ? (bw - w) / (bw - sw) : 1;
          const from = [bx + (sx0 - bx) * phi, by + (sy0 - by) * phi, w, bh + (sh - bh) * phi];
          const picture = planAt(g.popFrames, w, null);
          const ranges = g.popMovedSteps[sampleIndex(g.popFrames.values, w)];
          const ky = h / Math.max(from[3], 1e-9);
          return mapSteps(picture, ranges, 1, ky, x - from[0], y - ky * from[1], scale);
        }
        // Dragged or going back: scaled uniformly, as sampled at the container's origin.
        const ranges = g.movedSteps[sampleIndex(g.frames.values, w)];
        return mapSteps(plan, ranges, 1, 1, x - bx, y - by, scale);
      }
    }

    /** The driver a gesture's key calls for. */
    function makeDriver(gesture) {
      if (gesture.zoom) return new ZoomGestureDriver(gesture);
      if (gesture.follower) return new FollowerDriver(gesture);
      return gesture.key === "top" ? new SheetGestureDriver(gesture) : new GestureDriver(gesture);
    }

    /**
     * One finger on the screen at rest in `state` (TimelineBuilder's touch handling): every candidate
     * gesture's recognizer sees the trace; the first in order whose pan began and accepts it drives
     * its edge — a candidate that has not begun yet holds the decision until it begins or the finger
     * lifts. A finger that started nothing and moved less than 10 pt within 0.5 s taps.
     */
    class GestureSession {
      constructor(data, stateIndex) {
        this.data = data;
        this.stateIndex = stateIndex;
        this.size = data.size;
        this.samples = [];
        this.candidates = [];
        for (const edge of data.states[stateIndex].gestures || []) {
          const gesture = data.edges[edge].gesture;
          if (!gesture) continue;
          this.candidates.push({ edge, gesture, tracker: new PanTracker(gesture.recognizer, data.size, data.velocity),
                                 events: [], rejected: false });
        }
        this.winner = null; this.driver = null; this.fed = 0;
        this.lifted = false; this.cancelled = false; this.tap = null;
      }
      /** Adds one sample (t seconds from touch-down, x and y in points); `isLast`: the lift. */
      add(t, x, y, isLast) {
        if (this.lifted) return;
        this.samples.push([t, x, y]);
        for (const c of this.candidates) {
          for (const e of c.tracker.add(t, x, y, isLast)) c.events.push(e);
        }
        if (this.winner === null) this.resolve(isLast);
        if (this.winner !== null) {
          const events = this.winner.events;
          while (this.fed < events.length) this.driver.handle(events[this.fed++]);
        }
        if (isLast) {
          this.lifted = true;
          if (this.winner === null && !this.cancelled) this.tap = this.tapEdge();
        }
      }
      resolve(isLast) {
        for (const c of this.candidates) {
          if (c.rejected || c.tracker.dead) continue;
          if (!c.tracker.began) {
            if (isLast) continue;
            return;
          }
          if (acceptsBegan(c.gesture.recognizer, c.events[0], c.tracker.movementAtBegin, this.size)) {
            this.winner = c;
            this.driver = makeDriver(c.gesture);
            this.driver.begin(c.events[0]);
            return;
          }
          c.rejected = true;
        }
      }
      /** The edge a tap at the touch-down location plays, or null. */
      tapEdge() {
        const down = this.samples[0], up = this.samples[this.samples.length - 1];
        let moved = 0;
        for (const s of this.samples) moved = Math.max(moved, Math.hypot(s[1] - down[1], s[2] - down[2]));
        if (!(moved < 10 && up[0] - down[0] < 0.5)) return null;
        for (const tap of this.data.states[this.stateIndex].taps || []) {
          if (rectContains(tap.rect, down[1], down[2])) return tap.edge;
        }
        return null;
      }
    }

    /** A value's shape for interpolation: numbers match numbers, anything else must be equal. */
    function shapeOf(v) {
      if (v === null || v === undefined) return "0";
      if (typeof v === "number") return "n";
      if (Array.isArray(v)) return "[" + v.map(shapeOf).join(",") + "]";
      if (typeof v === "object") return "{" + Object.keys(v).map((k) => JSON.stringify(k) + ":" + shapeOf(v[k])).join(",") + "}";
      return JSON.stringify(v);
    }
    /** A plan's shape: step kinds, part indices and array lengths. */
    function planShape(plan) {
      return plan.map((step) => {
        const part = step[0] === "image" || step[0] === "overlay";
        return step.map((v, i) => (part && i === 1 ? "p" + v : shapeOf(v))).join(";");
      }).join("|");
    }
    function lerpValue(a, b, u) {
      if (typeof a === "number") return a + (b - a) * u;
      if (Array.isArray(a)) return a.map((v, i) => lerpValue(v, b[i], u));
      if (a !== null && typeof a === "object") {
        const out = {};
        for (const k of Object.keys(a)) out[k] = lerpValue(a[k], b[k], u);
        return out;
      }
      return a;
    }
    /**
     * The picture at the animator's `value` from gesture.frames: between two sampled values, their
     * plans interpolated when they have the same shape, else the nearer one; clamped to the ends.
     * `shapes` caches planShape by index.
     */
    function planAt(frames, value, shapes) {
      const vs = frames.values, plans = frames.plans, n = vs.length;
      if (n === 1 || !(value > vs[0])) return plans[0];
      if (value >= vs[n - 1]) return plans[n - 1];
      let low = 0, high = n - 1;               // vs[low] <= value < vs[high]
      while (high - low > 1) {
        const mid = (low + high) >> 1;
        if (vs[mid] <= value) low = mid; else high = mid;
      }
      const v0 = vs[low], v1 = vs[high];
      if (!(v1 > v0)) return plans[low];
      const u = (value - v0) / (v1 - v0);
      if (u === 0) return plans[low];
      const shape = (i) => (shapes ? (shapes[i] ??= planShape(plans[i])) : planShape(plans[i]));
      if (shape(low) === shape(high)) return lerpValue(plans[low], plans[high], u);
      return u < 0.5 ? plans[low] : plans[high];
    }

    /** A trace as a Segue timeline entry: `pan: [[t, x, y], …]`, t to 4 decimals, x and y to 2. */
    function panText(samples) {
      const num = (v, digits) => {
        const k = Math.pow(10, digits), r = Math.round(v * k) / k;
        return String(r === 0 ? 0 : r);
      };
      return "pan: [" + samples.map((s) => "[" + num(s[0], 4) + ", " + num(s[1], 2) + ", " + num(s[2], 2) + "]").join(", ") + "]";
    }
    // END MATHS

    // ---- The page: data, pictures, pointer, animation loop. ----
    (() => {
      const data = JSON.parse(document.getElementById("segue-data").textContent);
      const $ = (id) => document.getElementById(id);
      const [W, H] = data.size, S = data.scale;
      const canvas = $("screen"), ctx = canvas.getContext("2d");
      canvas.width = Math.round(W * S);
      canvas.height = Math.round(H * S);
      canvas.style.width = W + "px";
      canvas.style.height = H + "px";
      // Under the scene's name: the screens on the stack at rest.
      const showStateName = () => { $("scene").textContent = data.states[rest] ? data.states[rest].name : ""; };

      // What tests read (window.segueExport), kept up to date.
      const page = {
        ready: false, state: data.start, phase: "idle", edge: null, value: 0, fraction: 0, progress: 0,
        samples: [], last: null, frameTimes: [], draws: 0,
        // As the screen shows them: a right-to-left scene's samples turned back.
        panText: () => panText(data.mirrored ? page.samples.map((s) => [s[0], round(W - s[1], 2), s[2]]) : page.samples),
      };
      window.segueExport = page;

      // ---- Pictures ----
      const parts = [];
      const frameShapes = new Map();           // edge index → cached plan shapes of its gesture frames
      const shapesFor = (edge) => { if (!frameShapes.has(edge)) frameShapes.set(edge, []); return frameShapes.get(edge); };

      const css = (c, alpha) => "rgba(" + c[0] * 255 + "," + c[1] * 255 + "," + c[2] * 255 + "," + c[3] * alpha + ")";
      const axisAligned = (m) => m[1] === 0 && m[2] === 0;
      /** AffineTransform.boundingBox(of:) of [x, y, w, h] under m. */
      function boundingBox(m, r) {
        const xs = [], ys = [];
        for (const [x, y] of [[r[0], r[1]], [r[0] + r[2], r[1]], [r[0], r[1] + r[3]], [r[0] + r[2], r[1] + r[3]]]) {
          xs.push(m[0] * x + m[2] * y + m[4]); ys.push(m[1] * x + m[3] * y + m[5]);
        }
        const x0 = Math.min(...xs), y0 = Math.min(...ys);
        return [x0, y0, Math.max(...xs) - x0, Math.max(...ys) - y0];
      }
      /** CanvasGeometry.snapped(_:): a layer's edges on whole pixels, as Core Animation draws them unantialiased. */
      function snapped(r) {
        const edge = (v) => Math.ceil(v - 0.5 - 1e-7);
        const x0 = edge(r[0]), y0 = edge(r[1]);
        return [x0, y0, Math.max(edge(r[0] + r[2]) - x0, 0), Math.max(edge(r[1] + r[3]) - y0, 0)];
      }
      /** CanvasGeometry.clamp: [x0, y0, x1, y1] on the canvas, or null. */
      function onCanvas(x0, y0, x1, y1) {
        x0 = Math.max(x0, 0); y0 = Math.max(y0, 0); x1 = Math.min(x1, canvas.width); y1 = Math.min(y1, canvas.height);
        return x0 < x1 && y0 < y1 ? [x0, y0, x1 - x0, y1 - y0] : null;
      }
      // CornerCurve.continuousPoints (Raster/Cairo/CornerCurve.swift).
      const EXTENT = 1.547302;
      const CORNER = [[EXTENT, 0], [1.084498, 0], [0.882045, 0], [0.644148, 0.070748], [0.376057, 0.163004],
                      [0.163004, 0.376057], [0.070748, 0.644148], [0, 0.882045], [0, 1.084498], [0, EXTENT]];
      /** CairoContext.appendRoundedRect(_:cornerRadius:curve: .continuous), as a new path. */
      function roundedRect(r, radius) {
        ctx.beginPath();
        const half = Math.min(r[2], r[3]) / 2;
        if (!(radius > 0) || !(half > 0)) { ctx.rect(r[0], r[1], r[2], r[3]); return; }
        const minX = r[0], minY = r[1], maxX = r[0] + r[2], maxY = r[1] + r[3];
        if (radius * EXTENT <= half) {
          const corner = (x, y, inX, inY, outX, outY) => {
            const px = (a, b) => x + (a * inX + b * outX) * radius, py = (a, b) => y + (a * inY + b * outY) * radius;
            ctx.lineTo(px(CORNER[0][0], CORNER[0][1]), py(CORNER[0][0], CORNER[0][1]));
            for (let i = 1; i + 2 < CORNER.length; i += 3) {
              const [c1, c2, e] = [CORNER[i], CORNER[i + 1], CORNER[i + 2]];
              ctx.bezierCurveTo(px(c1[0], c1[1]), py(c1[0], c1[1]), px(c2[0], c2[1]), py(c2[0], c2[1]), px(e[0], e[1]), py(e[0], e[1]));
            }
          };
          ctx.moveTo(minX + EXTENT * radius, minY);
          corner(maxX, minY, -1, 0, 0, 1);
          corner(maxX, maxY, 0, -1, -1, 0);
          corner(minX, maxY, 1, 0, 0, -1);
          corner(minX, minY, 0, 1, 1, 0);
          ctx.closePath();
        } else {
          const q = Math.PI / 2, rr = Math.min(radius, half);
          ctx.arc(maxX - rr, minY + rr, rr, -q, 0);
          ctx.arc(maxX - rr, maxY - rr, rr, 0, q);
          ctx.arc(minX + rr, maxY - rr, rr, q, 2 * q);
          ctx.arc(minX + rr, minY + rr, rr, 2 * q, 3 * q);
          ctx.closePath();
        }
      }
      /**
       * Compositor.setPath(_:cornerRadius:transform:): the node's rounded bounds in canvas pixels —
       * snapped to whole pixels when axis-aligned, carried by the transform otherwise. Leaves the
       * transform at identity (the path keeps its device coordinates).
       */
      function nodePath(b, radius, m) {
        if (axisAligned(m)) {
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          roundedRect(snapped(boundingBox(m, b)), radius * Math.min(Math.abs(m[0]), Math.abs(m[3])));
        } else {
          ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
          roundedRect(b, radius);
          ctx.setTransform(1, 0, 0, 1, 0, 0);
        }
      }

      /** Compositor.paintShadow: the rounded frame blurred with σ = radius / 2 (canvas shadowBlur = 2σ). */
      function paintShadow(color, opacity, radius, offset, b, cornerRadius, world, alpha) {
        const a = color[3] * opacity * alpha;
        if (!(a > 0)) return;
        const box = boundingBox(world, b);
        const frame = [(box[0] + offset[0]) * S, (box[1] + offset[1]) * S, box[2] * S, box[3] * S];
        if (!(Math.round(frame[2]) > 0 && Math.round(frame[3]) > 0) || !isFinite(frame[0]) || !isFinite(frame[1])) return;
        // The shape is drawn off the canvas, to the left; only its shadow, shifted back, lands.
        const shift = Math.ceil(frame[0] + frame[2] + 3 * radius * S + 16);
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.shadowColor = css([color[0], color[1], color[2], 1], a);
        ctx.shadowBlur = radius * S;
        ctx.shadowOffsetX = shift;
        ctx.shadowOffsetY = 0;
        ctx.fillStyle = "#000";
        roundedRect([frame[0] - shift, frame[1], frame[2], frame[3]], cornerRadius * S);
        ctx.fill();
        ctx.restore();
      }

      /** Compositor.paintFill. */
      function paintFill(color, alpha, b, radius, m) {
        ctx.save();
        nodePath(b, radius, m);
        ctx.fillStyle = css(color, alpha);
        ctx.fill();
        ctx.restore();
      }

      /** Compositor.paintImage, placed as CanvasGeometry.placement decides (copied, filtered or rotated). */
      function paintImage(img, alpha, b, radius, m) {
        if (!img) return paintFill([1, 0, 1, 1], alpha, b, radius, m);   // Compositor.missingScreenColor
        const pw = img.naturalWidth, ph = img.naturalHeight;
        ctx.save();
        ctx.globalAlpha = alpha;
        if (!axisAligned(m)) {
          nodePath(b, radius, m);
          ctx.clip();
          ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
          ctx.drawImage(img, b[0], b[1], b[2], b[3]);
          ctx.restore();
          return;
        }
        const frame = boundingBox(m, b);
        const sx = frame[2] / pw, sy = frame[3] / ph;
        const r = radius * Math.min(Math.abs(m[0]), Math.abs(m[3]));
        const shown = onCanvas(Math.floor(frame[0]), Math.floor(frame[1]), Math.ceil(frame[0] + frame[2]), Math.ceil(frame[1] + frame[3]));
        if (!isFinite(sx) || !isFinite(sy) || !isFinite(frame[0]) || !isFinite(frame[1]) || !shown) { ctx.restore(); return; }
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        const x = Math.round(frame[0]), y = Math.round(frame[1]);
        if (Math.abs(sx - 1) < 1e-9 && Math.abs(sy - 1) < 1e-9 && Math.abs(frame[0] - x) < 1e-6 && Math.abs(frame[1] - y) < 1e-6) {
          if (r > 0) { roundedRect(frame, r); ctx.clip(); }
          ctx.drawImage(img, x, y);
        } else {
          // Filtered: the content at its fractional place, the edges whole pixels; Cairo pads the
          // image's edge pixels outwards, so the edge rows and columns are stretched over any gap.
          const edges = snapped(frame);
          roundedRect(edges, r);
          ctx.clip();
          const [fx, fy, fw, fh] = frame;
          if (edges[0] < fx) ctx.drawImage(img, 0, 0, 1, ph, edges[0], fy, fx - edges[0] + 1, fh);
          if (edges[0] + edges[2] > fx + fw) ctx.drawImage(img, pw - 1, 0, 1, ph, fx + fw - 1, fy, edges[0] + edges[2] - fx - fw + 1, fh);
          if (edges[1] < fy) ctx.drawImage(img, 0, 0, pw, 1, fx, edges[1], fw, fy - edges[1] + 1);
          if (edges[1] + edges[3] > fy + fh) ctx.drawImage(img, 0, ph - 1, pw, 1, fx, fy + fh - 1, fw, edges[1] + edges[3] - fy - fh + 1);
          ctx.drawImage(img, fx, fy, fw, fh);
        }
        ctx.restore();
      }

      // ---- Backdrops (BackdropFilter, Scene/BlurMaterial.swift's MaterialLook) ----
      const svgNS = "http://www.w3.org/2000/svg";
      const filterHost = document.createElementNS(svgNS, "svg");
      filterHost.setAttribute("width", "0"); filterHost.setAttribute("height", "0");
      filterHost.setAttribute("aria-hidden", "true");
      filterHost.style.position = "absolute";
      document.body.appendChild(filterHost);
      const filters = new Map();
      /**
       * An SVG filter doing MaterialLook's steps in Core Material's order: the luminance curve (when
       * the look has one), the Gaussian of σ pixels, the saturation matrix with the brightness added,
       * in sRGB. Returns the canvas filter string.
       */
      function materialFilter(look, sigma) {
        const key = JSON.stringify([look.blur, look.saturation, look.brightness, look.luminance || null, sigma]);
        if (filters.has(key)) return filters.get(key);
        const id = "segue-material-" + filters.size;
        const f = document.createElementNS(svgNS, "filter");
        f.setAttribute("id", id);
        f.setAttribute("color-interpolation-filters", "sRGB");
        f.setAttribute("x", "-10%"); f.setAttribute("y", "-10%"); f.setAttribute("width", "120%"); f.setAttribute("height", "120%");
        const add = (name, attributes, parent = f) => {
          const e = document.createElementNS(svgNS, name);
          for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
          parent.appendChild(e);
          return e;
        };
        let input = "SourceGraphic";
        if (look.luminance) {
          // LuminanceCurve.apply: the colour moved `amount` of the way to the gray level(luminance).
          const w = [0.2125, 0.7154, 0.0721], v = look.luminance.values, amount = look.luminance.amount;
          const row = w.join(" ") + " 0 0";
          add("feColorMatrix", { in: "SourceGraphic", type: "matrix", values: [row, row, row, "0 0 0 1 0"].join(" "), result: "luma" });
          const table = [];
          for (let i = 0; i <= 256; i++) {
            const l = i / 256, u = 1 - l;
            table.push(clamp01(v[0] * u * u * u + 3 * v[1] * u * u * l + 3 * v[2] * u * l * l + v[3] * l * l * l));
          }
          const transfer = add("feComponentTransfer", { in: "luma", result: "gray" });
          for (const c of ["feFuncR", "feFuncG", "feFuncB"]) add(c, { type: "table", tableValues: table.join(" ") }, transfer);
          add("feComposite", { in: "SourceGraphic", in2: "gray", operator: "arithmetic", k1: 0, k2: 1 - amount, k3: amount, k4: 0,
                               result: "remapped" });
          input = "remapped";
        }
        add("feGaussianBlur", { in: input, stdDeviation: sigma, result: "blurred" });
        // MaterialLook.saturationMatrix (BT.709 weights), brightness in the offset column.
        const [r, g, bl] = [0.2126, 0.7152, 0.0722], s = look.saturation, k = look.brightness;
        const m = [r + (1 - r) * s, g - g * s, bl - bl * s, r - r * s, g + (1 - g) * s, bl - bl * s, r - r * s, g - g * s, bl + (1 - bl) * s];
        add("feColorMatrix", { in: "blurred", type: "matrix",
                               values: [m[0], m[1], m[2], 0, k, m[3], m[4], m[5], 0, k, m[6], m[7], m[8], 0, k, 0, 0, 0, 1, 0].join(" ") });
        filterHost.appendChild(f);
        const value = "url(#" + id + ")";
        filters.set(key, value);
        return value;
      }
      const scratchA = document.createElement("canvas"), scratchB = document.createElement("canvas");
      const sa = scratchA.getContext("2d"), sb = scratchB.getContext("2d");
      const fit = (c, w, h) => { if (c.width !== w || c.height !== h) { c.width = w; c.height = h; } };
      /**
       * What lies beneath the rounded bounds, through the material, tinted, at alpha (Compositor's
       * backdrop step). As BackdropFilter does, the Gaussian is taken on a grid `factor` times
       * coarser (its factor), narrowed by the blur the averaging and the bilinear upsampling add.
       */
      function paintBackdrop(look, alpha, b, radius, m) {
        const box = snapped(boundingBox(m, b));
        const area = onCanvas(box[0], box[1], box[0] + box[2], box[1] + box[3]);   // CanvasGeometry.backdropArea
        if (!area) return;
        const sigma = Math.max(look.blur * S, 0);
        const spread = sigma / 3.5;
        const f = spread >= 4 ? Math.min(Math.floor(spread / 4) * 4, 16) : spread >= 2 ? 2 : 1;
        const gridSigma = f > 1 ? Math.sqrt(Math.max(sigma * sigma - f * f / 12 - f * f / 6, 0)) / f : sigma;
        const pad = Math.ceil((3 * sigma + 2) / f) * f;
        const gx = area[0] - pad, gy = area[1] - pad;
        const gw = Math.ceil((area[2] + 2 * pad) / f) * f, gh = Math.ceil((area[3] + 2 * pad) / f) * f;
        const src = onCanvas(gx, gy, gx + gw, gy + gh);
        fit(scratchA, gw, gh);
        sa.setTransform(1, 0, 0, 1, 0, 0);
        sa.clearRect(0, 0, gw, gh);
        const [x0, y0, w0, h0] = src, x1 = x0 + w0, y1 = y0 + h0;
        sa.drawImage(canvas, x0, y0, w0, h0, x0 - gx, y0 - gy, w0, h0);
        // The canvas's edge rows and columns repeated past it, as BackdropFilter clamps at the canvas's edges.
        const left = x0 - gx, top = y0 - gy, right = gx + gw - x1, bottom = gy + gh - y1;
        if (left > 0) sa.drawImage(canvas, x0, y0, 1, h0, 0, top, left, h0);
        if (right > 0) sa.drawImage(canvas, x1 - 1, y0, 1, h0, x1 - gx, top, right, h0);
        if (top > 0) sa.drawImage(canvas, x0, y0, w0, 1, left, 0, w0, top);
        if (bottom > 0) sa.drawImage(canvas, x0, y1 - 1, w0, 1, left, y1 - gy, w0, bottom);
        if (left > 0 && top > 0) sa.drawImage(canvas, x0, y0, 1, 1, 0, 0, left, top);
        if (right > 0 && top > 0) sa.drawImage(canvas, x1 - 1, y0, 1, 1, x1 - gx, 0, right, top);
        if (left > 0 && bottom > 0) sa.drawImage(canvas, x0, y1 - 1, 1, 1, 0, y1 - gy, left, bottom);
        if (right > 0 && bottom > 0) sa.drawImage(canvas, x1 - 1, y1 - 1, 1, 1, x1 - gx, y1 - gy, right, bottom);
        const sw = gw / f, sh = gh / f;
        fit(scratchB, sw, sh);
        sb.setTransform(1, 0, 0, 1, 0, 0);
        sb.clearRect(0, 0, sw, sh);
        sb.imageSmoothingQuality = "medium";       // a box-like average when shrinking
        sb.filter = materialFilter(look, gridSigma);
        sb.drawImage(scratchA, 0, 0, gw, gh, 0, 0, sw, sh);
        sb.filter = "none";
        const tint = look.tint || [0, 0, 0, 0];
        if (tint[3] > 0) {
          sb.fillStyle = css(tint, 1);
          sb.fillRect(0, 0, sw, sh);
        }
        ctx.save();
        nodePath(b, radius, m);
        ctx.clip();
        ctx.globalAlpha = alpha;
        ctx.drawImage(scratchB, 0, 0, sw, sh, gx, gy, gw, gh);
        ctx.restore();
      }

      /** Executes a PLAN (Compositor.paint). */
      function drawPlan(plan) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = "source-over";
        let depth = 0;
        for (const step of plan) {
          switch (step[0]) {
            case "clear":
              ctx.save();
              ctx.setTransform(1, 0, 0, 1, 0, 0);
              ctx.clearRect(0, 0, canvas.width, canvas.height);
              ctx.fillStyle = css(step[1], 1);
              ctx.fillRect(0, 0, canvas.width, canvas.height);
              ctx.restore();
              break;
            case "shadow": paintShadow(step[1], step[2], step[3], step[4], step[5], step[6], step[7], step[8]); break;
            case "fill": paintFill(step[1], step[2], step[3], step[4], step[5]); break;
            case "image": paintImage(parts[step[1]], step[2], step[3], step[4], step[5]); break;
            case "backdrop": paintBackdrop(step[1], step[2], step[3], step[4], step[5]); break;
            case "overlay": {
              const img = parts[step[1]];
              if (!img) break;
              ctx.save();
              ctx.setTransform(1, 0, 0, 1, 0, 0);
              ctx.globalAlpha = step[2];
              ctx.drawImage(img, step[3], step[4]);
              ctx.restore();
              break;
            }
            case "begin":
              ctx.save();
              depth += 1;
              if (step[1]) { nodePath(step[1][0], step[1][1], step[1][2]); ctx.clip(); }
              break;
            case "end":
              if (depth > 0) { ctx.restore(); depth -= 1; }
              break;
          }
        }
        while (depth-- > 0) ctx.restore();
      }

      // ---- State ----
      let rest = data.start;       // the state at rest (or the one the current run started from)
      let session = null;          // the finger's GestureSession
      let pointerId = null;
      let t0 = 0;                  // touch-down, seconds (event timeStamp / 1000)
      let play = null;             // { edge, start (s), plans, fps, kind }
      let completing = null;       // { edge, driver, time (s, from touch-down) }
      let dirty = true, scheduled = false, lastFrame = null;

      /** Pointer to the scene's points: in the engine's left-to-right space for a right-to-left scene (data.mirrored). */
      function toPoints(e) {
        const box = canvas.getBoundingClientRect();
        const x = (e.clientX - box.left) * W / box.width;
        return [data.mirrored ? W - x : x, (e.clientY - box.top) * H / box.height];
      }
      const round = (v, digits) => { const k = Math.pow(10, digits); return Math.round(v * k) / k; };

      function setRest(index) {
        rest = index;
        page.state = index;
        page.phase = "idle";
        page.edge = null;
        page.value = 0; page.fraction = 0; page.progress = 0;
        completing = null; play = null;
        describeState();
        invalidate();
      }

      function describeState() {
        const state = data.states[rest];
        showStateName();
        const place = (r) => {
          if (r.edge) return "Swipe from the " + (data.mirrored ? { left: "right", right: "left" }[r.edge] || r.edge : r.edge) + " edge";
          if (r.vertical) return "Drag the sheet";
          if (r.moving === "bottom") return "Drag down";
          if (r.region && r.region.half) return "Drag in the " + (data.mirrored ? { left: "right", right: "left" }[r.region.half] || r.region.half : r.region.half) + " half";
          return "Drag";
        };
        const hints = [];
        for (const e of state.gestures || []) {
          const g = data.edges[e].gesture;
          if (g) hints.push(place(g.recognizer) + ": " + data.edges[e].label);
        }
        const tapped = [...new Set((state.taps || []).map((t) => t.edge))];
        if (tapped.length) hints.push("Tap " + [...new Set(tapped.map((e) => data.edges[e].label))].join(", "));
        $("hint").textContent = hints.length ? hints.join(" · ") : "Nothing on this screen moves by touch.";
        const buttons = $("buttons");
        buttons.textContent = "";
        for (const e of state.buttons || []) {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = data.edges[e].label;
          button.addEventListener("click", (event) => startPlay(e, event.timeStamp / 1000, "button"));
          buttons.appendChild(button);
        }
        setButtonsEnabled();
      }
      function setButtonsEnabled() {
        const idle = page.phase === "idle" && session === null && page.ready;
        for (const b of $("buttons").querySelectorAll("button")) b.disabled = !idle;
      }

      function startPlay(edge, start, kind) {
        if (!page.ready || page.phase !== "idle" || (session && !session.lifted)) return;
        const e = data.edges[edge];
        play = { edge, start, plans: e.play.plans, fps: e.play.fps, kind };
        page.phase = "playing";
        page.edge = edge;
        page.last = { edge, finished: true, releaseProgress: null, releaseVelocity: null,
                      duration: e.play.plans.length / e.play.fps, kind, autoFinished: false, outcome: "finish" };
        setButtonsEnabled();
        invalidate();
      }

      /** Feeds one sample to the session and follows what it started. */
      function addSample(t, x, y, isLast) {
        const s = session;
        const previous = s.samples.length ? s.samples[s.samples.length - 1][0] : 0;
        t = Math.max(round(t, 4), previous);
        s.add(t, round(x, 2), round(y, 2), isLast);
        page.samples = s.samples;
        const d = s.driver;
        if (d && !completing) {
          page.edge = s.winner.edge;
          const state = d.state(t);
          page.progress = d.progress;
          if (d.completion) {
            completing = { edge: s.winner.edge, driver: d };
            page.phase = "completing";
            const r = d.release;
            page.last = { edge: s.winner.edge, finished: d.completion.finished, releaseProgress: r.progress,
                          releaseVelocity: r.velocity, duration: d.completion.time - r.time, kind: "gesture",
                          autoFinished: r.autoFinished, outcome: r.outcome };
          } else {
            page.phase = "dragging";
            page.value = state.value; page.fraction = state.fraction;
          }
        }
        if (isLast) {
          pointerId = null;
          if (s.tap != null) startPlay(s.tap, t0 + t, "tap");
          // A run still completing holds the screen; anything else frees it for the next finger.
          session = s.driver && completing ? s : null;
        }
        setButtonsEnabled();
        invalidate();
      }

      canvas.addEventListener("pointerdown", (e) => {
        if (!page.ready || pointerId !== null || page.phase !== "idle" || session) return;
        e.preventDefault();
        pointerId = e.pointerId;
        try { canvas.setPointerCapture(e.pointerId); } catch (error) { /* synthetic pointer */ }
        t0 = e.timeStamp / 1000;
        session = new GestureSession(data, rest);
        const [x, y] = toPoints(e);
        addSample(0, x, y, false);
      });
      canvas.addEventListener("pointermove", (e) => {
        if (e.pointerId !== pointerId || !session) return;
        const [x, y] = toPoints(e);
        addSample(e.timeStamp / 1000 - t0, x, y, false);
      });
      canvas.addEventListener("pointerup", (e) => {
        if (e.pointerId !== pointerId || !session) return;
        const [x, y] = toPoints(e);
        addSample(e.timeStamp / 1000 - t0, x, y, true);
      });
      /** A cancelled touch ends where it was last seen: its last sample again, as the lift. */
      function cancelPointer(e) {
        if (e.pointerId !== pointerId || !session || session.lifted) return;
        session.cancelled = true;
        const last = session.samples[session.samples.length - 1];
        addSample(last[0], last[1], last[2], true);
      }
      canvas.addEventListener("pointercancel", cancelPointer);
      canvas.addEventListener("lostpointercapture", cancelPointer);

      // ---- Animation loop: draws only when something changed or moves ----
      function invalidate() {
        dirty = true;
        if (!scheduled && page.ready) { scheduled = true; requestAnimationFrame(tick); }
      }
      function tick(ts) {
        scheduled = false;
        const now = ts / 1000;
        let plan = data.states[rest].plan;
        let moving = false;
        if (play) {
          const elapsed = Math.max(now - play.start, 0);
          const index = Math.floor(elapsed * play.fps);
          if (index >= play.plans.length) {
            setRest(data.edges[play.edge].to);
            plan = data.states[rest].plan;
          } else {
            plan = play.plans[index];
            page.value = page.fraction = page.progress = Math.min(elapsed * play.fps / play.plans.length, 1);
            moving = true;
          }
        } else if (completing) {
          const d = completing.driver, edge = data.edges[completing.edge];
          const t = now - t0;
          if (t >= d.completion.time) {
            if (session && session.lifted) session = null;
            setRest(d.next(edge));
            plan = data.states[rest].plan;
          } else {
            const state = d.state(t);
            page.value = state.value; page.fraction = state.fraction;
            plan = planAt(edge.gesture.frames, state.value, shapesFor(completing.edge));
            if (d.decorate) plan = d.decorate(plan, t, edge, S);
            moving = true;
          }
        } else if (session && session.driver && !session.driver.completion) {
          const edge = data.edges[session.winner.edge], d = session.driver;
          plan = planAt(edge.gesture.frames, page.value, shapesFor(session.winner.edge));
          if (d.decorate) plan = d.decorate(plan, d.time, edge, S);
        }
        if (dirty || moving) {
          const begin = performance.now();
          drawPlan(plan);
          page.draws += 1;
          const draw = performance.now() - begin;
          page.frameTimes.push({ draw, interval: lastFrame === null ? 0 : ts - lastFrame });
          if (page.frameTimes.length > 600) page.frameTimes.splice(0, page.frameTimes.length - 600);
          lastFrame = ts;
          dirty = false;
        }
        if (moving) { scheduled = true; requestAnimationFrame(tick); } else { lastFrame = null; }
      }

      // ---- Copy as pan: ----
      $("copy").addEventListener("click", () => {
        const text = page.panText();
        $("pan").textContent = text;
        const fallback = () => {
          const area = document.createElement("textarea");
          area.value = text;
          area.setAttribute("readonly", "");
          area.style.position = "fixed"; area.style.opacity = "0";
          document.body.appendChild(area);
          area.select();
          try { document.execCommand("copy"); } catch (error) { /* the text is shown below the button */ }
          area.remove();
        };
        if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(fallback);
        else fallback();
      });


      // ---- Start: decode every part, then draw ----
      describeState();
      Promise.all(data.parts.map((uri, i) => {
        const img = new Image();
        img.src = uri;
        return img.decode().then(() => { parts[i] = img; }, () => { parts[i] = null; console.warn("part " + i + " did not decode"); });
      })).then(() => {
        page.ready = true;
        document.body.dataset.ready = "true";
        setButtonsEnabled();
        invalidate();
      });
    })();
    """#
}
